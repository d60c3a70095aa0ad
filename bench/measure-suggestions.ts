// The cost of task-aware suggestions per user turn, in process, once the search index is built:
// the suggester (search with the whole message, confidences, the threshold) over requests written
// around real-shaped skills' descriptions and small talk, as a user turn would bring them.

import { createSkillSuggester } from "@skillbox/core/agent/suggestions/create-skill-suggester";
import type { SkillRegistry } from "@skillbox/core/registry/skill-registry-types";
import type { GeneratedSkill } from "./generate-skills.js";
import { quantile } from "./generate-skills.js";

const SMALL_TALK = ["thanks!", "what's the weather like", "ok, sounds good", "tell me a joke"];
const CALLS = 400;

/** Milliseconds per suggest call (p50, p99) and how many calls suggested something. */
export function measureSuggestions(
  registry: SkillRegistry,
  skills: readonly GeneratedSkill[],
): { p50: number; p99: number; calls: number; withSuggestions: number } {
  const suggester = createSkillSuggester({ registry, setting: "on" });
  const described = skills.filter((skill) => skill.searchable && skill.description !== undefined);
  const requests: string[] = [];
  for (let index = 0; requests.length < CALLS && described.length > 0; index++) {
    if (index % 5 === 4) {
      requests.push(SMALL_TALK[index % SMALL_TALK.length] as string);
      continue;
    }
    const skill = described[(index * 7919) % described.length] as GeneratedSkill;
    const words = (skill.description ?? "").split(/\s+/).slice(0, 8).join(" ");
    requests.push(`Could you help me ${words.toLowerCase()} in this project? It needs to be done today.`);
  }
  // The first call builds the search index (and the interim confidence table): not a turn's cost.
  suggester.suggest(requests[0] ?? "warm up");
  const durations: number[] = [];
  let withSuggestions = 0;
  for (const request of requests) {
    const started = performance.now();
    const suggested = suggester.suggest(request);
    durations.push(performance.now() - started);
    if (suggested.length > 0) withSuggestions++;
  }
  suggester.close();
  return {
    p50: quantile(durations, 0.5),
    p99: quantile(durations, 0.99),
    calls: durations.length,
    withSuggestions,
  };
}
