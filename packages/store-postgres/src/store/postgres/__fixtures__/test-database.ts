// Test helpers for the PostgreSQL store: the database from SKILLBOX_TEST_DATABASE_URL (set by
// `npm run test:pg` and .ci/run), a fresh schema per test, and control of the throw-away cluster.

import { randomBytes } from "node:crypto";
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, it } from "vitest";
import { type OpenPostgresStoreOptions, openPostgresStore, type PostgresStore } from "../open-postgres-store.js";

/** The test database's URL, when one is set. */
export const TEST_DATABASE_URL = nonEmpty(process.env.SKILLBOX_TEST_DATABASE_URL);
const IN_CI = ["1", "true"].includes((process.env.CI ?? "").toLowerCase());

/** The one line a developer without PostgreSQL sees. */
export const SKIPPED_POSTGRES_NOTE =
  "PostgreSQL store tests skipped: run `npm run test:pg` (starts a throw-away cluster), or set SKILLBOX_TEST_DATABASE_URL.";

/** True when the PostgreSQL tests run here. */
export const HAS_POSTGRES = TEST_DATABASE_URL !== undefined;

/** `describe` for tests that need PostgreSQL: skipped without a URL, but a failure in CI (never a skip). */
export function describeWithPostgres(name: string, body: () => void): void {
  if (HAS_POSTGRES) {
    describe(name, body);
  } else if (IN_CI) {
    describe(name, () => {
      it("has a PostgreSQL database to test against", () => {
        throw new Error(
          "CI must run the PostgreSQL store tests: .ci/run starts a cluster with scripts/pg-cluster.sh and exports SKILLBOX_TEST_DATABASE_URL.",
        );
      });
    });
  } else {
    describe.skip(name, body);
  }
}

/** The test URL, or a throw (for code reached only when HAS_POSTGRES). */
export function requireTestUrl(): string {
  if (TEST_DATABASE_URL === undefined) throw new Error("SKILLBOX_TEST_DATABASE_URL is not set: `npm run test:pg` and .ci/run start a throw-away cluster and set it.");
  return TEST_DATABASE_URL;
}

const createdSchemas: string[] = [];

/** A new schema name, dropped (with everything in it) after the test file. */
export function createTestSchemaName(label = "t"): string {
  const name = `test_${label}_${randomBytes(5).toString("hex")}`;
  if (createdSchemas.length === 0) afterAll(dropTestSchemas);
  createdSchemas.push(name);
  return name;
}

/** Opens a store in `schema` (a fresh one by default) on the test database. */
export function openTestStore(options: Partial<OpenPostgresStoreOptions> = {}): Promise<PostgresStore> {
  return openPostgresStore({
    connectionString: requireTestUrl(),
    schema: createTestSchemaName(),
    connectTimeoutMs: 2000,
    ...options,
  });
}

/** Runs one query on a fresh connection (outside any store). */
export async function queryTestDatabase<R extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: requireTestUrl() });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const runFile = promisify(execFile);
const CLUSTER_SCRIPT = fileURLToPath(new URL("../../../../../../scripts/pg-cluster.sh", import.meta.url));

/** Waits until `check` is true, polling every 10 ms; throws after `timeoutMs` with `what`. */
export async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function dropTestSchemas(): Promise<void> {
  const names = createdSchemas.splice(0);
  if (names.length === 0) return;
  await queryTestDatabase(`DROP SCHEMA IF EXISTS ${names.map((name) => `"${name}"`).join(", ")} CASCADE`);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

/** A throw-away cluster of its own, for tests that stop PostgreSQL (so other test files are not disturbed). */
export interface PrivateCluster {
  url: string;
  /** `pg_ctl stop -m fast` (without blocking the event loop, so the store under test keeps running). */
  pause(): Promise<void>;
  /** Starts it again on the same port. */
  resume(): Promise<void>;
  /** Stops it and deletes its folder. */
  remove(): void;
}

/** Starts a private cluster with scripts/pg-cluster.sh (about two seconds). */
export function startPrivateCluster(): PrivateCluster {
  const exports = execFileSync("bash", [CLUSTER_SCRIPT, "start"], { encoding: "utf8" });
  const read = (name: string) => {
    const match = new RegExp(`^export ${name}=(.*)$`, "m").exec(exports);
    if (!match?.[1]) throw new Error(`pg-cluster.sh start did not print ${name}:\n${exports}`);
    return match[1];
  };
  const url = read("SKILLBOX_TEST_DATABASE_URL");
  const folder = read("SKILLBOX_TEST_PG_CLUSTER");
  const run = async (command: string) => void (await runFile("bash", [CLUSTER_SCRIPT, command, folder]));
  return {
    url,
    pause: () => run("pause"),
    resume: () => run("resume"),
    remove: () => void execFileSync("bash", [CLUSTER_SCRIPT, "stop", folder], { stdio: "pipe" }),
  };
}
