// `skillbox eval` without a model: each prompt through the routing an agent has before it calls
// anything — Layer 1's described lines, search_skills on the raw prompt, the turn's suggestions.

import type { RankedCase } from "@skillbox/core/routing/score-activation-set";
import type { SourcedCase } from "./eval-sets.js";
import type { RoutingView } from "./explain-routing-view.js";

/** Ranks each case; `onCase` is told after each one (for progress). */
export function rankCases(
  view: RoutingView,
  cases: readonly SourcedCase[],
  limit: number,
  onCase: () => void = () => {},
): RankedCase[] {
  // A shortened description is still a `name: description` line the model reads.
  const described = new Set(
    view.layer1
      .filter((item) => item.line === "described" || item.line === "shortened")
      .map((item) => item.name),
  );
  return cases.map((item) => {
    const ranked: RankedCase = {
      ...item,
      ranked: view.search(item.prompt, limit).map((hit) => hit.record.name),
      described: item.expectedSkill !== null && described.has(item.expectedSkill),
      suggested: view.suggest(item.prompt).map((suggestion) => suggestion.name),
    };
    onCase();
    return ranked;
  });
}
