// What an agent's routing machinery offers for a prompt, built from the same parts createSkillAgent
// uses: Layer 1 rendered with the workspace's defaults, the search search_skills runs (the raw
// prompt, skills the model may load), and the turn's suggestions. `eval` and `explain` read it.

import {
  createSkillSuggester,
  type SkillSuggestion,
  type SuggestionSetting,
} from "@skillbox/core/agent/suggestions/create-skill-suggester";
import { readLayer1Coverage } from "@skillbox/core/agent/suggestions/layer1-coverage";
import type { BuiltCatalog } from "@skillbox/core/prompt/budget";
import type { CatalogEntry } from "@skillbox/core/prompt/catalog-entry";
import { resolveCatalogBudget, type SkillCatalogBudget } from "@skillbox/core/prompt/default-catalog-budget";
import { renderSkillCatalog } from "@skillbox/core/prompt/render-skill-catalog";
import type { SkillSearchResult } from "@skillbox/core/registry/skill-registry-types";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import { resolveWorkspaceCatalogOptions } from "@skillbox/workspace/workspace/workspace-catalog";

/**
 * How Layer 1 shows a skill it lists: its whole description, a shortened one, its name alone (a
 * `name-only` state or no description), or no line of its own (past the budget: in the map's areas).
 */
export type Layer1Line = "described" | "shortened" | "name-only" | "no-line";

export interface RoutingViewOptions {
  /** The model whose context window sets the default budget. */
  model?: string | undefined;
  /** Over the config's `prompt.budgetTokens`. */
  budget?: SkillCatalogBudget | undefined;
  /** Over the config's `suggestions` (default `auto`). */
  suggestions?: SuggestionSetting | undefined;
  /** Count Layer 1's tokens (loads the tokenizer); default false. */
  countTokens?: boolean;
}

export interface RoutingView {
  /** Layer 1 as rendered, untranslated; undefined when no skill is listed. */
  built: BuiltCatalog | undefined;
  /** The listed skills in listing order with how each is shown. */
  layer1: { name: string; line: Layer1Line }[];
  /** The budget Layer 1 was rendered within; undefined for none. */
  budget: { tokens: number } | { characters: number } | undefined;
  suggestionSetting: SuggestionSetting;
  /** What search_skills ranks for the prompt (only skills the model may load), best first. */
  search(prompt: string, limit: number): SkillSearchResult[];
  /** The suggestions a first turn with this prompt gets (none when the setting keeps them off). */
  suggest(prompt: string): SkillSuggestion[];
  close(): void;
}

/** Renders Layer 1 once and prepares search and suggestions over the workspace's registry. */
export function openRoutingView(workspace: Workspace, options: RoutingViewOptions = {}): RoutingView {
  const { registry, config } = workspace;
  const catalogOptions = resolveWorkspaceCatalogOptions(config, {
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(options.budget === undefined ? {} : { budget: options.budget }),
  });
  const entries = registry.catalogEntries();
  const built = renderSkillCatalog(entries, { ...catalogOptions, countTokens: options.countTokens ?? false });
  const layer1 = readLayer1Lines(built, entries);
  const suggestionSetting = options.suggestions ?? config.suggestions ?? "auto";
  const coverage = readLayer1Coverage(built);
  const suggester =
    suggestionSetting === "off"
      ? undefined
      : createSkillSuggester({
          registry,
          setting: suggestionSetting,
          cwd: workspace.cwd,
          layer1: () => coverage,
        });
  return {
    built,
    layer1,
    budget: resolveCatalogBudget(catalogOptions.budget, catalogOptions.contextWindow),
    suggestionSetting,
    // As search_skills runs it: the trimmed message, skills the model may load.
    search: (prompt, limit) => {
      const query = prompt.trim();
      return query === "" ? [] : registry.search(query, limit, { modelOnly: true });
    },
    suggest: (prompt) => suggester?.suggest(prompt) ?? [],
    close: () => suggester?.close(),
  };
}

/**
 * How each listed skill appears in the rendered text, from the placement the renderer records where
 * it draws each line (whole, shortened, name); skills without a line are past the budget.
 */
function readLayer1Lines(
  built: BuiltCatalog | undefined,
  entries: readonly CatalogEntry[],
): { name: string; line: Layer1Line }[] {
  if (built === undefined) return [];
  const withLine = new Set<string>();
  const lines: { name: string; line: Layer1Line }[] = [];
  for (const { name, placement } of built.stats.perEntry) {
    withLine.add(name);
    lines.push({
      name,
      line: placement === "whole" ? "described" : placement === "shortened" ? "shortened" : "name-only",
    });
  }
  for (const entry of entries)
    if (!withLine.has(entry.name)) lines.push({ name: entry.name, line: "no-line" });
  return lines;
}
