// Layer 1's order, fixed for a session: providers cache a prompt by its prefix, so a system prompt
// that reorders itself when a skill is used (usage scores move every turn) is paid in full again.

import { type CatalogEntry, compareCatalogEntries } from "./catalog-entry.js";

/**
 * Puts entries in the session's order: the listing order (score, then name) the first time, and
 * after that the same order whatever the scores say. Skills added later go after the known ones
 * (in listing order among themselves); removed ones drop out. Pass the result to the renderer
 * with `order: "given"`.
 */
export type SessionCatalogOrder = <Entry extends CatalogEntry>(entries: readonly Entry[]) => Entry[];

/**
 * A fresh session order. Each skill's `isNew` is fixed at first sight too: using a new skill would
 * otherwise move it out of the share of the budget kept for new skills, and change the text.
 */
export function createSessionCatalogOrder(): SessionCatalogOrder {
  const known = new Map<string, { rank: number; isNew: boolean }>();
  let nextRank = 0;
  return <Entry extends CatalogEntry>(entries: readonly Entry[]): Entry[] => {
    const unseen = entries.filter((entry) => !known.has(keyOf(entry))).sort(compareCatalogEntries);
    for (const entry of unseen) known.set(keyOf(entry), { rank: nextRank++, isNew: entry.isNew });
    const ranked = entries.map((entry) => {
      const seen = known.get(keyOf(entry)) as { rank: number; isNew: boolean };
      return { rank: seen.rank, entry: seen.isNew === entry.isNew ? entry : { ...entry, isNew: seen.isNew } };
    });
    return ranked.sort((left, right) => left.rank - right.rank).map((item) => item.entry);
  };
}

// The name and the file: two skills of one name from different places (a local one and an MCP
// server's) are different skills.
function keyOf(entry: CatalogEntry): string {
  return `${entry.name}\n${entry.location}`;
}
