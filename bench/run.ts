// `npm run bench`: first the whole-process table (what users run: `skillbox list --json` and
// `skillbox prompt` as fresh processes over a real-shaped tree, each run paired with a run of the
// readFileSync floor, warm page cache, median of the pairs, peak RSS, and openskills on the same
// tree; `import("@skillbox/core")` from packages/core/dist against `node -e 0`, which needs
// `npm run build`), then the in-process figures (registry and progressive disclosure inside child
// processes, at 1,000 and 10,000 skills). Prints both tables and writes bench/results.json.
// Options: --quick (1,000 skills), --profile (CPU profiles of the in-process cold scan and warm start),
// --processes-only (the whole-process tables alone, printed, bench/results.json left as it is),
// --no-mcp (without the MCP table: `skillbox mcp` over stdio, bench/mcp-bench.ts, after the CLI table).
// Environment: SKILLBOX_BENCH_SKILLS=<n> (tree size, default 10,000; also the only in-process size),
// SKILLBOX_BENCH_PAIRS=<n> (timed pairs per whole-process measure, default 5),
// SKILLBOX_BENCH_MCP_RUNS=<n> (server runs of the MCP table, each paired with its floor, default 3).

import { execSync, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createSkillRegistry } from "@skillbox/core/registry/skill-registry";
import { benchRegistryOptions, type ChildOptions, type ChildResult } from "./bench-options.js";
import { buildBenchCli } from "./build-bench-cli.js";
import { buildBenchChild } from "./build-child.js";
import { type GeneratedSkillTree, generateSkillTree, quantile } from "./generate-skills.js";
import { measureLayer1Saving } from "./layer1-saving.js";
import { measureMcpServer, renderMcpTable } from "./mcp-bench.js";
import { measureWholeProcesses } from "./measure-processes.js";
import {
  measureLayer1,
  measureLoads,
  measureRefreshAfterEdit,
  measureSearchQuality,
} from "./measure-registry.js";
import { measureSuggestions } from "./measure-suggestions.js";
import { type BenchRow, renderBenchTable } from "./render-bench-table.js";
import { renderProcessTable, summarizeMeasure } from "./render-process-table.js";
import { summarizeProfile } from "./summarize-profile.js";
import { rssMethod } from "./time-process.js";

const packageRoot = fileURLToPath(new URL("../", import.meta.url));
const child = buildBenchChild();
const quick = process.argv.includes("--quick");
const profile = process.argv.includes("--profile");
const processesOnly = process.argv.includes("--processes-only");
const mcpRuns = process.argv.includes("--no-mcp") ? 0 : Number(process.env.SKILLBOX_BENCH_MCP_RUNS ?? 3) || 3;
const requested = Number(process.env.SKILLBOX_BENCH_SKILLS ?? "");
const treeSize = Number.isInteger(requested) && requested > 0 ? requested : quick ? 1000 : 10_000;
const pairs = Math.max(5, Number(process.env.SKILLBOX_BENCH_PAIRS ?? 5) || 5);
const sizes = requested > 0 ? [treeSize] : quick ? [1000] : [1000, 10_000];
const BUDGET_TOKENS = 4000;
// Child runs per measurement (the fastest counts); fewer at 10,000 to stay within about 3 minutes.
const repeatsFor = (size: number) => (size >= 10_000 ? 2 : 3);

function runChild(task: string, options: ChildOptions, nodeFlags: string[] = []): ChildResult {
  const result = spawnSync(
    process.execPath,
    ["--expose-gc", ...nodeFlags, ...child.args, task, JSON.stringify(options)],
    { cwd: packageRoot, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const line = result.stdout.trim().split("\n").pop() ?? "";
  if (result.status !== 0 || line === "") throw new Error(`bench child ${task} failed: ${result.stderr}`);
  return JSON.parse(line) as ChildResult;
}

/** Drops the page cache when allowed (root on Linux); says so when it could not. */
function dropCaches(): boolean {
  try {
    execSync("sync");
    writeFileSync("/proc/sys/vm/drop_caches", "3");
    return true;
  } catch {
    // Not permitted (not root, or a read-only /proc in a container): both floor and scan run warm.
    return false;
  }
}

const log = (text: string) => process.stderr.write(`${text}\n`);

const base = mkdtempSync(join(tmpdir(), "skillbox-bench-"));
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  childrenCompiled: child.compiled,
  budgetTokens: BUDGET_TOKENS,
  sizes: {},
};
const rows: BenchRow[] = [];
const startedAll = performance.now();
const trees = new Map<number, GeneratedSkillTree>();
const generate = async (size: number): Promise<GeneratedSkillTree> => {
  const started = performance.now();
  const tree = await generateSkillTree(join(base, `skills-${size}`), size, 42);
  log(
    `generated ${size} skill folders (${tree.skills.length} skills, ${tree.fileCount} files, ` +
      `${tree.directoryCount} folders) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  trees.set(size, tree);
  return tree;
};
let processTable = "";
let mcpTable = "";
try {
  // Whole processes first: the in-process part below edits the tree.
  const processTree = await generate(treeSize);
  const cli = buildBenchCli(log);
  log(`whole-process bench over ${treeSize} skill folders, ${pairs} pairs each (CLI ${cli.source})`);
  const scratch = join(base, "whole-process");
  mkdirSync(scratch, { recursive: true });
  const wholeProcess = measureWholeProcesses({
    tree: processTree,
    cli,
    pairs,
    budgetTokens: BUDGET_TOKENS,
    scratch,
    log,
  });
  processTable = renderProcessTable(wholeProcess.measures);
  results.wholeProcess = {
    skillFolders: treeSize,
    skills: processTree.skills.length,
    pairs,
    cli: cli.source,
    rss: rssMethod(),
    coldWarmIdentical: wholeProcess.coldWarmIdentical,
    measures: wholeProcess.measures.map((measure) => ({
      label: measure.label,
      baseline: measure.baseline,
      note: measure.note,
      skillsReported: measure.skillsReported,
      summary: summarizeMeasure(measure),
      runs: measure.runs?.map((run) => ({
        milliseconds: run.milliseconds,
        maxRssMegabytes: run.maxRssMegabytes,
      })),
      baselineRuns: measure.baselineRuns.map((run) => ({
        milliseconds: run.milliseconds,
        maxRssMegabytes: run.maxRssMegabytes,
      })),
    })),
  };
  log("whole-process measurements done");
  if (mcpRuns > 0) {
    log(`skillbox mcp over ${treeSize} skill folders, ${mcpRuns} runs`);
    const runs = await measureMcpServer({
      root: processTree.root,
      cli: cli.path,
      runs: mcpRuns,
      scratch: join(base, "mcp"),
      log,
    });
    mcpTable = renderMcpTable(runs);
    results.mcp = { skillFolders: treeSize, runs };
  }

  if (processesOnly) printWholeProcessTable();
  else await measureInProcess();
} finally {
  removeInBackground(base);
}

/** Prints the whole-process table measured above. */
function printWholeProcessTable(): void {
  const wholeTree = trees.get(treeSize);
  const identical = (results.wholeProcess as { coldWarmIdentical?: boolean }).coldWarmIdentical;
  console.log(
    `Whole processes over ${treeSize.toLocaleString("en-US")} real-shaped skill folders ` +
      `(${wholeTree?.skills.length.toLocaleString("en-US")} skills): median of ${pairs} pairs, each run paired ` +
      `with the floor (node reading every skill file with readFileSync), warm page cache, peak RSS by ${rssMethod()}.`,
  );
  console.log(processTable);
  if (identical !== undefined)
    console.log(`Cold and warm list --json output identical: ${identical ? "yes" : "NO"}.`);
  if (mcpTable !== "") {
    console.log(
      `\nskillbox mcp --dir <tree> over stdio, a fresh home each run (median of ${mcpRuns}), each run paired with ` +
        "the floor (node walking the tree, reading and sha256-hashing every file); peak RSS of the server process.",
    );
    console.log(mcpTable);
  }
}

/** The in-process figures (registry.refresh() and the like inside child processes), then both tables. */
async function measureInProcess(): Promise<void> {
  for (const size of sizes) {
    const root = join(base, `skills-${size}`);
    let started = performance.now();
    const tree = trees.get(size) ?? (await generate(size));
    const described = tree.skills;
    const fileList = join(base, `files-${size}.json`);
    writeFileSync(fileList, JSON.stringify(described.map((skill) => skill.file)));
    // The page cache is dropped (when allowed) before every floor, cold and warm run alike.
    let cachesDropped = true;
    const cold = (task: string, options: ChildOptions) => {
      cachesDropped = dropCaches() && cachesDropped;
      return runChild(task, options);
    };
    const floorRuns: ChildResult[] = [];
    const colds: ChildResult[] = [];
    for (let run = 0; run < repeatsFor(size); run++) {
      floorRuns.push(cold("floor", { root, fileList }));
      colds.push(cold("cold", { root }));
    }
    const cacheFile = join(base, `index-${size}.json`);
    runChild("warm-prepare", { root, cacheFile });
    const warms = Array.from({ length: repeatsFor(size) }, () => cold("warm", { root, cacheFile }));
    const rss = runChild("rss", { root, budgetTokens: BUDGET_TOKENS });
    log(`child measurements for ${size} done`);

    started = performance.now();
    const registry = createSkillRegistry(benchRegistryOptions(root));
    registry.refresh();
    const inProcessScan = performance.now() - started;
    const refresh = measureRefreshAfterEdit(registry, described);
    const layer1 = measureLayer1(registry, BUDGET_TOKENS);
    const loads = await measureLoads(registry);
    const search = await measureSearchQuality(registry, described);
    const suggestions = measureSuggestions(registry, described);
    registry.close();

    // The fastest of the repeats: the run least disturbed by other work on the machine.
    const fastest = (runs: ChildResult[]) => Math.min(...runs.map((item) => item.milliseconds ?? 0));
    const floor = fastest(floorRuns);
    const coldScan = fastest(colds);
    const warm = fastest(warms);
    const figures = {
      skillFolders: size,
      skills: colds[0]?.skills ?? 0,
      skillFileKilobytes: {
        p50: quantile(tree.skillFileSizes, 0.5) / 1024,
        p90: quantile(tree.skillFileSizes, 0.9) / 1024,
        p99: quantile(tree.skillFileSizes, 0.99) / 1024,
      },
      cachesDropped,
      floorRuns,
      coldRuns: colds,
      warmRuns: warms,
      coldParsed: colds[0]?.parsed,
      warmParsed: warms[0]?.parsed,
      inProcessScanMilliseconds: inProcessScan,
      refreshAfterEdit: refresh,
      layer1,
      loads,
      rss,
      search,
      suggestions,
    };
    (results.sizes as Record<string, unknown>)[String(size)] = figures;
    const targeted = size === 10_000;
    rows.push(
      { size, label: "floor: readFileSync every SKILL.md", value: floor, unit: "ms", floor },
      {
        size,
        label: "cold registry.refresh()",
        value: coldScan,
        unit: "ms",
        floor,
        maxRatio: targeted ? 1 : undefined,
      },
      {
        size,
        label: "warm registry.refresh() (persisted index)",
        value: warm,
        unit: "ms",
        floor,
        maxRatio: targeted ? 0.5 : undefined,
      },
      {
        size,
        label: "one-file refresh after edit (p50)",
        value: refresh.p50,
        unit: "ms",
        floor,
        max: targeted ? 20 : undefined,
      },
      {
        size,
        label: "one-file refresh after edit (max of 20)",
        value: refresh.max,
        unit: "ms",
        floor,
        max: targeted ? 20 : undefined,
      },
      {
        size,
        label: `Layer 1 build, ${BUDGET_TOKENS}-token budget (p50)`,
        value: layer1.warm.p50,
        unit: "ms",
        floor,
        max: targeted ? 20 : undefined,
      },
      { size, label: "load_skill p50", value: loads.p50, unit: "ms", floor },
      { size, label: "load_skill p99", value: loads.p99, unit: "ms", floor, max: targeted ? 1 : undefined },
      {
        size,
        label: "load_skill p99, fastest of 3 per call",
        value: loads.intrinsic.p99,
        unit: "ms",
        floor,
        max: targeted ? 1 : undefined,
      },
      {
        size,
        label: "peak RSS (refresh, Layer 1, 500 loads, 100 searches)",
        value: rss.maxRssMegabytes ?? 0,
        unit: "MB",
        max: targeted ? 150 : undefined,
      },
      {
        size,
        label: "suggestions per user turn, index built (p50)",
        value: suggestions.p50,
        unit: "ms",
        floor,
        max: targeted ? 20 : undefined,
      },
      {
        size,
        label: "suggestions per user turn, index built (p99)",
        value: suggestions.p99,
        unit: "ms",
        floor,
      },
      {
        size,
        label: "search: 3 distinctive words, top 5",
        value: search.recallAt5 * 100,
        unit: "%",
        min: targeted ? 95 : undefined,
      },
    );
    log(`in-process measurements for ${size} done`);
  }

  const savingRoot = join(base, "skills-100");
  await generateSkillTree(savingRoot, 100, 7);
  const savingRegistry = createSkillRegistry(benchRegistryOptions(savingRoot));
  const saving = await measureLayer1Saving(savingRegistry);
  savingRegistry.close();
  results.layer1Saving = saving;

  const profiles: Record<string, string> = {};
  if (profile) {
    const largest = sizes[sizes.length - 1] ?? 1000;
    const root = join(base, `skills-${largest}`);
    const directory = join(packageRoot, "bench", "profiles");
    for (const task of ["cold", "warm"] as const) {
      rmSync(directory, { recursive: true, force: true });
      dropCaches();
      const options = task === "warm" ? { root, cacheFile: join(base, `index-${largest}.json`) } : { root };
      runChild(task, options, ["--cpu-prof", "--cpu-prof-dir", directory]);
      const file = readdirSync(directory).find((name) => name.endsWith(".cpuprofile"));
      if (file !== undefined) profiles[task] = summarizeProfile(join(directory, file), 20);
    }
    rmSync(directory, { recursive: true, force: true });
    results.profiles = profiles;
  }

  results.totalSeconds = (performance.now() - startedAll) / 1000;
  printWholeProcessTable();
  console.log(
    "\nIn-process figures: each measured inside a child process (registry.refresh() and the like, " +
      "not a whole CLI run), against a floor read in a child process the same way.",
  );
  console.log(renderBenchTable(rows));
  console.log(
    `\nLayer 1 saving, ${saving.skills} realistic skills (cl100k_base tokens): Layer 1 listing ${saving.layer1Tokens} ` +
      `vs all bodies inlined ${saving.inlinedTokens} -> ${(saving.saving * 100).toFixed(1)}% fewer system-prompt tokens ` +
      `(the load_skill description adds ${saving.toolDescriptionTokens} tokens of tool schema).`,
  );
  const dropped = Object.values(results.sizes as Record<string, { cachesDropped: boolean }>).every(
    (item) => item.cachesDropped,
  );
  console.log(
    dropped
      ? "Page cache dropped before the cold measurements."
      : "Page cache could not be dropped (no permission): floor and cold scan both read from the page cache.",
  );
  for (const [task, summary] of Object.entries(profiles)) {
    console.log(
      `\nCPU profile of the ${task} ${task === "cold" ? "scan" : "start"}, whole child process (self time):\n${summary}`,
    );
  }
  console.log(`\nTotal ${(results.totalSeconds as number).toFixed(0)} s. Results in bench/results.json.`);
  writeFileSync(
    join(packageRoot, "bench", "results.json"),
    `${JSON.stringify({ ...results, rows }, null, 2)}\n`,
  );
}

/** Deleting ~50,000 files can take longer than the benchmark itself: hand it to a detached `rm`. */
function removeInBackground(folder: string): void {
  if (process.platform === "win32") {
    rmSync(folder, { recursive: true, force: true });
    return;
  }
  spawn("rm", ["-rf", folder], { detached: true, stdio: "ignore" }).unref();
}
