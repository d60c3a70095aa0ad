// Versioned schema migrations, tracked with `PRAGMA user_version`.
// A shipped migration is never edited: version 1 is the first schema forever; changes go in a new migration.

import { SkillboxError } from "@skillbox/core/errors";
import type Database from "better-sqlite3";

/** One schema step. `up` runs inside a transaction together with the `user_version` bump. */
export interface Migration {
  version: number;
  description: string;
  up(database: Database.Database): void;
}

/** Every migration Skillbox knows, oldest first. */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    description: "usage counts, scoped settings, skill states and session overrides",
    up(database) {
      database.exec(`
        CREATE TABLE usage (
          skill_name TEXT PRIMARY KEY,
          invoke_count INTEGER NOT NULL DEFAULT 0,
          last_used_at INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE settings (
          scope TEXT NOT NULL,
          scope_key TEXT NOT NULL DEFAULT '',
          key TEXT NOT NULL,
          value TEXT NOT NULL,
          updated_at INTEGER NOT NULL,
          PRIMARY KEY (scope, scope_key, key)
        ) STRICT;
        CREATE TABLE skill_states (
          scope TEXT NOT NULL,
          scope_key TEXT NOT NULL DEFAULT '',
          skill_name TEXT NOT NULL,
          state TEXT NOT NULL,
          updated_at INTEGER NOT NULL,
          PRIMARY KEY (scope, scope_key, skill_name)
        ) STRICT;
        CREATE TABLE session_skill_states (
          session_id TEXT NOT NULL,
          skill_name TEXT NOT NULL,
          state TEXT NOT NULL,
          updated_at INTEGER NOT NULL,
          PRIMARY KEY (session_id, skill_name)
        ) STRICT;
      `);
    },
  },
  {
    version: 2,
    description: "tool-call audit log and generic caches",
    up(database) {
      database.exec(`
        CREATE TABLE audit_log (
          id INTEGER PRIMARY KEY,
          agent_name TEXT NOT NULL,
          session_id TEXT NOT NULL,
          tool TEXT NOT NULL,
          status TEXT NOT NULL,
          duration_ms REAL NOT NULL,
          input_preview TEXT NOT NULL,
          output_preview TEXT NOT NULL,
          created_at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX audit_log_by_session ON audit_log (session_id, id);
        CREATE INDEX audit_log_by_tool_duration ON audit_log (tool, duration_ms);
        CREATE INDEX audit_log_by_created_at ON audit_log (created_at);
        CREATE TABLE caches (
          namespace TEXT NOT NULL,
          key TEXT NOT NULL,
          value TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          expires_at INTEGER,
          PRIMARY KEY (namespace, key)
        ) STRICT;
        CREATE INDEX caches_by_expiry ON caches (expires_at) WHERE expires_at IS NOT NULL;
      `);
    },
  },
  {
    version: 3,
    description: "embedding vectors by content hash (semantic retrieval)",
    up(database) {
      // hash = SHA-256 of the model and the embedded text; vector = float32 little-endian.
      database.exec(`
        CREATE TABLE embeddings (
          hash TEXT PRIMARY KEY,
          model TEXT NOT NULL,
          dimensions INTEGER NOT NULL,
          vector BLOB NOT NULL,
          created_at INTEGER NOT NULL
        ) STRICT;
      `);
    },
  },
];

/** The schema version this build of Skillbox writes. */
export const latestSchemaVersion: number = migrations.at(-1)?.version ?? 0;

/** The database's `user_version`, i.e. the last migration applied (0 for a new file). */
export function readSchemaVersion(database: Database.Database): number {
  return Number(database.pragma("user_version", { simple: true }));
}

/** Throws `invalid-argument` unless versions run 1, 2, 3 … with no gap. */
export function checkMigrationOrder(list: readonly Migration[]): void {
  list.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new SkillboxError(
        "invalid-argument",
        `Migration at position ${index} has version ${migration.version}; versions must run 1, 2, 3 … with no gap.`,
      );
    }
  });
}

/**
 * Applies every migration newer than the database, each in its own IMMEDIATE transaction so two
 * processes opening a new file at once never apply the same step twice. Returns the versions passed.
 */
export function runMigrations(
  database: Database.Database,
  list: readonly Migration[] = migrations,
): { from: number; to: number } {
  checkMigrationOrder(list);
  const from = readSchemaVersion(database);
  for (const migration of list) {
    if (migration.version <= from) continue;
    const apply = database.transaction(() => {
      // Re-read under the write lock: another process may have migrated while we waited.
      if (readSchemaVersion(database) >= migration.version) return;
      migration.up(database);
      database.pragma(`user_version = ${migration.version}`);
    });
    apply.immediate();
  }
  return { from, to: readSchemaVersion(database) };
}
