// The load_skill tool's description, listing every model-invocable skill (seed 000's build_tool_description).

import { buildListing, type CatalogBudget } from "./budget.js";
import type { CatalogEntry } from "./catalog-entry.js";
import type { TokenEncodingName } from "./tokens.js";

/** Options for the load tool's description. */
export interface ToolDescriptionOptions {
  /** Limit on the whole description; default 8,000 characters (about 2,000 tokens). */
  budget?: CatalogBudget;
  /** Cap on one description, cut with an ellipsis; default 250 characters. */
  maxDescriptionCharacters?: number;
  /** Share of the budget kept for new skills when it overflows; default 0.2. */
  reservedShareForNew?: number;
  /** The tool's own name; default `load_skill`. */
  loadToolName?: string;
  /** Search tool the overflow notice points to; default `search_skills`, `null` when there is none. */
  searchToolName?: string | null;
  /** `given` keeps the entries' order (a session's, see createSessionCatalogOrder); default by score. */
  order?: "score" | "given";
  encoding?: TokenEncodingName;
}

const EMPTY_DESCRIPTION =
  "Load a skill's full instructions by name. No skills are available right now, so there is nothing to load.";

/**
 * The description for the load tool: what it does, when to call it, then `- name: description`
 * for each entry (pass only model-invocable skills), capped like the Layer 1 listing. With no
 * entries it says so; the spec prefers not registering the tool at all in that case.
 */
export function buildToolDescription(
  entries: readonly CatalogEntry[],
  options: ToolDescriptionOptions = {},
): string {
  const listing = buildListing(
    entries,
    "tool-list",
    {
      ...options,
      budget: options.budget ?? { characters: 8_000 },
      maxDescriptionCharacters: options.maxDescriptionCharacters ?? 250,
    },
    false,
  );
  return listing?.text ?? EMPTY_DESCRIPTION;
}
