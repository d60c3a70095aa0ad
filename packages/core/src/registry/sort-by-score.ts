// The listing order of skills: usage score descending, then name. Shared by the registry's entries and
// every Layer 1 listing, with a memory of recent orders so re-sorting a nearly sorted list is cheap.

/** What the order reads: a name and a score. */
export interface ScoredName {
  name: string;
  score: number;
}

/** Orders by score descending, then by name (code-unit order, so it is locale-independent). */
export function compareByScore(left: ScoredName, right: ScoredName): number {
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

/** A copy of `items` in listing order (compareByScore); the input is left untouched. */
export function sortByScore<Item extends ScoredName>(items: readonly Item[]): Item[] {
  const count = items.length;
  const scores = new Float64Array(count);
  const names: string[] = new Array(count);
  for (let index = 0; index < count; index++) {
    const item = items[index] as Item;
    scores[index] = Number.isFinite(item.score) ? item.score : 0;
    names[index] = item.name;
  }
  // Lists often arrive already sorted (the registry hands them over so): one linear check spares the sort.
  if (isInOrder(scores, names)) return [...items];
  const slot = recentOrders.findIndex((recent) => sameNames(recent.names, names));
  const previous = slot >= 0 ? recentOrders.splice(slot, 1)[0] : undefined;
  const order = previous ? [...previous.order] : Array.from({ length: count }, (_, index) => index);
  // Sorting indices over extracted keys avoids repeated property reads on the item objects.
  order.sort((left, right) => {
    const difference = (scores[right] as number) - (scores[left] as number);
    if (difference !== 0) return difference;
    const leftName = names[left] as string;
    const rightName = names[right] as string;
    return leftName < rightName ? -1 : leftName > rightName ? 1 : 0;
  });
  recentOrders.unshift({ names, order });
  if (recentOrders.length > ORDER_SLOTS) recentOrders.pop();
  return order.map((index) => items[index] as Item);
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
