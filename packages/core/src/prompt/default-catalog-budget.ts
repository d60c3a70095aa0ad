// Layer 1's budget when none is given: a share of the model's context window, so a large skill
// library never turns into a system prompt no provider accepts (issue 10).

import type { CatalogBudget } from "./budget.js";

/** Share of the context window Layer 1 gets by default: 2% (4,000 tokens of a 200,000-token window). */
export const DEFAULT_CATALOG_BUDGET_SHARE = 0.02;

/** Tokens Layer 1 gets by default when the context window is unknown. */
export const UNKNOWN_WINDOW_CATALOG_BUDGET_TOKENS = 4_000;

/** A budget: a limit, or `none` for the whole, unbounded list. */
export type SkillCatalogBudget = CatalogBudget | "none";

/** The default budget for a context window of `contextWindow` tokens (unknown: 4,000 tokens). */
export function defaultCatalogBudget(contextWindow: number | undefined): { tokens: number } {
  if (contextWindow === undefined || !Number.isFinite(contextWindow) || contextWindow <= 0) {
    return { tokens: UNKNOWN_WINDOW_CATALOG_BUDGET_TOKENS };
  }
  return { tokens: Math.max(1, Math.floor(contextWindow * DEFAULT_CATALOG_BUDGET_SHARE)) };
}

/** The limit a listing is built with: the one given, none for `none`, else the default for the window. */
export function resolveCatalogBudget(
  budget: SkillCatalogBudget | undefined,
  contextWindow: number | undefined,
): CatalogBudget | undefined {
  if (budget === "none") return undefined;
  return budget ?? defaultCatalogBudget(contextWindow);
}
