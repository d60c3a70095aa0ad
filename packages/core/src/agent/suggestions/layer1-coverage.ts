// What Layer 1 already tells the model, read from the renderer's public result (BuiltCatalog): does
// every skill have its own described line, and which skills do.

import type { BuiltCatalog } from "../../prompt/budget.js";

/** What Layer 1 covers this turn. */
export interface Layer1Coverage {
  /** True when some skill has no described line of its own (name only, by area in the map, or left out). */
  overBudget: boolean;
  /** True when the skill has its own `name: description` line (whole or shortened). */
  describes(name: string): boolean;
}

/**
 * Reads the coverage off a rendered Layer 1 (undefined: nothing listed), from the placement the
 * renderer records for each line: a skill listed by name only, wherever it sits in the list, is not
 * described; a skill shown only by area in the map has no line at all.
 */
export function readLayer1Coverage(built: BuiltCatalog | undefined): Layer1Coverage {
  if (built === undefined) return { overBudget: false, describes: () => false };
  const { stats } = built;
  const described = new Set<string>();
  for (const entry of stats.perEntry) if (entry.placement !== "name") described.add(entry.name);
  return {
    overBudget: stats.namesOnly + stats.omitted > 0,
    describes: (name) => described.has(name),
  };
}
