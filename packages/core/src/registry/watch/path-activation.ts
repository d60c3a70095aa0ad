// Conditional skills: which records' `paths` globs match the files an agent touched.

import type { SkillFileEntry } from "../discovery/load-skill-entry.js";
import type { SkillIndex } from "../index/skill-index.js";
import type { SkillRecord } from "../index/skill-record.js";
import { compileSkillPaths, normalizeCandidatePath, type PathMatcher } from "./match-skill-paths.js";

/** Matching and activation over one index. */
export interface PathActivation {
  /**
   * Marks every not-yet-active conditional record matching any path as activated. Returns the
   * plain names whose records must be re-resolved, and the winners' names newly activated.
   */
  activate(paths: readonly string[]): { touched: Set<string>; activated: string[] };
  /** Winners with `paths` that match any path, activated or not (sorted by name). */
  matching(paths: readonly string[]): SkillRecord[];
}

/** Creates the activation helper; matchers are compiled once per index entry. */
export function createPathActivation(index: SkillIndex, cwd: string): PathActivation {
  const matchers = new WeakMap<SkillFileEntry, PathMatcher>();
  const matchesAny = (entry: SkillFileEntry, candidates: readonly string[]) => {
    let matcher = matchers.get(entry);
    if (matcher === undefined) {
      matcher = compileSkillPaths(entry.metadata.paths);
      matchers.set(entry, matcher);
    }
    const test = matcher;
    return candidates.some((candidate) => test(candidate));
  };
  return {
    activate(paths) {
      const candidates = paths.map((item) => normalizeCandidatePath(item, cwd));
      const touched = new Set<string>();
      const activated = new Set<string>();
      for (const { record, entry } of index.byQualifiedName.values()) {
        if (!record.conditional || record.activated || !matchesAny(entry, candidates)) continue;
        index.activated.add(record.file);
        touched.add(record.name);
        if (!record.shadowed) activated.add(record.name);
      }
      return { touched, activated: [...activated].sort() };
    },
    matching(paths) {
      const candidates = paths.map((item) => normalizeCandidatePath(item, cwd));
      const matches: SkillRecord[] = [];
      for (const { record, entry } of index.byName.values()) {
        if (record.conditional && matchesAny(entry, candidates)) matches.push(record);
      }
      return matches.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
    },
  };
}
