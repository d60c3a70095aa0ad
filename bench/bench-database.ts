// The PostgreSQL database the fleet benches use: SKILLBOX_BENCH_DATABASE_URL when set, otherwise a
// throw-away cluster started by scripts/pg-cluster.sh (the one the tests use) and stopped by `stop`.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const script = fileURLToPath(new URL("../scripts/pg-cluster.sh", import.meta.url));

/** A database URL and how to give it back (a no-op for a database the bench did not start). */
export interface BenchDatabase {
  url: string;
  stop(): void;
}

/** Finds or starts the bench's database; throws with what to do when there is none. */
export function openBenchDatabase(): BenchDatabase {
  const given = process.env.SKILLBOX_BENCH_DATABASE_URL;
  if (given) return { url: given, stop: () => {} };
  const exports = execFileSync("bash", [script, "start"], { encoding: "utf8" });
  const url = /SKILLBOX_TEST_DATABASE_URL=(.*)/.exec(exports)?.[1];
  const cluster = /SKILLBOX_TEST_PG_CLUSTER=(.*)/.exec(exports)?.[1];
  const stop = () => {
    if (cluster) execFileSync("bash", [script, "stop", cluster]);
  };
  if (!url) {
    stop();
    throw new Error("No database: set SKILLBOX_BENCH_DATABASE_URL or install PostgreSQL.");
  }
  return { url, stop };
}
