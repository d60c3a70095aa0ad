// Benchmark: skill search index build time, query latency and recall on synthetic catalogs.
// Run: node --expose-gc --import tsx bench/search-index-bench.ts

import { pathToFileURL } from "node:url";
import { createRandom, generateSyntheticSkills } from "@skillbox/core/registry/__fixtures__/synthetic-skills";
import { isStopWord, splitSearchWords } from "@skillbox/core/registry/search/analyze-search-text";
import { createSearchIndex } from "@skillbox/core/registry/search/search-index";

/** Recall@5 and latency for one way of building queries. */
export interface SearchBenchRow {
  queries: string;
  recallAt5: number;
  p50Milliseconds: number;
  p99Milliseconds: number;
  /** p99 of each query's fastest of 3 runs: the cost without scheduler and GC noise. */
  p99IntrinsicMilliseconds: number;
}

/** Builds an index over `count` synthetic skills and queries every skill with several query styles. */
export function runSearchIndexBench(count = 10_000): { buildMilliseconds: number[]; rows: SearchBenchRow[] } {
  const skills = generateSyntheticSkills(count, 42);
  const buildMilliseconds: number[] = [];
  let index = createSearchIndex(skills);
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    index = createSearchIndex(skills);
    buildMilliseconds.push(performance.now() - started);
  }
  const words = skills.map((skill) => [
    ...new Set(splitSearchWords(skill.description).filter((word) => !isStopWord(word))),
  ]);
  const frequency = new Map<string, number>();
  for (const list of words) for (const word of list) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const distinctive = (position: number) =>
    [...(words[position] as string[])].sort(
      (left, right) => (frequency.get(left) ?? 0) - (frequency.get(right) ?? 0),
    );
  const random = createRandom(11);
  const styles: [string, (position: number) => string][] = [
    ["3 distinctive words (target)", (position) => distinctive(position).slice(0, 3).join(" ")],
    [
      "3 distinctive words, pluralised",
      (position) =>
        distinctive(position)
          .slice(0, 3)
          .map((word) => `${word}s`)
          .join(" "),
    ],
    [
      "2 distinctive words, last half-typed",
      (position) => {
        const [first = "", second = ""] = distinctive(position);
        return `${first} ${second.slice(0, Math.max(3, Math.ceil(second.length / 2)))}`;
      },
    ],
    [
      "3 random description words",
      (position) => {
        const list = words[position] as string[];
        return [0, 1, 2].map(() => list[Math.floor(random() * list.length)]).join(" ");
      },
    ],
    ["exact name", (position) => skills[position]?.name ?? ""],
  ];
  const rows: SearchBenchRow[] = [];
  for (const [label, makeQuery] of styles) {
    const raw: number[] = [];
    const intrinsic: number[] = [];
    let found = 0;
    for (let position = 0; position < skills.length; position++) {
      const query = makeQuery(position);
      let fastest = Number.POSITIVE_INFINITY;
      let hits = index.search(query, 5);
      for (let run = 0; run < 3; run++) {
        const started = performance.now();
        hits = index.search(query, 5);
        const elapsed = performance.now() - started;
        if (run === 0) raw.push(elapsed);
        fastest = Math.min(fastest, elapsed);
      }
      intrinsic.push(fastest);
      if (hits.some((hit) => hit.name === skills[position]?.name)) found++;
    }
    raw.sort((left, right) => left - right);
    intrinsic.sort((left, right) => left - right);
    rows.push({
      queries: label,
      recallAt5: found / skills.length,
      p50Milliseconds: raw[Math.floor(raw.length / 2)] as number,
      p99Milliseconds: raw[Math.floor(raw.length * 0.99)] as number,
      p99IntrinsicMilliseconds: intrinsic[Math.floor(intrinsic.length * 0.99)] as number,
    });
  }
  return { buildMilliseconds, rows };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { buildMilliseconds, rows } = runSearchIndexBench();
  console.log(`build 10,000 skills: ${buildMilliseconds.map((value) => value.toFixed(0)).join(", ")} ms`);
  console.table(
    rows.map((row) => ({
      queries: row.queries,
      "recall@5": `${(row.recallAt5 * 100).toFixed(2)}%`,
      "p50 ms": row.p50Milliseconds.toFixed(3),
      "p99 ms": row.p99Milliseconds.toFixed(3),
      "p99 intrinsic ms": row.p99IntrinsicMilliseconds.toFixed(3),
    })),
  );
}
