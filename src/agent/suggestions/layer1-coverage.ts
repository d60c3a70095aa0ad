// What Layer 1 already tells the model, read from the renderer's public result (BuiltCatalog): does
// every skill have its own described line, and which skills do.

import type { BuiltCatalog } from "../../prompt/budget.js";

/** What Layer 1 covers this turn. */
export interface Layer1Coverage {
  /** True when some skill has no described line of its own (name only, or left out): past the budget. */
  overBudget: boolean;
  /** True when the skill has its own `name: description` line. */
  describes(name: string): boolean;
}

/**
 * Reads the coverage off a rendered Layer 1 (undefined: nothing listed). The stats say how many
 * skills lost their description, not which; the budget drops descriptions in listing order (the
 * order of `perEntry`), so the first `included - namesOnly` listed skills are taken as described.
 * New skills kept by the reserved share can break that order at the edge; a skill wrongly taken
 * as not described is only suggested as it would be in any over-budget library.
 */
export function readLayer1Coverage(built: BuiltCatalog | undefined): Layer1Coverage {
  if (built === undefined) return { overBudget: false, describes: () => false };
  const { stats } = built;
  const describedCount = stats.included - stats.namesOnly;
  const described = new Set(stats.perEntry.slice(0, Math.max(0, describedCount)).map((entry) => entry.name));
  return {
    overBudget: stats.namesOnly + stats.omitted > 0,
    describes: (name) => described.has(name),
  };
}
