// Finds the skill a skill tool was asked for and decides whether the model may use it; the error
// results say why not and what to do instead (did-you-mean, available names, who may run it).
// Skill states (on, name-only, user-only, off) are the registry's own: it was built with them, so
// the tools ask it and never look a state up a second way.

import type { SkillRecord } from "../registry/index/skill-record.js";
import type { SkillRegistry } from "../registry/skill-registry-types.js";
import { type ToolResult, toolError } from "./define-tool.js";
import { suggestSkillNames } from "./suggest-skill-names.js";
import { SEARCH_SKILLS_TOOL } from "./tool-names.js";

/** How many names an error result lists before saying how many more there are. */
const LISTED_NAMES = 20;

/** Names the model may load, sorted. */
export function listLoadableNames(registry: SkillRegistry): string[] {
  const names: string[] = [];
  for (const record of registry.list({ includeShadowed: false })) {
    if (registry.isModelInvocable(record)) names.push(record.name);
  }
  return names;
}

/** The record when the model may use it, else an error result explaining why and what to do. */
export function resolveLoadableSkill(
  registry: SkillRegistry,
  requested: string,
): { record: SkillRecord } | { error: ToolResult } {
  const name = requested.trim();
  if (name === "") {
    return { error: toolError(`skill_name must be a skill's name. ${describeAvailable(registry, "")}`) };
  }
  const record = registry.get(name);
  if (record === undefined) {
    return {
      error: toolError(
        `Unknown skill "${name}".${didYouMean(registry, name)} ${describeAvailable(registry, name)}`,
        { requested: name },
      ),
    };
  }
  if (registry.isModelInvocable(record)) return { record };
  return {
    error: toolError(`${describeUnavailable(registry, record)} ${didYouMean(registry, name).trim()}`.trim()),
  };
}

/** "Available skills: a, b, … (N in all)." with a pointer to search for long lists. */
export function describeAvailable(registry: SkillRegistry, exclude: string): string {
  const names = listLoadableNames(registry).filter((item) => item !== exclude);
  if (names.length === 0) return "No skills are available to load right now.";
  if (names.length <= LISTED_NAMES) return `Available skills: ${names.join(", ")}.`;
  return `Available skills include ${names.slice(0, LISTED_NAMES).join(", ")} (${names.length} in all; use ${SEARCH_SKILLS_TOOL} to find the right one).`;
}

function didYouMean(registry: SkillRegistry, name: string): string {
  const close = suggestSkillNames(
    name,
    listLoadableNames(registry).filter((item) => item !== name),
  );
  return close.length === 0 ? "" : ` Did you mean ${close.map((item) => `"${item}"`).join(" or ")}?`;
}

/** Why the model may not load `record`, from the record and the registry's verdicts on it. */
function describeUnavailable(registry: SkillRegistry, record: SkillRecord): string {
  const name = record.name;
  if (record.shadowed) {
    return `Skill "${record.qualifiedName}" is hidden by "${record.shadowedBy ?? name}" of the same name; load "${name}" instead.`;
  }
  // Only a state of `off` stops a person from running a skill whose frontmatter lets them.
  const off = record.metadata.userInvocable && !registry.isUserInvocable(record);
  if (off) return `Skill "${name}" is turned off in the settings; the user can turn it on.`;
  const userOnly = `Skill "${name}" can only be run by the user (with /${name}); ask the user to run it if it is needed.`;
  if (record.metadata.disableModelInvocation) return userOnly;
  if (record.conditional && !record.activated) {
    return `Skill "${name}" becomes available once files matching its paths (${record.metadata.paths.join(", ")}) are worked on.`;
  }
  // What is left is a state: `user-only`, or `off` for a skill only the model could ever run.
  return record.metadata.userInvocable
    ? userOnly
    : `Skill "${name}" is turned off in the settings; the user can turn it on.`;
}
