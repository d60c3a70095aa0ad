// In-process measurements over a loaded registry: one-file refresh, Layer 1 build, load_skill
// latency and search quality (three distinctive description words must find the skill in the top 5).

import { readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { renderSkillCatalog } from "@skillbox/core/prompt/render-skill-catalog";
import { isStopWord, splitSearchWords } from "@skillbox/core/registry/search/analyze-search-text";
import type { SkillRegistry } from "@skillbox/core/registry/skill-registry-types";
import { createLoadSkillTool } from "@skillbox/core/tools/load-skill";
import { createSearchSkillsTool } from "@skillbox/core/tools/search-skills";
import { type GeneratedSkill, quantile } from "./generate-skills.js";

/** Medians and tails of a list of durations, in milliseconds. */
export interface Durations {
  p50: number;
  p99: number;
  max: number;
  count: number;
}

/** Summarises durations. */
export function summarize(values: readonly number[]): Durations {
  return {
    p50: quantile(values, 0.5),
    p99: quantile(values, 0.99),
    max: Math.max(0, ...values),
    count: values.length,
  };
}

/**
 * Edits `count` skills' descriptions one at a time and times what the watcher does after its
 * debounce: `refreshDirectories` for the folder that changed (re-list, re-parse one file, events).
 */
export function measureRefreshAfterEdit(
  registry: SkillRegistry,
  skills: readonly GeneratedSkill[],
  count = 20,
): Durations & { changed: number } {
  const durations: number[] = [];
  let changed = 0;
  // Skills whose description is one plain line, so appending to it keeps the YAML valid.
  const candidates = skills.filter((skill) => skill.editable);
  for (let index = 0; index < count; index++) {
    const skill = candidates[(index * 499) % candidates.length];
    if (skill === undefined) break;
    const text = readFileSync(skill.file, "utf8");
    writeFileSync(
      skill.file,
      text.replace(/^description: (.*)$/m, (line) => `${line} Edited ${index}.`),
    );
    const started = performance.now();
    const summary = registry.refreshDirectories(new Map([[dirname(skill.file), new Set(["SKILL.md"])]]));
    durations.push(performance.now() - started);
    changed += summary.changed.length;
  }
  return { ...summarize(durations), changed };
}

/** The first Layer 1 build (tokenizer load included) and the warm ones after it. */
export function measureLayer1(
  registry: SkillRegistry,
  budgetTokens: number,
  runs = 15,
): { firstMilliseconds: number; warm: Durations; tokensListed: number } {
  let started = performance.now();
  renderSkillCatalog(registry.catalogEntries(), { budget: { tokens: budgetTokens } });
  const firstMilliseconds = performance.now() - started;
  const durations: number[] = [];
  let text = "";
  for (let run = 0; run < runs; run++) {
    started = performance.now();
    text = renderSkillCatalog(registry.catalogEntries(), { budget: { tokens: budgetTokens } })?.text ?? "";
    durations.push(performance.now() - started);
  }
  return { firstMilliseconds, warm: summarize(durations), tokensListed: text.split("\n- ").length - 1 };
}

/**
 * load_skill latency over random skills after one warm-up pass. `intrinsic` takes each call's
 * fastest of three passes: the cost without scheduler and GC noise from a busy machine.
 */
export async function measureLoads(
  registry: SkillRegistry,
  count = 3000,
): Promise<Durations & { errors: number; intrinsic: Durations }> {
  const names = registry.list({ includeShadowed: false }).map((record) => record.name);
  const tool = createLoadSkillTool({ registry });
  const picks = Array.from({ length: count }, (_, index) => names[(index * 7919 + 13) % names.length] ?? "");
  for (const name of picks.slice(0, Math.min(picks.length, 1000)))
    await tool.execute({ skill_name: name }, {});
  const passes: number[][] = [];
  let errors = 0;
  for (let pass = 0; pass < 3; pass++) {
    const durations: number[] = [];
    for (const name of picks) {
      const started = performance.now();
      const result = await tool.execute({ skill_name: name }, {});
      durations.push(performance.now() - started);
      if (pass === 0 && result.isError) errors++;
    }
    passes.push(durations);
  }
  const first = passes[0] ?? [];
  const fastest = first.map((_, index) =>
    Math.min(...passes.map((durations) => durations[index] ?? Infinity)),
  );
  return { ...summarize(first), errors, intrinsic: summarize(fastest) };
}

/**
 * For every skill with a description and a valid name of its own (no other folder uses it), a
 * query of its three most distinctive words (rarest across all descriptions; stop words skipped)
 * must find it in the top 5 of search_skills.
 */
export async function measureSearchQuality(
  registry: SkillRegistry,
  skills: readonly GeneratedSkill[],
): Promise<{ recallAt5: number; queries: number; withoutDescription: number; p50: number; p99: number }> {
  const tool = createSearchSkillsTool({ registry });
  const described = skills.filter(
    (skill): skill is GeneratedSkill & { description: string; name: string } =>
      skill.searchable && skill.description !== undefined && skill.name !== undefined,
  );
  const wordsOf = (text: string) => [
    ...new Set(splitSearchWords(text.toLowerCase()).filter((word) => word.length > 2 && !isStopWord(word))),
  ];
  const documentFrequency = new Map<string, number>();
  const words = described.map((skill) => wordsOf(skill.description));
  for (const list of words)
    for (const word of list) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  let found = 0;
  const durations: number[] = [];
  for (const [index, skill] of described.entries()) {
    const list = words[index] ?? [];
    const ranked = list
      .map((word, position) => ({ word, position, frequency: documentFrequency.get(word) ?? 0 }))
      .sort((left, right) => left.frequency - right.frequency || left.position - right.position)
      .slice(0, 3)
      .sort((left, right) => left.position - right.position);
    const query = ranked.map((item) => item.word).join(" ");
    const started = performance.now();
    const result = await tool.execute({ query, limit: 5 }, {});
    durations.push(performance.now() - started);
    const names = ((result.metadata?.results ?? []) as { name: string }[]).map((item) => item.name);
    if (names.includes(skill.name)) found++;
  }
  return {
    recallAt5: described.length === 0 ? 0 : found / described.length,
    queries: described.length,
    withoutDescription: skills.length - described.length,
    p50: quantile(durations, 0.5),
    p99: quantile(durations, 0.99),
  };
}
