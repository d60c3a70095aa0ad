// The budget policy for Layer 1, over abstract costs: names before descriptions, higher scores
// before lower, and a reserved share that keeps new skills visible (research (c) 2: no starvation).

/** What the allocator needs to know about the entries, by index in listing order (score descending, then name). */
export interface BudgetCandidates {
  readonly length: number;
  isNew(index: number): boolean;
  /** Cost of the entry listed by name only (its separator included). */
  nameCost(index: number): number;
  /** Cost with its (capped) description, or undefined when it has none to show. */
  fullCost(index: number): number | undefined;
  /** Cost with a description shortened to fit `room`, or undefined when no useful part fits. */
  fitCost(index: number, room: number): number | undefined;
}

/** How an entry is listed: not at all, by name, with its description, or with a description shortened to fit. */
export const BudgetLevel = { Omitted: 0, NameOnly: 1, Full: 2, Fitted: 3 } as const;

/**
 * Decides a level per candidate so the total cost stays within `available`. First, inside a
 * reserve of `reservedShare × available`, new skills get their names and then descriptions; the
 * rest of the budget (plus whatever the reserve left unused) then goes to names in listing order
 * while they fit, then to descriptions in listing order. The first description that no longer
 * fits is shortened to the room left, and the ones after it are dropped.
 */
export function allocateBudget(
  candidates: BudgetCandidates,
  available: number,
  reservedShare: number,
): Uint8Array {
  const levels = new Uint8Array(candidates.length);
  const share = Number.isFinite(reservedShare) ? Math.min(1, Math.max(0, reservedShare)) : 0;
  const reserve = Math.floor(Math.max(0, available) * share);
  let reserveLeft = reserve;
  if (reserve > 0) {
    reserveLeft = addNames(candidates, levels, reserveLeft, true);
    reserveLeft = addDescriptions(candidates, levels, reserveLeft, true);
  }
  let left = available - (reserve - reserveLeft);
  left = addNames(candidates, levels, left, false);
  addDescriptions(candidates, levels, left, false);
  return levels;
}

function addNames(candidates: BudgetCandidates, levels: Uint8Array, room: number, newOnly: boolean): number {
  let left = room;
  for (let index = 0; index < candidates.length; index++) {
    if (levels[index] !== BudgetLevel.Omitted || (newOnly && !candidates.isNew(index))) continue;
    const cost = candidates.nameCost(index);
    // Names are kept in order: once one does not fit, the rest are left out.
    if (cost > left) break;
    levels[index] = BudgetLevel.NameOnly;
    left -= cost;
  }
  return left;
}

function addDescriptions(
  candidates: BudgetCandidates,
  levels: Uint8Array,
  room: number,
  newOnly: boolean,
): number {
  let left = room;
  for (let index = 0; index < candidates.length; index++) {
    if (levels[index] !== BudgetLevel.NameOnly || (newOnly && !candidates.isNew(index))) continue;
    const full = candidates.fullCost(index);
    if (full === undefined) continue;
    const nameCost = candidates.nameCost(index);
    if (full - nameCost <= left) {
      levels[index] = BudgetLevel.Full;
      left -= full - nameCost;
      continue;
    }
    const fitted = candidates.fitCost(index, left + nameCost);
    if (fitted !== undefined && fitted - nameCost <= left) {
      levels[index] = BudgetLevel.Fitted;
      left -= fitted - nameCost;
    }
    // Lower-scored descriptions go first: stop here rather than skip ahead to shorter ones.
    break;
  }
  return left;
}
