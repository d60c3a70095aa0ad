// Fleet load bench: `GET /api/prompt` and `GET /api/skills` under autocannon, against two real
// `skillbox serve` processes on one PostgreSQL database (the connections spread over both) and against
// one `serve` on SQLite, over a generated tree of real-shaped skills. Prints requests/s, p50, p99 and
// errors per setup and endpoint, and the load average around the run (the machine may be shared).
//
// Run: npm run bench:fleet   (node --import tsx bench/fleet-load.ts)
// Options (environment): SKILLBOX_LOAD_SECONDS (30), SKILLBOX_LOAD_CONNECTIONS (200),
// SKILLBOX_LOAD_SKILLS (1000); e.g. SKILLBOX_LOAD_SECONDS=3 SKILLBOX_LOAD_CONNECTIONS=20 for a quick run.
// Uses SKILLBOX_BENCH_DATABASE_URL when set, else starts a throw-away cluster (scripts/pg-cluster.sh).

import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { type BenchDatabase, openBenchDatabase } from "./bench-database.js";
import { buildBenchCli } from "./build-bench-cli.js";
import { generateSkillTree } from "./generate-skills.js";

const seconds = readNumber("SKILLBOX_LOAD_SECONDS", 30);
const connections = readNumber("SKILLBOX_LOAD_CONNECTIONS", 200);
const skillCount = readNumber("SKILLBOX_LOAD_SKILLS", 1000);
const TOKEN = "fleet-load-bench-token-0123456789";
const ENDPOINTS = ["/api/prompt", "/api/skills"] as const;

interface Row {
  setup: string;
  endpoint: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  requests: number;
}

const work = mkdtempSync(join(tmpdir(), "skillbox-fleet-load-"));
const children: ChildProcess[] = [];
let database: BenchDatabase | undefined;

try {
  const cli = buildBenchCli((text) => console.log(text));
  const tree = await generateSkillTree(join(work, "skills"), skillCount);
  console.log(
    `${tree.skills.length} generated skills; ${seconds} s per endpoint at ${connections} connections; ` +
      `CLI ${cli.source}; ${cpus().length} cores`,
  );
  database = openBenchDatabase();
  const { url } = database;
  const schema = `bench_load_${Date.now()}`;
  const loadBefore = loadavg();
  const rows: Row[] = [];

  const sqlite = await startServe(cli.path, tree.root, "sqlite");
  rows.push(...(await measure("SQLite, 1 instance", [sqlite.origin])));
  await stop(sqlite.child);

  // The first instance migrates; the second starts once it has, as a rolling start would.
  const first = await startServe(cli.path, tree.root, "pg-a", { url, schema });
  const second = await startServe(cli.path, tree.root, "pg-b", { url, schema });
  rows.push(...(await measure("PostgreSQL, 2 instances", [first.origin, second.origin])));
  await stop(first.child);
  await stop(second.child);

  const loadAfter = loadavg();
  console.log("");
  console.log(renderTable(rows));
  console.log("");
  console.log(
    `load average (1, 5, 15 min) before: ${formatLoad(loadBefore)}; after: ${formatLoad(loadAfter)}`,
  );
} finally {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  database?.stop();
  rmSync(work, { recursive: true, force: true });
}

/** Starts `skillbox serve --port 0` in its own home folder; resolves once it listens and has its skills. */
async function startServe(
  cliPath: string,
  root: string,
  name: string,
  store?: { url: string; schema: string },
): Promise<{ child: ChildProcess; origin: string }> {
  const home = join(work, `home-${name}`);
  mkdirSync(join(home, ".skillbox"), { recursive: true });
  // A schema of its own per run: named through the user config's store (--store takes a URL only).
  if (store !== undefined) writeFileSync(join(home, ".skillbox", "config.json"), JSON.stringify({ store }));
  const child = spawn(process.execPath, [cliPath, "serve", "--port", "0", "--dir", root], {
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: home,
      SKILLBOX_TOKEN: TOKEN,
      SKILLBOX_DB: join(home, "skillbox.db"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let stdout = "";
    const timer = setTimeout(
      () => reject(new Error(`serve (${name}) did not start in 60 s: ${stderr}`)),
      60_000,
    );
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /Skillbox settings: (http:\/\/[^\s/]+)/.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on("exit", (code) => reject(new Error(`serve (${name}) exited with ${code}: ${stderr}`)));
  });
  // Warm: the first answers build the registry view and Layer 1.
  for (const endpoint of ENDPOINTS) {
    const response = await fetch(`${origin}${endpoint}`, { headers: authorization() });
    if (!response.ok)
      throw new Error(`${origin}${endpoint} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  }
  return { child, origin };
}

async function measure(setup: string, origins: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const endpoint of ENDPOINTS) {
    console.log(`${setup}: GET ${endpoint} …`);
    // autocannon spreads the connections over the URLs round robin (the proxy in front of a fleet).
    const result = await autocannon({
      url: origins.map((origin) => `${origin}${endpoint}`) as unknown as string,
      connections,
      duration: seconds,
      headers: authorization(),
    });
    rows.push({
      setup,
      endpoint,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      timeouts: result.timeouts,
      requests: result.requests.total,
    });
  }
  return rows;
}

function authorization(): Record<string, string> {
  return { authorization: `Bearer ${TOKEN}` };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

function renderTable(rows: readonly Row[]): string {
  const header = ["setup", "endpoint", "requests/s", "p50 ms", "p99 ms", "errors (timeouts)", "requests"];
  const lines = rows.map((row) => [
    row.setup,
    `GET ${row.endpoint}`,
    Math.round(row.requestsPerSecond).toLocaleString("en-US"),
    String(row.p50),
    String(row.p99),
    `${row.errors} (${row.timeouts})`,
    row.requests.toLocaleString("en-US"),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? "").length)),
  );
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  return [format(header), format(widths.map((width) => "-".repeat(width))), ...lines.map(format)].join("\n");
}

function formatLoad(values: number[]): string {
  return values.map((value) => value.toFixed(2)).join(", ");
}

function readNumber(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive whole number, not ${text}`);
  return value;
}
