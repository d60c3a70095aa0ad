// Levenshtein distance, for "did you mean …?" hints on skill names, file names and tool names.

/**
 * The number of single-character insertions, deletions and substitutions that turn `left` into
 * `right`. With `limit`, gives up early and returns `limit + 1` once every path exceeds it.
 */
export function editDistance(left: string, right: string, limit = Number.POSITIVE_INFINITY): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row++) {
    const current = [row];
    let best = row;
    for (let column = 1; column <= right.length; column++) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      const value = Math.min(
        (previous[column] as number) + 1,
        (current[column - 1] as number) + 1,
        (previous[column - 1] as number) + cost,
      );
      current.push(value);
      if (value < best) best = value;
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[right.length] as number;
}
