// The whole-process bench: `skillbox list --json` and `skillbox prompt --budget` over a generated
// tree as users run them (a fresh process each time, warm page cache), each run paired with a run of
// its baseline (the readFileSync floor, or `node -e 0` for start-up), plus openskills on the same
// tree. Cold runs start without a saved index; warm runs reuse the state an earlier run left.

import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchCli } from "./build-bench-cli.js";
import type { GeneratedSkillTree } from "./generate-skills.js";
import { type ProcessCommand, type ProcessRun, timeProcess } from "./time-process.js";

/** One measured command: its runs and its baseline's runs, pair by pair. */
export interface ProcessMeasure {
  label: string;
  baseline: "floor" | "node -e 0";
  /** Undefined when it could not be measured (the note says why). */
  runs: ProcessRun[] | undefined;
  baselineRuns: ProcessRun[];
  note?: string;
  skillsReported?: number;
  /** Targets from issue 10: a ratio to the baseline and a peak RSS in MB. */
  maxRatio?: number;
  maxRssMegabytes?: number;
  /** Target from issue 19: milliseconds over the baseline (median of the per-pair differences). */
  maxExtraMilliseconds?: number;
}

export interface WholeProcessOptions {
  tree: GeneratedSkillTree;
  cli: BenchCli;
  /** Timed pairs per measure (after one warm-up pair). */
  pairs: number;
  budgetTokens: number;
  /** A scratch folder this bench may fill. */
  scratch: string;
  log: (text: string) => void;
}

/** What the whole-process bench found. */
export interface WholeProcessResult {
  measures: ProcessMeasure[];
  /** Whether a warm `list --json` printed exactly what a cold one did (undefined without warm runs). */
  coldWarmIdentical: boolean | undefined;
  openskillsVersion: string | undefined;
}

const floorScript = fileURLToPath(new URL("./floor-read.mjs", import.meta.url));
const importCoreScript = fileURLToPath(new URL("./import-core.mjs", import.meta.url));
// What import-core.mjs loads: the built core, as users get it (the sources need a TypeScript loader).
const builtCore = fileURLToPath(new URL("../packages/core/dist/index.js", import.meta.url));

/** Runs every measure of the whole-process table. */
export function measureWholeProcesses(options: WholeProcessOptions): WholeProcessResult {
  const { tree, cli, scratch, log } = options;
  const node = process.execPath;
  const folders = {
    cwd: join(scratch, "cwd"),
    empty: join(scratch, "empty-skills"),
    template: join(scratch, "home-template"),
    cold: join(scratch, "home-cold"),
    warm: join(scratch, "home-warm"),
    openskillsHome: join(scratch, "home-openskills"),
  };
  for (const folder of [folders.cwd, folders.empty, folders.template]) mkdirSync(folder, { recursive: true });
  const fileList = join(scratch, "skill-files.json");
  writeFileSync(fileList, JSON.stringify(tree.skills.map((skill) => skill.file)));

  const environment = (home: string): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: home,
    DO_NOT_TRACK: "1",
    DISABLE_TELEMETRY: "1",
    NO_COLOR: "1",
  });
  const command = (args: string[], home = folders.template): ProcessCommand => ({
    command: node,
    args,
    cwd: folders.cwd,
    env: environment(home),
  });
  const floor = command([floorScript, fileList]);
  const nodeStart = command(["-e", "0"]);
  const list = (home: string) => command([cli.path, "list", "--json", "--dir", tree.root], home);
  const prompt = (home: string) =>
    command([cli.path, "prompt", "--budget", String(options.budgetTokens), "--dir", tree.root], home);

  // The template home holds a created store and nothing about the tree: each cold run gets a copy.
  expectSuccess(timeProcess(command([cli.path, "list", "--dir", folders.empty])), "skillbox list (empty)");
  const freshCold = () => {
    rmSync(folders.cold, { recursive: true, force: true });
    cpSync(folders.template, folders.cold, { recursive: true });
  };
  rmSync(folders.warm, { recursive: true, force: true });
  cpSync(folders.template, folders.warm, { recursive: true });
  const templateBytes = folderBytes(folders.template);
  const primed = expectSuccess(timeProcess(list(folders.warm)), "skillbox list --json (priming)");
  expectSuccess(timeProcess(prompt(folders.warm)), "skillbox prompt (priming)");
  // A saved index for 10,000 skills takes far more than 50 bytes a skill; a store's bookkeeping does not.
  const warmPossible = folderBytes(folders.warm) - templateBytes >= 50 * tree.skills.length;
  const noWarm = "n/a — needs index for --dir";

  const pair = (
    label: string,
    tool: ProcessCommand,
    baseline: ProcessCommand,
    prepare: () => void = () => {},
  ): { runs: ProcessRun[]; baselineRuns: ProcessRun[] } => {
    const runs: ProcessRun[] = [];
    const baselineRuns: ProcessRun[] = [];
    for (let index = 0; index <= options.pairs; index++) {
      prepare();
      const run = expectSuccess(timeProcess(tool), label);
      const base = expectSuccess(timeProcess(baseline), "baseline");
      // The first pair warms the page cache and the machine; it is not counted.
      if (index > 0) {
        runs.push(run);
        baselineRuns.push(base);
      }
    }
    log(`  ${label}: ${runs.length} pairs done`);
    return { runs, baselineRuns };
  };

  const measures: ProcessMeasure[] = [];
  const coldList = pair("skillbox list --json (cold)", list(folders.cold), floor, freshCold);
  measures.push({
    label: "skillbox list --json --dir <tree>, cold",
    baseline: "floor",
    ...coldList,
    skillsReported: countListed(coldList.runs[0]?.stdout),
    maxRatio: 2.5,
    maxRssMegabytes: 150,
  });
  let coldWarmIdentical: boolean | undefined;
  if (warmPossible) {
    const warmList = pair("skillbox list --json (warm)", list(folders.warm), floor);
    coldWarmIdentical = warmList.runs[0]?.stdout === coldList.runs[0]?.stdout && primed.stdout.length > 0;
    measures.push({ label: "skillbox list --json --dir <tree>, warm", baseline: "floor", ...warmList });
  } else {
    measures.push({ label: "skillbox list --json --dir <tree>, warm", baseline: "floor", ...noRuns(noWarm) });
  }
  const budget = options.budgetTokens;
  const coldPrompt = pair(`skillbox prompt (cold)`, prompt(folders.cold), floor, freshCold);
  measures.push({
    label: `skillbox prompt --budget ${budget} --dir <tree>, cold`,
    baseline: "floor",
    ...coldPrompt,
  });
  measures.push({
    label: `skillbox prompt --budget ${budget} --dir <tree>, warm`,
    baseline: "floor",
    ...(warmPossible ? pair("skillbox prompt (warm)", prompt(folders.warm), floor) : noRuns(noWarm)),
    maxRatio: 0.5,
  });

  const openskills = openskillsCommand(folders.openskillsHome, tree.root, folders.cwd, environment);
  if (openskills === undefined) {
    measures.push({
      label: "openskills list",
      baseline: "floor",
      ...noRuns("n/a — openskills is not installed"),
    });
  } else {
    const runs = pair("openskills list", openskills.command, floor);
    measures.push({
      label: `openskills ${openskills.version} list (parses no YAML)`,
      baseline: "floor",
      ...runs,
      skillsReported: countOpenskills(runs.runs[0]?.stdout),
    });
  }

  const emptyList = pair(
    "skillbox list (empty folder)",
    command([cli.path, "list", "--dir", folders.empty]),
    nodeStart,
  );
  measures.push({
    label: "skillbox list --dir <empty folder>",
    baseline: "node -e 0",
    ...emptyList,
    maxRatio: 1.5,
  });

  const importLabel = 'import("@skillbox/core") (packages/core/dist)';
  measures.push({
    label: importLabel,
    baseline: "node -e 0",
    ...(existsSync(builtCore)
      ? pair(importLabel, command([importCoreScript]), nodeStart)
      : noRuns("n/a — packages/core/dist is missing: run npm run build")),
    maxExtraMilliseconds: 50,
  });
  return { measures, coldWarmIdentical, openskillsVersion: openskills?.version };
}

function noRuns(note: string): { runs: undefined; baselineRuns: ProcessRun[]; note: string } {
  return { runs: undefined, baselineRuns: [], note };
}

function expectSuccess(run: ProcessRun, label: string): ProcessRun {
  if (run.status !== 0) throw new Error(`${label} exited with ${run.status}: ${run.stderr.slice(0, 2000)}`);
  return run;
}

/** openskills reads ~/.claude/skills: a home whose skills link points at the tree. */
function openskillsCommand(
  home: string,
  root: string,
  cwd: string,
  environment: (home: string) => NodeJS.ProcessEnv,
): { command: ProcessCommand; version: string } | undefined {
  let packageFile: string;
  try {
    packageFile = createRequire(import.meta.url).resolve("openskills/package.json");
  } catch {
    // Not installed (npm ci --omit=dev): the row says so.
    return undefined;
  }
  const manifest = createRequire(import.meta.url)(packageFile) as {
    version: string;
    bin: Record<string, string>;
  };
  const bin = join(dirname(packageFile), manifest.bin.openskills ?? "dist/cli.js");
  rmSync(home, { recursive: true, force: true });
  mkdirSync(join(home, ".claude"), { recursive: true });
  symlinkSync(root, join(home, ".claude", "skills"));
  return {
    command: { command: process.execPath, args: [bin, "list"], cwd, env: environment(home) },
    version: manifest.version,
  };
}

function countListed(stdout: string | undefined): number | undefined {
  if (stdout === undefined) return undefined;
  try {
    return (JSON.parse(stdout) as { skills: unknown[] }).skills.length;
  } catch {
    return undefined;
  }
}

function countOpenskills(stdout: string | undefined): number | undefined {
  const total = /\((\d+) total\)/.exec(stdout ?? "")?.[1];
  return total === undefined ? undefined : Number(total);
}

function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}
