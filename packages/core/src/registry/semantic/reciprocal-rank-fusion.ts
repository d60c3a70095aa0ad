// Reciprocal rank fusion (Cormack, Clarke and Büttcher, SIGIR 2009): each ranking gives an item
// 1 / (k + rank), ranks from 1; the sums order the fused list. It needs no score calibration between
// the rankings (BM25 scores and cosine similarities live on unrelated scales), only their orders.

/** The usual constant: large enough that the first few ranks of one list do not swamp the other. */
export const RRF_K = 60;

/** One fused item: its key and the summed reciprocal ranks. */
export interface FusedItem {
  key: string;
  score: number;
}

/**
 * Fuses rankings (keys best first; a key repeated within one ranking counts at its first place).
 * Equal sums keep the earlier ranking's order (the first ranking is the tie-breaker, then the next),
 * then the key.
 */
export function fuseRankings(rankings: readonly (readonly string[])[], k: number = RRF_K): FusedItem[] {
  const scores = new Map<string, number>();
  const places = rankings.map((ranking) => {
    const place = new Map<string, number>();
    ranking.forEach((key, index) => {
      if (place.has(key)) return;
      place.set(key, index + 1);
      scores.set(key, (scores.get(key) ?? 0) + 1 / (k + index + 1));
    });
    return place;
  });
  const fused = [...scores].map(([key, score]) => ({ key, score }));
  fused.sort((left, right) => {
    if (left.score !== right.score) return right.score - left.score;
    for (const place of places) {
      const difference = (place.get(left.key) ?? Infinity) - (place.get(right.key) ?? Infinity);
      if (difference !== 0 && !Number.isNaN(difference)) return difference;
    }
    return left.key < right.key ? -1 : left.key > right.key ? 1 : 0;
  });
  return fused;
}
