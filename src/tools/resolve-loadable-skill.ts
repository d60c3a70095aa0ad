// Finds the skill a skill tool was asked for and decides whether the model may use it; the error
// results say why not and what to do instead (did-you-mean, available names, who may run it).

import type { SkillRecord } from "../registry/index/skill-record.js";
import { isModelInvocable } from "../registry/invocation-flags.js";
import type { SkillRegistry } from "../registry/skill-registry-types.js";
import type { SkillState } from "../store/skill-state.js";
import { type ToolResult, toolError } from "./define-tool.js";
import { suggestSkillNames } from "./suggest-skill-names.js";

/** The per-skill state lookup the skill tools take (a workspace's `stateOf` fits). */
export type SkillStateLookup = (name: string) => SkillState | undefined;

/** How many names an error result lists before saying how many more there are. */
const LISTED_NAMES = 20;

/** True when the model may load `record`: through `stateOf` when given, else the registry's own states. */
export function isLoadableByModel(
  registry: SkillRegistry,
  record: SkillRecord,
  stateOf: SkillStateLookup | undefined,
): boolean {
  return stateOf === undefined
    ? registry.isModelInvocable(record)
    : isModelInvocable(record, stateOf(record.name));
}

/** Names the model may load, sorted. */
export function listLoadableNames(registry: SkillRegistry, stateOf: SkillStateLookup | undefined): string[] {
  const names: string[] = [];
  for (const record of registry.list({ includeShadowed: false })) {
    if (isLoadableByModel(registry, record, stateOf)) names.push(record.name);
  }
  return names;
}

/** The record when the model may use it, else an error result explaining why and what to do. */
export function resolveLoadableSkill(
  registry: SkillRegistry,
  requested: unknown,
  stateOf: SkillStateLookup | undefined,
): { record: SkillRecord } | { error: ToolResult } {
  if (typeof requested !== "string" || requested.trim() === "") {
    return {
      error: toolError(`skill_name must be a skill's name. ${describeAvailable(registry, stateOf, "")}`),
    };
  }
  const name = requested.trim();
  const record = registry.get(name);
  if (record === undefined) {
    return {
      error: toolError(
        `Unknown skill "${name}".${didYouMean(registry, stateOf, name)} ${describeAvailable(registry, stateOf, name)}`,
        {
          requested: name,
        },
      ),
    };
  }
  if (isLoadableByModel(registry, record, stateOf)) return { record };
  const state = stateOf === undefined ? undefined : stateOf(record.name);
  return {
    error: toolError(
      `${describeUnavailable(record, state)} ${didYouMean(registry, stateOf, name).trim()}`.trim(),
    ),
  };
}

/** "Available skills: a, b, … (N in all)." with a pointer to search for long lists. */
export function describeAvailable(
  registry: SkillRegistry,
  stateOf: SkillStateLookup | undefined,
  exclude: string,
): string {
  const names = listLoadableNames(registry, stateOf).filter((item) => item !== exclude);
  if (names.length === 0) return "No skills are available to load right now.";
  if (names.length <= LISTED_NAMES) return `Available skills: ${names.join(", ")}.`;
  return `Available skills include ${names.slice(0, LISTED_NAMES).join(", ")} (${names.length} in all; use search_skills to find the right one).`;
}

function didYouMean(registry: SkillRegistry, stateOf: SkillStateLookup | undefined, name: string): string {
  const close = suggestSkillNames(
    name,
    listLoadableNames(registry, stateOf).filter((item) => item !== name),
  );
  return close.length === 0 ? "" : ` Did you mean ${close.map((item) => `"${item}"`).join(" or ")}?`;
}

function describeUnavailable(record: SkillRecord, state: SkillState | undefined): string {
  const name = record.name;
  if (record.shadowed) {
    return `Skill "${record.qualifiedName}" is hidden by "${record.shadowedBy ?? name}" of the same name; load "${name}" instead.`;
  }
  if (state === "off") return `Skill "${name}" is turned off in the settings; the user can turn it on.`;
  if (state === "user-only" || record.metadata.disableModelInvocation) {
    return `Skill "${name}" can only be run by the user (with /${name}); ask the user to run it if it is needed.`;
  }
  if (record.conditional && !record.activated) {
    return `Skill "${name}" becomes available once files matching its paths (${record.metadata.paths.join(", ")}) are worked on.`;
  }
  return `Skill "${name}" cannot be loaded by the model.`;
}
