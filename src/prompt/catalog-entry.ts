// The Layer 1 view of one skill: what the catalog renderers and the budget work from.

/** One skill as the Layer 1 catalog sees it (the registry builds these). */
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
  /** The skill's state is name-only: list its name, never its description. */
  descriptionHidden?: boolean;
}

/** Orders entries by score descending, then by name (code-unit order, so it is locale-independent). */
export function compareCatalogEntries(left: CatalogEntry, right: CatalogEntry): number {
  const leftScore = Number.isFinite(left.score) ? left.score : 0;
  const rightScore = Number.isFinite(right.score) ? right.score : 0;
  if (leftScore !== rightScore) return rightScore - leftScore;
  if (left.name < right.name) return -1;
  return left.name > right.name ? 1 : 0;
}

/** A sorted copy of `entries` (the input is left untouched). */
export function sortCatalogEntries(entries: readonly CatalogEntry[]): CatalogEntry[] {
  return [...entries].sort(compareCatalogEntries);
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
