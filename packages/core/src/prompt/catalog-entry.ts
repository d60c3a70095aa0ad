// The Layer 1 view of one skill: what the catalog renderers and the budget work from.

import { compareByScore, sortByScore } from "../registry/sort-by-score.js";
import type { SkillState } from "../store/skill-state.js";

/**
 * One skill as the Layer 1 catalog sees it. The registry's SkillEntry (catalogEntries()) is one;
 * hosts may build their own (MCP skills, tests).
 */
export interface CatalogEntry {
  name: string;
  description: string;
  /** Appended to the description when present (`when_to_use`). */
  whenToUse?: string;
  tags: string[];
  /** Absolute path of the skill's SKILL.md. */
  location: string;
  /** Usage score, higher first (see computeUsageScore). */
  score: number;
  /** Never used or recently added: such skills get a reserved share of the budget. */
  isNew: boolean;
  /** The skill's effective state: `name-only` lists its name, never its description. */
  state?: SkillState;
  /** List its name, never its description, whatever the state. */
  descriptionHidden?: boolean;
  /**
   * The area of the library it belongs to (a plugin, a vendor's folder; see skillNamespace): an
   * over-budget listing groups the skills it cannot list one by one by it, else by name prefix.
   */
  namespace?: string;
}

/** Orders entries by score descending, then by name (code-unit order, so it is locale-independent). */
export const compareCatalogEntries: (left: CatalogEntry, right: CatalogEntry) => number = compareByScore;

/** A copy of `entries` in listing order (compareCatalogEntries); the input is left untouched. */
export function sortCatalogEntries(entries: readonly CatalogEntry[]): CatalogEntry[] {
  return sortByScore(entries);
}

/** True when the entry is listed by name only: its state is `name-only`, or it says so itself. */
export function isDescriptionHidden(entry: CatalogEntry): boolean {
  return entry.descriptionHidden === true || entry.state === "name-only";
}

/** The description as listed: `description`, then `whenToUse` appended as a second sentence. */
export function joinDescription(description: string, whenToUse: string | undefined): string {
  const main = description.trim();
  const extra = whenToUse?.trim() ?? "";
  if (extra === "") return main;
  if (main === "") return extra;
  // A sentence end already separates the two; otherwise add one so they do not run together.
  return /[.!?。！？]$/u.test(main) ? `${main} ${extra}` : `${main}. ${extra}`;
}
