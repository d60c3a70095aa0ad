// The budget policy for Layer 1, over abstract costs: every skill keeps a line of its own while
// shortening the longest descriptions is enough; past that, lines go to higher-ranked skills first,
// with a reserved share that keeps new skills listed (research (c) 2: no starvation), and the rest
// go to the map (budget.ts).

/** What the policy needs to know about the entries, by index in listing order. */
export interface BudgetCandidates {
  readonly length: number;
  isNew(index: number): boolean;
  /**
   * Cost of the entry's line (its separator included) with its description shortened to at most
   * `cap` characters; entries listed by name only cost the same at every cap.
   */
  lineCost(index: number, cap: number): number;
  /** Characters of the description its line shows in full (0 when it is listed by name only). */
  descriptionLength(index: number): number;
  /** lineCost estimated without rendering the line (from its full cost, pro rata to the characters kept). */
  estimateLineCost(index: number, cap: number): number;
}

/** Which entries get a line of their own (1) and what those lines cost at the cap they were chosen at. */
export interface LineSelection {
  selected: Uint8Array;
  count: number;
  cost: number;
}

/**
 * Chooses the entries that get a line, each costed with its description shortened to `cap`: first,
 * inside a reserve of `reservedShare × available`, new skills in listing order; then the rest of
 * the room (plus what the reserve left) goes to every entry in listing order. Each pass stops at the
 * first entry that does not fit, so a lower-ranked short line never takes the place of a
 * higher-ranked long one, and the choice depends only on the order and the texts.
 */
export function selectLines(
  candidates: BudgetCandidates,
  available: number,
  cap: number,
  reservedShare: number,
): LineSelection {
  const selection: LineSelection = { selected: new Uint8Array(candidates.length), count: 0, cost: 0 };
  const share = Number.isFinite(reservedShare) ? Math.min(1, Math.max(0, reservedShare)) : 0;
  const reserve = Math.floor(Math.max(0, available) * share);
  if (reserve > 0) addLines(candidates, selection, reserve, cap, true);
  addLines(candidates, selection, available, cap, false);
  return selection;
}

function addLines(
  candidates: BudgetCandidates,
  selection: LineSelection,
  limit: number,
  cap: number,
  newOnly: boolean,
): void {
  for (let index = 0; index < candidates.length; index++) {
    if (selection.selected[index] === 1 || (newOnly && !candidates.isNew(index))) continue;
    const cost = candidates.lineCost(index, cap);
    if (selection.cost + cost > limit) return;
    selection.selected[index] = 1;
    selection.count++;
    selection.cost += cost;
  }
}

/**
 * The widest description cap, between `minCap` and the longest selected description, at which the
 * selected lines cost at most `available`: the longest descriptions are shortened first, and
 * every one only as far as the budget needs. `minCap` when even that does not fit.
 */
export function widestCap(
  candidates: BudgetCandidates,
  selected: Uint8Array,
  available: number,
  minCap: number,
): number {
  let longest = 0;
  for (let index = 0; index < candidates.length; index++) {
    if (selected[index] === 1) longest = Math.max(longest, candidates.descriptionLength(index));
  }
  const costAt = (cap: number, lineCost: (index: number, cap: number) => number) => {
    let total = 0;
    for (let index = 0; index < candidates.length; index++) {
      if (selected[index] !== 1) continue;
      total += lineCost(index, cap);
      if (total > available) break;
    }
    return total;
  };
  const real = (index: number, cap: number) => candidates.lineCost(index, cap);
  if (longest <= minCap || costAt(longest, real) <= available) return Math.max(longest, minCap);
  // The cost never falls as the cap grows, so the widest cap that fits is found by halving, over
  // estimates (rendering and counting hundreds of lines a dozen times would cost more than the
  // rest of the listing); then the real cost is checked, stepping down while it does not fit.
  const estimate = (index: number, cap: number) => candidates.estimateLineCost(index, cap);
  let low = minCap;
  let high = longest - 1;
  let best = minCap;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (costAt(middle, estimate) <= available) {
      best = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  while (best > minCap && costAt(best, real) > available) best = Math.max(minCap, Math.floor(best * 0.95));
  return best;
}
