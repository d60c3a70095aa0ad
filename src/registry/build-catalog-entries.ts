// Layer 1 input: the catalog entries for the skills the model may see, scored by usage.

import { type CatalogEntry, sortCatalogEntries } from "../prompt/catalog-entry.js";
import type { SkillState } from "../store/skill-state.js";
import { computeUsageScore, type UsageStat } from "../store/usage-store.js";
import type { SkillRecord } from "./index/skill-record.js";
import { isListedForModel, isModelInvocable } from "./invocation-flags.js";

/** A week: a never-used skill first seen within this window counts as new. */
export const DEFAULT_NEW_SKILL_WINDOW_MS = 7 * 24 * 3_600_000;

/** What building the entries needs. */
export interface BuildCatalogEntriesOptions {
  /** `listed`: the Layer 1 listing; `invocable`: the load tool's description (user-invocable or not). */
  audience: "listed" | "invocable";
  /** Usage keyed by usage key (see usageKeyOf). */
  usage: ReadonlyMap<string, UsageStat>;
  now: number;
  stateOf?: ((record: SkillRecord) => SkillState | undefined) | undefined;
  newSkillWindowMs?: number;
}

/** The key usage is recorded under: the plain name, or the qualified name for a shadowed skill. */
export function usageKeyOf(record: SkillRecord): string {
  return record.shadowed ? record.qualifiedName : record.name;
}

/**
 * One entry per visible record, ordered by score (higher first), then name. A skill is new when it
 * was never used and first seen less than `newSkillWindowMs` ago; a `name-only` skill has its
 * description hidden.
 */
export function buildCatalogEntries(
  records: Iterable<SkillRecord>,
  options: BuildCatalogEntriesOptions,
): CatalogEntry[] {
  const window = options.newSkillWindowMs ?? DEFAULT_NEW_SKILL_WINDOW_MS;
  const entries: CatalogEntry[] = [];
  for (const record of records) {
    const state = options.stateOf?.(record);
    const visible =
      options.audience === "listed" ? isListedForModel(record, state) : isModelInvocable(record, state);
    if (!visible) continue;
    const stat = options.usage.get(usageKeyOf(record));
    const entry: CatalogEntry = {
      name: record.name,
      description: record.metadata.description,
      tags: record.metadata.tags,
      location: record.file,
      score: computeUsageScore(stat, options.now),
      isNew: stat === undefined && options.now - record.firstSeenAt < window,
    };
    if (record.metadata.whenToUse !== undefined) entry.whenToUse = record.metadata.whenToUse;
    if (state === "name-only") entry.descriptionHidden = true;
    entries.push(entry);
  }
  return sortCatalogEntries(entries);
}
