// Fleet bench: several processes record usage of the same skills on one PostgreSQL database at once,
// each through its own PostgreSQL store; prints the wall time, uses per second and whether the total
// is exact. Run: node --import tsx bench/fleet-usage.ts [processes=4] [uses=10000]
// Uses SKILLBOX_BENCH_DATABASE_URL when set, else starts a throw-away cluster (scripts/pg-cluster.sh).

import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { openBenchDatabase } from "./bench-database.js";

const run = promisify(execFile);
const child = fileURLToPath(new URL("../src/store/postgres/__fixtures__/record-usage.ts", import.meta.url));
const processes = Number(process.argv[2] ?? 4);
const uses = Number(process.argv[3] ?? 10_000);
const skills = ["pdf", "csv", "plotting", "methodology", "presentation"];

const database = openBenchDatabase();
const { url } = database;
const schema = `bench_${Date.now()}`;

try {
  // Migrate once up front, so the timed part is the writes.
  await run(process.execPath, [
    "--conditions=skillbox-source",
    "--import",
    "tsx",
    child,
    url,
    schema,
    "1",
    "warmup",
  ]);
  const started = performance.now();
  const outputs = await Promise.all(
    Array.from({ length: processes }, () =>
      run(process.execPath, [
        "--conditions=skillbox-source",
        "--import",
        "tsx",
        child,
        url,
        schema,
        String(uses),
        skills.join(","),
      ]),
    ),
  );
  const wallMs = performance.now() - started;
  const perProcess = outputs.map(
    (output) => (JSON.parse(output.stdout) as { milliseconds: number }).milliseconds,
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ total: string }>(
    `SELECT sum(invoke_count) AS total FROM "${schema}".usage WHERE skill_name <> 'warmup'`,
  );
  await client.query(`DROP SCHEMA "${schema}" CASCADE`);
  await client.end();
  const total = Number(rows[0]?.total);
  const expected = processes * uses;
  console.log(`processes: ${processes}, uses each: ${uses}, skills: ${skills.length}`);
  console.log(`total counted: ${total} (expected ${expected}) ${total === expected ? "exact" : "WRONG"}`);
  console.log(`recording time per process (open to close, ms): ${perProcess.join(", ")}`);
  console.log(`wall time with process start-up: ${Math.round(wallMs)} ms`);
  console.log(
    `uses per second over the slowest process: ${Math.round(expected / (Math.max(...perProcess) / 1000))}`,
  );
  if (total !== expected) process.exitCode = 1;
} finally {
  database.stop();
}
