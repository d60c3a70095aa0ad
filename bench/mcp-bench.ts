// The MCP bench, whole process: `skillbox mcp --dir <tree>` spawned over stdio with a fresh home, driven
// by the official v2 client as a host would: start to initialized (start-up and the registry's cold
// scan), the first skills/list page, every page cold (each entry's files walked, read and hashed
// then), every page again (from the stamp cache), resources/read p50/p99 verified by SkillsClient,
// and the server's peak RSS. Each run is paired with a run of the floor (bench/floor-hash.mjs: walk
// the tree, read and sha256 every file, the least a server must do once to publish every manifest).
//
// Standalone: `node --import tsx bench/mcp-bench.ts [skills] [--runs N] [--cli <main.js>] [--root <tree>]
// [--profile <folder>] [--json]` (default: a generated tree of 10,000 skill folders, 3 runs, the CLI bundled from the
// current sources); `npm run bench` runs it as its own table.

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { type Skill, SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { z } from "zod";
import { createBenchRandom } from "./bench-random.js";
import { buildBenchCli } from "./build-bench-cli.js";
import { generateSkillTree, quantile } from "./generate-skills.js";
import { median } from "./render-process-table.js";
import { renderTextTable } from "./render-text-table.js";
import { timeProcess } from "./time-process.js";

/** What one bench needs. */
export interface McpBenchOptions {
  /** The skill tree served with --dir. */
  root: string;
  /** The CLI entry (`main.js`) to run as `node <cli> mcp`. */
  cli: string;
  /** Server runs, each paired with a floor run (after one floor run that warms the page cache). */
  runs: number;
  /** A folder this bench may fill. */
  scratch: string;
  log: (text: string) => void;
  /** resources/read calls per run; default 500. */
  reads?: number;
  /** Write each server's V8 CPU profile into this folder (`--cpu-prof`). */
  profileDirectory?: string;
}

/** One server run and its paired floor. CPU figures are the server's (Linux, /proc), undefined elsewhere. */
export interface McpRun {
  readyMs: number;
  readyCpuMs: number | undefined;
  firstPageMs: number;
  enumerationColdMs: number;
  enumerationColdCpuMs: number | undefined;
  enumerationWarmMs: number;
  enumerationWarmCpuMs: number | undefined;
  pages: number;
  served: number;
  files: number;
  readP50Ms: number;
  readP99Ms: number;
  peakRssMb: number | undefined;
  /** Lines the server wrote to stderr (its warnings about skills it does not publish). */
  warnings: number;
  floorMs: number;
  floorCpuMs: number | undefined;
  floorRssMb: number | undefined;
}

const floorScript = fileURLToPath(new URL("./floor-hash.mjs", import.meta.url));
const rssPreload = fileURLToPath(new URL("./report-max-rss.cjs", import.meta.url));
const PageSchema = z.looseObject({
  skills: z.array(z.looseObject({ uri: z.string() })),
  nextCursor: z.string().optional(),
});

/** Runs the bench: `runs` server runs over `root`, each paired with the floor. */
export async function measureMcpServer(options: McpBenchOptions): Promise<McpRun[]> {
  const node = process.execPath;
  const cwd = join(options.scratch, "cwd");
  mkdirSync(cwd, { recursive: true });
  const floor = () =>
    timeProcess({
      command: node,
      args: [floorScript, options.root],
      cwd,
      env: { PATH: process.env.PATH },
    });
  floor();
  const runs: McpRun[] = [];
  for (let index = 0; index < options.runs; index++) {
    const home = join(options.scratch, `home-${index}`);
    rmSync(home, { recursive: true, force: true });
    mkdirSync(home, { recursive: true });
    const server = await runServer(options, node, cwd, home);
    const base = floor();
    if (base.status !== 0) throw new Error(`the floor failed: ${base.stderr.slice(0, 2000)}`);
    const floorCpu = /cpu (\d+) ms/.exec(base.stdout)?.[1];
    runs.push({
      ...server,
      floorMs: base.milliseconds,
      floorCpuMs: floorCpu === undefined ? undefined : Number(floorCpu),
      floorRssMb: base.maxRssMegabytes,
    });
    options.log(
      `  skillbox mcp run ${index + 1}/${options.runs}: every page cold ${(server.enumerationColdMs / 1000).toFixed(2)} s, ` +
        `floor ${(base.milliseconds / 1000).toFixed(2)} s`,
    );
    rmSync(home, { recursive: true, force: true });
  }
  return runs;
}

async function runServer(
  options: McpBenchOptions,
  node: string,
  cwd: string,
  home: string,
): Promise<Omit<McpRun, "floorMs" | "floorCpuMs" | "floorRssMb">> {
  const rssFile = join(home, "max-rss");
  const started = performance.now();
  const transport = new StdioClientTransport({
    command: node,
    args: [
      // Not allowed in NODE_OPTIONS.
      ...(options.profileDirectory === undefined
        ? []
        : ["--cpu-prof", `--cpu-prof-dir=${options.profileDirectory}`]),
      options.cli,
      "mcp",
      "--dir",
      options.root,
    ],
    cwd,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: home,
      NO_COLOR: "1",
      DO_NOT_TRACK: "1",
      NODE_OPTIONS: `--require ${rssPreload}`,
      SKILLBOX_BENCH_RSS_FILE: rssFile,
    },
    stderr: "pipe",
    maxBufferSize: 256 * 1024 * 1024,
  });
  let warnings = 0;
  let lastError = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    for (const byte of chunk) if (byte === 10) warnings++;
    lastError = (lastError + chunk.toString("utf8")).slice(-2000);
  });
  const client = new Client({ name: "skillbox-mcp-bench", version: "1.0.0" }, { listMaxPages: 0 });
  let closing = false;
  client.onclose = () => {
    if (!closing) options.log(`skillbox mcp closed early; its last stderr:\n${lastError}`);
  };
  try {
    await client.connect(transport);
    const readyMs = performance.now() - started;
    const cpu = () => cpuMilliseconds(transport.pid);
    const readyCpuMs = cpu();

    const enumerate = async () => {
      const pageTimes: number[] = [];
      const skills: { uri: string }[] = [];
      let cursor: string | undefined;
      do {
        const pageStarted = performance.now();
        const page = await client.request(
          { method: "skills/list", params: cursor === undefined ? {} : { cursor } },
          PageSchema,
        );
        pageTimes.push(performance.now() - pageStarted);
        skills.push(...page.skills);
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      return { pageTimes, skills };
    };
    const coldStarted = performance.now();
    const cold = await enumerate();
    const enumerationColdMs = performance.now() - coldStarted;
    const coldCpuMs = cpu();

    // The second pass goes through SkillsClient, which checks every entry as a host would.
    const skillsClient = new SkillsClient(client);
    const warmStarted = performance.now();
    const warm = await skillsClient.list();
    const enumerationWarmMs = performance.now() - warmStarted;
    const warmCpuMs = cpu();
    if (warm.skills.length !== cold.skills.length) {
      throw new Error(
        `the warm listing has ${warm.skills.length} skills, the cold one ${cold.skills.length}`,
      );
    }

    const files: { skill: Skill; uri: string }[] = [];
    for (const skill of warm.skills) {
      if (skill.resources !== "dynamic") for (const { uri } of skill.resources) files.push({ skill, uri });
    }
    const random = createBenchRandom(7);
    const readTimes: number[] = [];
    for (let read = 0; read < (options.reads ?? 500) && files.length > 0; read++) {
      const file = files[Math.floor(random.next() * files.length)] as { skill: Skill; uri: string };
      const readStarted = performance.now();
      await skillsClient.read(file.skill, file.uri);
      readTimes.push(performance.now() - readStarted);
    }
    closing = true;
    await client.close();
    const difference = (later: number | undefined, earlier: number | undefined) =>
      later === undefined || earlier === undefined ? undefined : later - earlier;
    return {
      readyMs,
      readyCpuMs,
      firstPageMs: cold.pageTimes[0] ?? 0,
      enumerationColdMs,
      enumerationColdCpuMs: difference(coldCpuMs, readyCpuMs),
      enumerationWarmMs,
      enumerationWarmCpuMs: difference(warmCpuMs, coldCpuMs),
      pages: cold.pageTimes.length,
      served: cold.skills.length,
      files: files.length,
      readP50Ms: quantile(readTimes, 0.5),
      readP99Ms: quantile(readTimes, 0.99),
      peakRssMb: readRss(rssFile),
      warnings,
    };
  } finally {
    closing = true;
    await client.close().catch(() => undefined);
  }
}

let clockTicks: number | undefined;

/** User + system CPU of a running process from /proc (Linux); undefined where there is none. */
function cpuMilliseconds(pid: number | null): number | undefined {
  if (pid === null) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    clockTicks ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return undefined;
  }
}

function readRss(file: string): number | undefined {
  try {
    const kilobytes = Number(readFileSync(file, "utf8").trim().split("\n").pop());
    return Number.isFinite(kilobytes) && kilobytes > 0 ? kilobytes / 1024 : undefined;
  } catch {
    // The server did not exit on its own (killed after the close timeout): no figure.
    return undefined;
  }
}

/** The MCP table: medians over the runs, ratios to the floor as medians of the per-run ratios. */
export function renderMcpTable(runs: readonly McpRun[]): string {
  const med = (pick: (run: McpRun) => number) => median(runs.map(pick));
  const range = (pick: (run: McpRun) => number, digits: number, scale = 1) => {
    const values = runs.map((run) => pick(run) / scale);
    return `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)})`;
  };
  const ratio = (pick: (run: McpRun) => number) => `${med((run) => pick(run) / run.floorMs).toFixed(2)}x`;
  const cpu = (pick: (run: McpRun) => number | undefined) => {
    const values = runs.map(pick).filter((value): value is number => value !== undefined);
    return values.length === 0 ? "-" : `${(median(values) / 1000).toFixed(2)} s`;
  };
  const first = runs[0];
  const rss = runs.map((run) => run.peakRssMb).filter((value): value is number => value !== undefined);
  const floorRss = runs.map((run) => run.floorRssMb).filter((value): value is number => value !== undefined);
  const rows: string[][] = [
    [
      "start to initialized (start-up, cold registry scan)",
      `${range((run) => run.readyMs, 2, 1000)} s`,
      ratio((run) => run.readyMs),
      cpu((run) => run.readyCpuMs),
    ],
    ["skills/list first page, cold", `${range((run) => run.firstPageMs, 1)} ms`, "", ""],
    [
      `skills/list every page, cold (${first?.served.toLocaleString("en-US")} skills, ${first?.pages} pages)`,
      `${range((run) => run.enumerationColdMs, 2, 1000)} s`,
      ratio((run) => run.enumerationColdMs),
      cpu((run) => run.enumerationColdCpuMs),
    ],
    [
      "skills/list every page again (SkillsClient.list)",
      `${range((run) => run.enumerationWarmMs, 2, 1000)} s`,
      ratio((run) => run.enumerationWarmMs),
      cpu((run) => run.enumerationWarmCpuMs),
    ],
    [
      `resources/read p50 / p99 (SkillsClient.read, ${first?.files.toLocaleString("en-US")} files)`,
      `${med((run) => run.readP50Ms).toFixed(2)} / ${med((run) => run.readP99Ms).toFixed(2)} ms`,
      "",
      "",
    ],
    ["server peak RSS", rss.length === 0 ? "-" : `${median(rss).toFixed(0)} MB`, "", ""],
    [
      "floor: walk, read and sha256 every file",
      `${range((run) => run.floorMs, 2, 1000)} s${floorRss.length === 0 ? "" : `, ${median(floorRss).toFixed(0)} MB`}`,
      "1.00x",
      cpu((run) => run.floorCpuMs),
    ],
  ];
  const header = ["skillbox mcp over stdio, official v2 client", "wall, median (min-max)", "x floor", "CPU"];
  return renderTextTable(header, rows);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const option = (flag: string) => {
    const at = argv.indexOf(flag);
    return at === -1 ? undefined : argv[at + 1];
  };
  const count = Number(argv.find((argument) => /^\d+$/.test(argument)) ?? 10_000);
  const runs = Number(option("--runs") ?? 3);
  const log = (text: string) => process.stderr.write(`${text}\n`);
  const base = mkdtempSync(join(tmpdir(), "skillbox-mcp-bench-"));
  try {
    let root = option("--root");
    if (root === undefined) {
      const tree = await generateSkillTree(join(base, "skills"), count, 42);
      log(`generated ${count} skill folders (${tree.skills.length} skills, ${tree.fileCount} files)`);
      root = tree.root;
    }
    const cli = option("--cli") ?? buildBenchCli(log).path;
    const profileDirectory = option("--profile");
    const result = await measureMcpServer({
      root,
      cli,
      runs,
      scratch: join(base, "scratch"),
      log,
      ...(profileDirectory === undefined ? {} : { profileDirectory: resolve(profileDirectory) }),
    });
    if (argv.includes("--json")) process.stdout.write(`${JSON.stringify(result)}\n`);
    else process.stdout.write(`${renderMcpTable(result)}\n`);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main();
