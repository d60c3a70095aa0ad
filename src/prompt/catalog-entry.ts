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

// Recent inputs' names (by input position) and the orders they sorted into. Catalogs are rebuilt
// every turn with the same skills and slowly drifting scores, so a previous order is nearly sorted
// and the (run-detecting) sort finishes in about n comparisons instead of n log n. A few slots,
// because callers sort more than one list per turn (the registry's, then the listing's).
const ORDER_SLOTS = 4;
const recentOrders: { names: string[]; order: number[] }[] = [];

/** A copy of `entries` in listing order (compareCatalogEntries); the input is left untouched. */
export function sortCatalogEntries(entries: readonly CatalogEntry[]): CatalogEntry[] {
  const count = entries.length;
  const scores = new Float64Array(count);
  const names: string[] = new Array(count);
  for (let index = 0; index < count; index++) {
    const entry = entries[index] as CatalogEntry;
    scores[index] = Number.isFinite(entry.score) ? entry.score : 0;
    names[index] = entry.name;
  }
  // The registry hands entries over already sorted: one linear check spares the sort.
  if (isInOrder(scores, names)) return [...entries];
  const slot = recentOrders.findIndex((recent) => sameNames(recent.names, names));
  const previous = slot >= 0 ? recentOrders.splice(slot, 1)[0] : undefined;
  const order = previous ? [...previous.order] : Array.from({ length: count }, (_, index) => index);
  // Sorting indices over extracted keys avoids repeated property reads on the entry objects.
  order.sort((left, right) => {
    const difference = (scores[right] as number) - (scores[left] as number);
    if (difference !== 0) return difference;
    const leftName = names[left] as string;
    const rightName = names[right] as string;
    return leftName < rightName ? -1 : leftName > rightName ? 1 : 0;
  });
  recentOrders.unshift({ names, order });
  if (recentOrders.length > ORDER_SLOTS) recentOrders.pop();
  return order.map((index) => entries[index] as CatalogEntry);
}

function isInOrder(scores: Float64Array, names: readonly string[]): boolean {
  for (let index = 1; index < names.length; index++) {
    const difference = (scores[index] as number) - (scores[index - 1] as number);
    if (difference > 0) return false;
    if (difference === 0 && (names[index - 1] as string) > (names[index] as string)) return false;
  }
  return true;
}

function sameNames(left: readonly string[], right: readonly string[]): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
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
