// `npm run bench:routing [-- options]`: can the model reach the right skill for a real request?
// Builds a library of the target skills (bench/routing/.data/skills) plus N real distractors, then
// measures through the public API (createSkills({ dirs }), its default systemPrompt(), search_skills
// with the raw message and limit 5, suggest(text) when present; see measure-routing.ts), per set and
// group: reachable, top-1, top-5, MRR@5, suggestion recall@3 and rate on negatives; and the cost per
// turn at the largest size against a floor measured in the same run.
// First run `npm run bench:routing:corpus` (copies the data and the distractor corpus from local
// snapshots; see bench/routing/data/SOURCES.md). Options: --corpus <dir> (distractors, default
// bench/routing/.corpus), --data <dir> (default bench/routing/.data), --sizes 0,1000,10000,
// --set tune|heldout|all (default all), --json (the figures as JSON on stdout).

import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { findActivationSets, readActivationSetFile } from "@skillbox/core/routing/find-activation-sets";
import { formatDiagnostic } from "@skillbox/core/skills/diagnostic";
import { renderTextTable } from "../render-text-table.js";
import { buildLibrary, type LabelledCase, measureRouting, skillOfEvalPath } from "./measure-routing.js";
import { type RoutingSummary, summarizeOutcomes } from "./routing-metrics.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const log = (text: string) => process.stderr.write(`${text}\n`);

interface BenchOptions {
  corpus: string;
  data: string;
  sizes: number[];
  sets: string[];
  json: boolean;
}

function parseOptions(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = {
    corpus: join(here, ".corpus"),
    data: join(here, ".data"),
    sizes: [0, 1000, 10_000],
    sets: ["tune", "heldout"],
    json: false,
  };
  for (let index = 0; index < argv.length; index++) {
    const flag = argv[index];
    const value = argv[index + 1];
    const need = (): string => {
      if (value === undefined) throw new Error(`${flag} needs a value`);
      index++;
      return value;
    };
    if (flag === "--corpus") options.corpus = need();
    else if (flag === "--data") options.data = need();
    else if (flag === "--sizes") options.sizes = need().split(",").map(Number);
    else if (flag === "--set") {
      const set = need();
      if (!["tune", "heldout", "all"].includes(set)) throw new Error("--set takes tune, heldout or all");
      options.sets = set === "all" ? ["tune", "heldout"] : [set];
    } else if (flag === "--json") options.json = true;
    else
      throw new Error(
        `unknown option ${flag}; see the comment at the top of bench/routing/run-routing-bench.ts`,
      );
  }
  if (options.sizes.some((size) => !Number.isInteger(size) || size < 0)) {
    throw new Error("--sizes takes counts of distractors, e.g. 0,1000,10000");
  }
  return options;
}

/** A set's cases from our committed files and the copied public ones, each labelled with its group. */
async function loadSet(set: string, folders: readonly string[]): Promise<LabelledCase[]> {
  const cases: LabelledCase[] = [];
  for (const folder of folders) {
    if (!existsSync(folder)) continue;
    const found = await findActivationSets(folder);
    for (const file of found.sets) {
      const skill = file.format === "jsonl" ? undefined : (file.skill ?? skillOfEvalPath(file.path));
      const read = await readActivationSetFile(skill === undefined ? file : { ...file, skill });
      for (const diagnostic of read.diagnostics) log(formatDiagnostic(diagnostic));
      for (const item of read.cases) {
        const group =
          file.format === "trigger-evals"
            ? "trigger evals"
            : file.format === "skill-creator-evals"
              ? "task evals"
              : item.expectedSkill === null
                ? "negatives"
                : (item.kind ?? "jsonl");
        cases.push({ ...item, set, group });
      }
    }
  }
  return cases;
}

const percent = (value: number | undefined) => (value === undefined ? "n/a" : `${(value * 100).toFixed(1)}%`);
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.floor(sorted.length / 2)] ?? 0);
};
const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

interface ResultRow {
  set: string;
  group: string;
  distractors: number;
  skills: number;
  summary: RoutingSummary;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const targets = join(options.data, "skills");
  if (!existsSync(targets)) {
    throw new Error(
      `no target skills in ${targets}: run "npm run bench:routing:corpus" first (it copies them from local snapshots; see bench/routing/data/SOURCES.md)`,
    );
  }
  const corpusSize = existsSync(options.corpus)
    ? readdirSync(options.corpus, { withFileTypes: true }).filter((entry) => entry.isDirectory()).length
    : 0;
  const sizes = options.sizes.filter((size) => size === 0 || size <= corpusSize);
  for (const size of options.sizes.filter((size) => !sizes.includes(size))) {
    log(`size ${size} skipped: the corpus ${options.corpus} holds ${corpusSize} skills`);
  }
  const cases: LabelledCase[] = [];
  for (const set of options.sets) {
    cases.push(...(await loadSet(set, [join(here, "data", set), join(options.data, set)])));
  }
  log(`${cases.length} prompts (${options.sets.join(", ")}), library sizes: ${sizes.join(", ")} distractors`);

  const scratch = mkdtempSync(join(tmpdir(), "skillbox-routing-"));
  const rows: ResultRow[] = [];
  const costs: Record<string, unknown>[] = [];
  let hasSuggest = false;
  try {
    for (const size of sizes) {
      const dir = join(scratch, `library-${size}`);
      const built = buildLibrary({
        targets,
        distractors: size > 0 ? options.corpus : undefined,
        count: size,
        into: dir,
      });
      const home = join(scratch, `home-${size}`);
      const started = performance.now();
      const run = await measureRouting({ dir, cases, scratch: home });
      hasSuggest = run.hasSuggest;
      log(
        `${built.skills} skill folders (${built.distractors} distractors): ${run.skills} listed, ` +
          `${run.describedInLayer1} described in Layer 1, measured in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      const groups = new Map<string, number[]>();
      cases.forEach((item, index) => {
        for (const key of [`${item.set}\u0000all`, `${item.set}\u0000${item.group}`]) {
          groups.set(key, [...(groups.get(key) ?? []), index]);
        }
      });
      for (const [key, indexes] of groups) {
        const [set = "", group = ""] = key.split("\u0000");
        const summary = summarizeOutcomes(
          indexes.map((index) => run.outcomes[index]).filter((o) => o !== undefined),
        );
        rows.push({ set, group, distractors: built.distractors, skills: run.skills, summary });
      }
      costs.push({
        distractors: built.distractors,
        skills: run.skills,
        firstSearchMs: run.firstSearchMs,
        searchMsMean: mean(run.searchMs),
        searchMsMedian: median(run.searchMs),
        floorMsMean: mean(run.floorMs),
        searchToFloor: mean(run.searchMs) / Math.max(mean(run.floorMs), 1e-6),
        systemPromptMsMedian: median(run.systemPromptMs),
        suggestMsMean: run.suggestMs.length === 0 ? undefined : mean(run.suggestMs),
      });
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ date: new Date().toISOString(), node: process.version, sets: options.sets, hasSuggest, rows, costs }, null, 2)}\n`,
    );
    return;
  }
  const order = (row: ResultRow) => `${row.set === "tune" ? 0 : 1}${row.group === "all" ? 0 : 1}${row.group}`;
  const sorted = [...rows].sort((a, b) => order(a).localeCompare(order(b)) || a.distractors - b.distractors);
  process.stdout.write(
    `${renderTextTable(
      [
        "set",
        "group",
        "distractors",
        "skills",
        "prompts",
        "reachable",
        "top-1",
        "top-5",
        "MRR@5",
        "near-miss top-1",
        "suggest R@3",
        "suggest on neg.",
      ],
      sorted.map(({ set, group, distractors, skills, summary }) => [
        set === "heldout" ? "held-out" : set,
        group,
        String(distractors),
        String(skills),
        group === "negatives" ? `${summary.negatives}` : `${summary.positives}`,
        summary.positives === 0 ? "" : percent(summary.reachable),
        summary.positives === 0 ? "" : percent(summary.top1),
        summary.positives === 0 ? "" : percent(summary.top5),
        summary.positives === 0 ? "" : summary.mrr.toFixed(3),
        summary.nearMisses === 0 ? "" : percent(summary.nearMissTop1),
        !hasSuggest ? "n/a" : summary.positives === 0 ? "" : percent(summary.suggestRecall3),
        !hasSuggest ? "n/a" : summary.negatives === 0 ? "" : percent(summary.suggestRateOnNegatives),
      ]),
    )}\n\n`,
  );
  process.stdout.write(
    `${renderTextTable(
      [
        "distractors",
        "skills",
        "first search (index)",
        "search/turn",
        "floor/turn",
        "search vs floor",
        "systemPrompt()",
        "suggest/turn",
      ],
      costs.map((cost) => [
        String(cost.distractors),
        String(cost.skills),
        `${(cost.firstSearchMs as number).toFixed(1)} ms`,
        `${(cost.searchMsMean as number).toFixed(2)} ms`,
        `${(cost.floorMsMean as number).toFixed(2)} ms`,
        `${(cost.searchToFloor as number).toFixed(2)}x`,
        `${(cost.systemPromptMsMedian as number).toFixed(1)} ms`,
        cost.suggestMsMean === undefined ? "n/a" : `${(cost.suggestMsMean as number).toFixed(2)} ms`,
      ]),
    )}\n`,
  );
  process.stdout.write(
    "reachable: the expected skill has its own `- name: description` line in systemPrompt() or is in search_skills' top 5 (raw message, limit 5).\n" +
      "near-miss top-1: trigger evals' should_trigger:false prompts whose rejected skill came first. The floor: a substring scan of every name and description.\n",
  );
}

await main();
