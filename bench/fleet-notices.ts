// Fleet bench: how long a skill state written on one PostgreSQL store takes to show in another
// instance's memory (LISTEN/NOTIFY, then a re-read of the row). Prints p50, p99 and max over N writes.
// Run: node --import tsx bench/fleet-notices.ts [writes=200]
// Uses SKILLBOX_BENCH_DATABASE_URL when set, else starts a throw-away cluster (scripts/pg-cluster.sh).

import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { openPostgresStore } from "../src/store/postgres/open-postgres-store.js";
import { quantile } from "./generate-skills.js";

const script = fileURLToPath(new URL("../scripts/pg-cluster.sh", import.meta.url));
const writes = Number(process.argv[2] ?? 200);

let url = process.env.SKILLBOX_BENCH_DATABASE_URL;
let cluster: string | undefined;
if (!url) {
  const exports = execFileSync("bash", [script, "start"], { encoding: "utf8" });
  url = /SKILLBOX_TEST_DATABASE_URL=(.*)/.exec(exports)?.[1];
  cluster = /SKILLBOX_TEST_PG_CLUSTER=(.*)/.exec(exports)?.[1];
}
if (!url) throw new Error("No database: set SKILLBOX_BENCH_DATABASE_URL or install PostgreSQL.");

try {
  const schema = `bench_notices_${Date.now()}`;
  const a = await openPostgresStore({ connectionString: url, schema });
  const b = await openPostgresStore({ connectionString: url, schema });
  const delays: number[] = [];
  for (let index = 0; index < writes; index += 1) {
    const state = index % 2 === 0 ? "off" : "on";
    const started = performance.now();
    const seen = new Promise<void>((resolve) => {
      const stop = b.onChange(() => {
        if (b.settings.getSkillStates({ scope: "user" }).get("pdf") === state) {
          stop();
          resolve();
        }
      });
    });
    a.settings.setSkillState("pdf", state, { scope: "user" });
    await seen;
    delays.push(performance.now() - started);
  }
  delays.sort((x, y) => x - y);
  const format = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`writes: ${writes}; write on A until in B's memory:`);
  console.log(
    `p50 ${format(quantile(delays, 0.5))}, p99 ${format(quantile(delays, 0.99))}, max ${format(delays.at(-1) ?? 0)}`,
  );
  await a.close();
  await b.close();
} finally {
  if (cluster) execFileSync("bash", [script, "stop", cluster]);
}
