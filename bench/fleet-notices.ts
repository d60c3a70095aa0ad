// Fleet bench: how long a skill state written on one PostgreSQL store takes to show in another
// instance's memory (LISTEN/NOTIFY, then a re-read of the row). Prints p50, p99 and max over N writes.
// Run: node --import tsx bench/fleet-notices.ts [writes=200]
// Uses SKILLBOX_BENCH_DATABASE_URL when set, else starts a throw-away cluster (scripts/pg-cluster.sh).

import { openPostgresStore } from "@skillbox/store-postgres/store/postgres/open-postgres-store";
import { openBenchDatabase } from "./bench-database.js";
import { quantile } from "./generate-skills.js";

const writes = Number(process.argv[2] ?? 200);

const database = openBenchDatabase();
const { url } = database;

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
  database.stop();
}
