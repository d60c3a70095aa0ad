// "Did you mean …?" for skill names: case and separator slips, prefixes, and small edit distances.

import { editDistance } from "../text/edit-distance.js";

/**
 * Up to `limit` names from `candidates` close to `name`, best first: the same name in another case
 * or with other separators, then names at most a third of the name's length (and at least 2) edits
 * away, then names that start with or contain it. Never throws; empty when nothing is close.
 */
export function suggestSkillNames(name: string, candidates: readonly string[], limit = 3): string[] {
  const wanted = normalize(name);
  if (wanted === "") return [];
  const maxDistance = Math.max(2, Math.floor(wanted.length / 3));
  const scored: { name: string; rank: number }[] = [];
  for (const candidate of candidates) {
    const normalized = normalize(candidate);
    let rank: number | undefined;
    if (normalized === wanted) rank = 0;
    else if (Math.abs(normalized.length - wanted.length) <= maxDistance) {
      const distance = editDistance(wanted, normalized, maxDistance);
      if (distance <= maxDistance) rank = distance;
    }
    if (rank === undefined && wanted.length >= 3 && normalized.includes(wanted)) {
      rank = maxDistance + (normalized.startsWith(wanted) ? 1 : 2);
    }
    if (rank !== undefined) scored.push({ name: candidate, rank });
  }
  scored.sort((left, right) => left.rank - right.rank || (left.name < right.name ? -1 : 1));
  return scored.slice(0, limit).map((item) => item.name);
}

function normalize(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_.]+/g, "-");
}
