// Scans a source for skills: opens it, finds the skill folders (plugin manifests included), reads
// and checks each one, and marks names found twice. Nothing is written.
import { SkillboxError } from "@skillbox/core/errors";
import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import { describeFoundSkill, type FoundSkill } from "./describe-found-skill.js";
import { describeSkippedEntries } from "./describe-skipped-entries.js";
import { findSkillFolders } from "./find-skill-folders.js";
import type { InstallContext } from "./install-context.js";
import { type OpenedSource, openSource } from "./open-source.js";
import type { SourceSpec } from "./parse-source.js";
import { readPluginSkillFolders } from "./read-plugin-manifests.js";

/** What a source holds; dispose it when done (it may hold a temporary clone). */
export interface SourceScan extends OpenedSource {
  skills: FoundSkill[];
  /** Findings about the source itself (manifests, skipped skills). */
  diagnostics: Diagnostic[];
  dispose(): Promise<void>;
}

/** Opens and scans `spec`; throws when the source cannot be read or holds no skill at all. */
export async function scanSource(spec: SourceSpec, context: InstallContext): Promise<SourceScan> {
  const opened = await openSource(spec, context);
  const { snapshot } = opened;
  try {
    const diagnostics: Diagnostic[] = [];
    let subpath = spec.type === "github" ? (spec.subpath ?? "") : "";
    let hint = spec.type === "github" ? spec.skillHint : undefined;
    // `owner/repo/name` is a skills.sh id when `name` is no folder of the repository.
    if (
      subpath !== "" &&
      !subpath.includes("/") &&
      !snapshot.entries.some((entry) => entry.path === subpath)
    ) {
      hint = subpath;
      subpath = "";
    }
    if (
      subpath !== "" &&
      !snapshot.entries.some((entry) => entry.path === subpath && entry.kind === "directory")
    ) {
      throw new SkillboxError("path-not-found", `${snapshot.label} has no folder '${subpath}'.`);
    }
    const plugins = await readPluginSkillFolders(snapshot);
    diagnostics.push(...plugins.diagnostics);
    let folders = findSkillFolders(snapshot.entries, subpath);
    const skipped = await describeSkippedEntries(
      snapshot,
      subpath,
      folders.map((candidate) => candidate.folder),
    );
    diagnostics.push(...skipped);
    if (folders.length > context.limits.maxSkills) {
      diagnostics.push({
        severity: "warning",
        code: "too-many-skills",
        message: `${snapshot.label} has ${folders.length} skills; only the first ${context.limits.maxSkills} are read`,
        path: subpath || ".",
      });
      folders = folders.slice(0, context.limits.maxSkills);
    }
    const skills: FoundSkill[] = [];
    for (const candidate of folders) {
      const skill = await describeFoundSkill(snapshot, candidate, opened.rootName, context.limits);
      const plugin = plugins.declared.find((declared) => declared.folder === candidate.folder);
      skills.push(plugin ? { ...skill, plugin: plugin.plugin } : skill);
    }
    markDuplicateNames(skills);
    const chosen = hint === undefined ? skills : skills.filter((skill) => matchesHint(skill, hint));
    if (chosen.length === 0) {
      const what = hint === undefined ? "no SKILL.md" : `no skill named '${hint}'`;
      const names = skills.map((skill) => skill.name).slice(0, 10);
      const known = names.length > 0 ? ` Skills there: ${names.join(", ")}.` : "";
      const notices = skipped
        .slice(0, 5)
        .map((item) => ` ${item.message}.`)
        .join("");
      throw new SkillboxError(
        "skill-not-found",
        `Found ${what} in ${snapshot.label}${subpath ? `/${subpath}` : ""}.${known}${notices}`,
      );
    }
    return { ...opened, skills: chosen, diagnostics, dispose: () => snapshot.dispose() };
  } catch (error) {
    await snapshot.dispose();
    throw error;
  }
}

/** True when the skill's name or folder name is `hint` (case-insensitive). */
function matchesHint(skill: FoundSkill, hint: string): boolean {
  const wanted = hint.toLowerCase();
  const base = skill.skillPath.split("/").pop() ?? "";
  return skill.name.toLowerCase() === wanted || base.toLowerCase() === wanted;
}

/** Two skills with one name cannot both install: both get a warning and are chosen by path only. */
function markDuplicateNames(skills: FoundSkill[]): void {
  const byName = new Map<string, FoundSkill[]>();
  for (const skill of skills) byName.set(skill.name, [...(byName.get(skill.name) ?? []), skill]);
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    for (const skill of group) {
      const others = group.filter((other) => other !== skill).map((other) => other.skillPath || ".");
      skill.diagnostics.push({
        severity: "warning",
        code: "duplicate-name",
        message: `another skill in this source is also named '${skill.name}' (${others.join(", ")}); choose by folder path`,
        path: skill.skillPath || ".",
      });
    }
  }
}
