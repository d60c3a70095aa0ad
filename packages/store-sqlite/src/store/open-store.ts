// Opens Skillbox's SQLite file: WAL, busy timeout, foreign keys, then migrations, refusing files it must not touch.

import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { SkillboxError } from "@skillbox/core/errors";
import type Database from "better-sqlite3";
import { openSqliteDatabase } from "./load-better-sqlite3.js";
import { type Migration, migrations, readSchemaVersion, runMigrations } from "./migrations.js";
import { toStoreError } from "./store-errors.js";

import { defaultStorePath, MEMORY_STORE_PATH } from "./store-path.js";

/** How long a statement waits for another process's lock before failing with `store-locked`. */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

export interface OpenStoreOptions {
  /** The database file, or `:memory:`. Defaults to `<homeDirectory>/.skillbox/skillbox.db`. */
  path?: string;
  /** The person's home directory; needed only when `path` is not given. */
  homeDirectory?: string;
  /** Milliseconds to wait on a lock held by another connection (default 5000). */
  busyTimeoutMs?: number;
  /** The migrations to apply; tests pass a prefix to build an older schema. */
  migrations?: readonly Migration[];
}

/** An open Skillbox database. Hand it to SqliteUsageStore, SqliteAuditLog, SqliteSettingsStore, SqliteCacheStore. */
export interface SkillboxStore {
  /** The file path as given, or `:memory:`. */
  readonly path: string;
  readonly database: Database.Database;
  /** The schema version after migrations ran. */
  readonly schemaVersion: number;
  /** False once `close()` ran. */
  readonly isOpen: boolean;
  /** Closes the connection; safe to call twice. */
  close(): void;
}

/**
 * Opens (creating if needed) and migrates the database. A damaged file throws `store-corrupt`, a file
 * held by another process `store-locked`, a file from a newer Skillbox `store-error`; none is modified.
 */
export function openStore(options: OpenStoreOptions = {}): SkillboxStore {
  const path = resolveStorePath(options);
  const list = options.migrations ?? migrations;
  const knownVersion = list.at(-1)?.version ?? 0;
  const isMemory = path === MEMORY_STORE_PATH;
  let database: Database.Database;
  try {
    if (!isMemory) mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    database = openSqliteDatabase(path, { timeout: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS });
  } catch (error) {
    throw wrapOpenError(error, path);
  }
  try {
    // Read-only checks first: nothing below may write to a file we are about to refuse.
    database.prepare("SELECT count(*) FROM sqlite_master").get();
    const version = readSchemaVersion(database);
    if (version > knownVersion) {
      throw new SkillboxError(
        "store-error",
        `The Skillbox database at ${path} has schema version ${version}, but this Skillbox only knows versions up ` +
          `to ${knownVersion}. Upgrade Skillbox, or use another database path; the file was not changed.`,
        { data: { path, schemaVersion: version, knownVersion } },
      );
    }
    if (!isMemory) {
      database.pragma("journal_mode = WAL");
      // NORMAL is safe from corruption in WAL mode and avoids an fsync per commit.
      database.pragma("synchronous = NORMAL");
    }
    database.pragma("foreign_keys = ON");
    runMigrations(database, list);
  } catch (error) {
    database.close();
    throw toStoreError(error, path);
  }
  return createOpenStore(path, database);
}

function createOpenStore(path: string, database: Database.Database): SkillboxStore {
  const schemaVersion = readSchemaVersion(database);
  return {
    path,
    database,
    schemaVersion,
    get isOpen() {
      return database.open;
    },
    close() {
      if (database.open) database.close();
    },
  };
}

function resolveStorePath(options: OpenStoreOptions): string {
  if (options.path !== undefined && options.path !== "") return options.path;
  if (options.homeDirectory !== undefined && options.homeDirectory !== "") {
    return defaultStorePath(options.homeDirectory);
  }
  throw new SkillboxError(
    "invalid-argument",
    "openStore needs a `path` (or `:memory:`) or a `homeDirectory` to put .skillbox/skillbox.db in.",
  );
}

function wrapOpenError(error: unknown, path: string): unknown {
  // `store-unavailable` (better-sqlite3 did not load) already says what to do.
  if (error instanceof SkillboxError) return error;
  const mapped = toStoreError(error, path);
  if (mapped !== error) return mapped;
  const message = error instanceof Error ? error.message : String(error);
  return new SkillboxError(
    "store-error",
    `Cannot open the Skillbox database at ${path} (${message}). Check that the folder can be created and written.`,
    { cause: error, data: { path } },
  );
}
