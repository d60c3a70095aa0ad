// The one Layer 1 function: the skills the model may load (the registry's entries, or a host's own),
// rendered in a format within a budget. The agent's system prompt, the settings page's preview,
// `skillbox prompt`, MCP instructions and the SDK integrations all call it.

import type { SkillState } from "../store/skill-state.js";
import { type BuiltCatalog, buildListing, type CatalogOptions } from "./budget.js";
import type { CatalogEntry } from "./catalog-entry.js";
import { resolveCatalogBudget, type SkillCatalogBudget } from "./default-catalog-budget.js";

/** How Layer 1 is rendered. Every field is optional. */
export interface SkillCatalogOptions extends Omit<CatalogOptions, "budget"> {
  /**
   * Limit on the whole text. Default: a share of `contextWindow` (see defaultCatalogBudget), 4,000
   * tokens when that is unknown; `none` lists everything. A shortened list always ends with a
   * notice saying what is missing and pointing to the search tool.
   */
  budget?: SkillCatalogBudget;
  /** The model's context window in tokens, for the default budget (see contextWindowOf). */
  contextWindow?: number;
  /**
   * Each skill's state now, by name, over the entry's own: `off` and `user-only` leave it out,
   * `name-only` lists its name only, `on` lists it whole.
   */
  states?: (name: string) => SkillState | undefined;
  /**
   * Text shown instead of a skill's description and `when_to_use`, by name (translations, see
   * translateSkillCatalog); skills not in the map keep their own.
   */
  descriptions?: ReadonlyMap<string, string>;
  /**
   * Count the text's tokens for `tokens` and the per-skill stats; default true. Without counting,
   * a token budget the whole list clearly fits skips the tokenizer (seconds to load) and `tokens` is 0.
   */
  countTokens?: boolean;
}

/**
 * Renders Layer 1 over `entries` (listing order: score descending, then name). Returns undefined
 * when no entry is left to list: no empty block is ever emitted.
 */
export function renderSkillCatalog(
  entries: readonly CatalogEntry[],
  options: SkillCatalogOptions = {},
): BuiltCatalog | undefined {
  const { budget, contextWindow, states, descriptions, countTokens, format, ...rest } = options;
  const listed =
    states === undefined && descriptions === undefined ? entries : applyOverrides(entries, options);
  const limit = resolveCatalogBudget(budget, contextWindow);
  return buildListing(
    listed,
    format ?? "xml",
    limit === undefined ? rest : { ...rest, budget: limit },
    countTokens ?? true,
  );
}

function applyOverrides(entries: readonly CatalogEntry[], options: SkillCatalogOptions): CatalogEntry[] {
  const result: CatalogEntry[] = [];
  for (const entry of entries) {
    const state = options.states?.(entry.name) ?? entry.state;
    if (state === "off" || state === "user-only") continue;
    const description = options.descriptions?.get(entry.name);
    if (description === undefined && state === entry.state) {
      result.push(entry);
      continue;
    }
    const shown: CatalogEntry = { ...entry };
    if (state !== undefined) shown.state = state;
    if (description !== undefined) {
      shown.description = description;
      delete shown.whenToUse;
    }
    result.push(shown);
  }
  return result;
}
