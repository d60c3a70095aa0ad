// Benchmark: Layer 1 builds (cold and warm) for large catalogs under token and character budgets.
// Run: node --expose-gc --import tsx bench/prompt-bench.ts

import { pathToFileURL } from "node:url";
import { buildBudgetedCatalog, type CatalogBudget } from "@skillbox/core/prompt/budget";
import type { CatalogEntry } from "@skillbox/core/prompt/catalog-entry";
import type { CatalogFormatName } from "@skillbox/core/prompt/catalog-format";
import { countTokens } from "@skillbox/core/prompt/tokens";
import { generateSyntheticSkills } from "@skillbox/core/registry/__fixtures__/synthetic-skills";

/** One measured configuration. */
export interface PromptBenchRow {
  skills: number;
  format: CatalogFormatName;
  budget: string;
  coldMilliseconds: number;
  warmBestMilliseconds: number;
  warmMedianMilliseconds: number;
  included: number;
  /** Skills without a line of their own. */
  omitted: number;
  /** Of those, the skills the map of areas counts (the rest are shown nowhere). */
  grouped: number;
  tokens: number;
}

function createEntries(
  count: number,
  factor: number,
  skills = generateSyntheticSkills(count, 1),
): CatalogEntry[] {
  return skills.map((skill, index) => ({
    name: skill.name,
    description: skill.description,
    whenToUse: skill.whenToUse,
    tags: skill.tags,
    location: `/skills/${skill.name}/SKILL.md`,
    score: index % 7 === 0 ? 0 : Math.log(1 + (index % 50)) * factor,
    isNew: index % 7 === 0,
  }));
}

/** Measures tokenizer start-up and Layer 1 builds; `runs` warm builds per configuration. */
export function runPromptBench(runs = 31): { tokenizerLoadMilliseconds: number; rows: PromptBenchRow[] } {
  const loadStarted = performance.now();
  countTokens("warm up the tokenizer");
  const tokenizerLoadMilliseconds = performance.now() - loadStarted;
  const rows: PromptBenchRow[] = [];
  const budgets: CatalogBudget[] = [{ tokens: 2_000 }, { tokens: 8_000 }, { characters: 8_000 }];
  for (const count of [1_000, 10_000]) {
    const skills = generateSyntheticSkills(count, 1);
    for (const format of ["xml", "available-skills"] as CatalogFormatName[]) {
      for (const budget of budgets) {
        const coldStarted = performance.now();
        const first = buildBudgetedCatalog(createEntries(count, 1, skills), { format, budget });
        const coldMilliseconds = performance.now() - coldStarted;
        const durations: number[] = [];
        for (let run = 1; run <= runs; run++) {
          // Fresh objects with decayed scores each turn, as a registry would hand them over.
          const entries = createEntries(count, 0.999 ** run, skills);
          const started = performance.now();
          buildBudgetedCatalog(entries, { format, budget });
          durations.push(performance.now() - started);
        }
        durations.sort((left, right) => left - right);
        rows.push({
          skills: count,
          format,
          budget: JSON.stringify(budget),
          coldMilliseconds,
          warmBestMilliseconds: durations[0] as number,
          warmMedianMilliseconds: durations[Math.floor(runs / 2)] as number,
          included: first?.stats.included ?? 0,
          omitted: first?.stats.omitted ?? 0,
          grouped: first?.stats.grouped ?? 0,
          tokens: first?.tokens ?? 0,
        });
      }
    }
  }
  return { tokenizerLoadMilliseconds, rows };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { tokenizerLoadMilliseconds, rows } = runPromptBench();
  console.log(`tokenizer (cl100k_base) load: ${tokenizerLoadMilliseconds.toFixed(0)} ms`);
  console.table(
    rows.map((row) => ({
      ...row,
      coldMilliseconds: row.coldMilliseconds.toFixed(1),
      warmBestMilliseconds: row.warmBestMilliseconds.toFixed(2),
      warmMedianMilliseconds: row.warmMedianMilliseconds.toFixed(2),
    })),
  );
}
