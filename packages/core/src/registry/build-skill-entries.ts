// The skills the model may load, as plain entries scored by usage (what prompt/ renders Layer 1 from).

import type { SkillState } from "../store/skill-state.js";
import { computeUsageScore, type UsageStat } from "../store/usage-store.js";
import { skillNamespace } from "./index/skill-namespace.js";
import type { SkillRecord } from "./index/skill-record.js";
import { isModelInvocable } from "./invocation-flags.js";
import type { SkillEntry } from "./skill-entry.js";
import { sortByScore } from "./sort-by-score.js";
import { usageKeyOf } from "./usage-key.js";

/** A week: a never-used skill first seen within this window counts as new. */
export const DEFAULT_NEW_SKILL_WINDOW_MS = 7 * 24 * 3_600_000;

/** What building the entries needs. */
export interface BuildSkillEntriesOptions {
  /** Usage keyed by usage key (see usageKeyOf). */
  usage: ReadonlyMap<string, UsageStat>;
  now: number;
  stateOf?: ((record: SkillRecord) => SkillState | undefined) | undefined;
  newSkillWindowMs?: number;
}

/**
 * One entry per model-invocable record, ordered by score (higher first), then name. A skill is new
 * when it was never used and first seen less than `newSkillWindowMs` ago.
 */
export function buildSkillEntries(
  records: Iterable<SkillRecord>,
  options: BuildSkillEntriesOptions,
): SkillEntry[] {
  const window = options.newSkillWindowMs ?? DEFAULT_NEW_SKILL_WINDOW_MS;
  const entries: SkillEntry[] = [];
  for (const record of records) {
    const state = options.stateOf?.(record);
    if (!isModelInvocable(record, state)) continue;
    const stat = options.usage.get(usageKeyOf(record));
    const entry: SkillEntry = {
      name: record.name,
      description: record.metadata.description,
      tags: record.metadata.tags,
      location: record.file,
      score: computeUsageScore(stat, options.now),
      isNew: stat === undefined && options.now - record.firstSeenAt < window,
      state: state ?? "on",
      userInvocable: record.metadata.userInvocable,
    };
    if (record.metadata.whenToUse !== undefined) entry.whenToUse = record.metadata.whenToUse;
    const namespace = namespaceOf(record);
    if (namespace !== undefined) entry.namespace = namespace;
    entries.push(entry);
  }
  return sortByScore(entries);
}

// Records are immutable and entries are rebuilt every turn: derive each record's namespace once.
const namespaces = new WeakMap<SkillRecord, string | null>();

function namespaceOf(record: SkillRecord): string | undefined {
  let namespace = namespaces.get(record);
  if (namespace === undefined) {
    namespace = skillNamespace({ rootPath: record.root.path, directory: record.directory }) ?? null;
    namespaces.set(record, namespace);
  }
  return namespace ?? undefined;
}
