// Versioned schema migrations for the PostgreSQL store: each in its own transaction, recorded in
// skillbox_migrations, all of them under one advisory lock so instances starting together migrate once.
// A shipped migration is never edited: changes go in a new one, the same rule as the SQLite store.

import { SkillboxError } from "@skillbox/core/errors";
import type { PoolClient } from "pg";

/** One schema step: SQL run inside a transaction together with its skillbox_migrations row. */
export interface PgMigration {
  version: number;
  description: string;
  sql: string;
}

/** The channel every change notice is sent on; payloads name their schema, table and row key. */
export const CHANGE_CHANNEL = "skillbox_changes";

// Row-level notices carry the changed row's key (the trigger's arguments name the key columns); a key
// too long for NOTIFY's 8000-byte payload falls back to a table-only notice, which re-reads the table.
// Usage and the audit log change often and in bulk: one statement-level notice per transaction.
const NOTIFY_FUNCTIONS = `
  CREATE FUNCTION skillbox_notify_row() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    row_json jsonb;
    row_key text[] := ARRAY[]::text[];
    payload text;
  BEGIN
    IF TG_OP = 'DELETE' THEN row_json := to_jsonb(OLD); ELSE row_json := to_jsonb(NEW); END IF;
    FOR i IN 0 .. TG_NARGS - 1 LOOP
      row_key := row_key || (row_json ->> TG_ARGV[i]);
    END LOOP;
    payload := json_build_object('s', TG_TABLE_SCHEMA, 't', TG_TABLE_NAME, 'k', row_key)::text;
    IF octet_length(payload) > 7900 THEN
      payload := json_build_object('s', TG_TABLE_SCHEMA, 't', TG_TABLE_NAME)::text;
    END IF;
    PERFORM pg_notify('${CHANGE_CHANNEL}', payload);
    RETURN NULL;
  END $$;
  CREATE FUNCTION skillbox_notify_table() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('${CHANGE_CHANNEL}', json_build_object('s', TG_TABLE_SCHEMA, 't', TG_TABLE_NAME)::text);
    RETURN NULL;
  END $$;
`;

/** Every migration the PostgreSQL store knows, oldest first. Times are epoch milliseconds, as in SQLite. */
export const pgMigrations: readonly PgMigration[] = [
  {
    version: 1,
    description: "usage, settings, skill states, session overrides, audit log, caches and change notices",
    sql: `
      CREATE TABLE usage (
        skill_name text PRIMARY KEY,
        invoke_count bigint NOT NULL DEFAULT 0,
        last_used_at bigint NOT NULL
      );
      CREATE TABLE settings (
        scope text NOT NULL,
        scope_key text NOT NULL DEFAULT '',
        key text NOT NULL,
        value text NOT NULL,
        updated_at bigint NOT NULL,
        PRIMARY KEY (scope, scope_key, key)
      );
      CREATE TABLE skill_states (
        scope text NOT NULL,
        scope_key text NOT NULL DEFAULT '',
        skill_name text NOT NULL,
        state text NOT NULL,
        updated_at bigint NOT NULL,
        PRIMARY KEY (scope, scope_key, skill_name)
      );
      CREATE TABLE session_skill_states (
        session_id text NOT NULL,
        skill_name text NOT NULL,
        state text NOT NULL,
        updated_at bigint NOT NULL,
        PRIMARY KEY (session_id, skill_name)
      );
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        agent_name text NOT NULL,
        session_id text NOT NULL,
        tool text NOT NULL,
        status text NOT NULL,
        duration_ms double precision NOT NULL,
        input_preview text NOT NULL,
        output_preview text NOT NULL,
        created_at bigint NOT NULL
      );
      -- list(session), metrics by tool (p95 by OFFSET over duration), metrics since / per agent, retention.
      CREATE INDEX audit_log_by_session ON audit_log (session_id, id);
      CREATE INDEX audit_log_by_tool_duration ON audit_log (tool, duration_ms);
      CREATE INDEX audit_log_by_created_at ON audit_log (created_at);
      CREATE INDEX audit_log_by_agent_created_at ON audit_log (agent_name, created_at);
      CREATE TABLE caches (
        namespace text NOT NULL,
        key text NOT NULL,
        value text NOT NULL,
        created_at bigint NOT NULL,
        expires_at bigint,
        PRIMARY KEY (namespace, key)
      );
      CREATE INDEX caches_by_expiry ON caches (expires_at) WHERE expires_at IS NOT NULL;
      -- Write batches already committed: a batch retried after a lost COMMIT answer is applied once.
      CREATE TABLE skillbox_applied_batches (
        id uuid PRIMARY KEY,
        applied_at bigint NOT NULL
      );
      CREATE INDEX skillbox_applied_batches_by_time ON skillbox_applied_batches (applied_at);
      ${NOTIFY_FUNCTIONS}
      CREATE TRIGGER settings_notify AFTER INSERT OR UPDATE OR DELETE ON settings
        FOR EACH ROW EXECUTE FUNCTION skillbox_notify_row('scope', 'scope_key', 'key');
      CREATE TRIGGER skill_states_notify AFTER INSERT OR UPDATE OR DELETE ON skill_states
        FOR EACH ROW EXECUTE FUNCTION skillbox_notify_row('scope', 'scope_key', 'skill_name');
      CREATE TRIGGER session_skill_states_notify AFTER INSERT OR UPDATE OR DELETE ON session_skill_states
        FOR EACH ROW EXECUTE FUNCTION skillbox_notify_row('session_id', 'skill_name');
      CREATE TRIGGER caches_notify AFTER INSERT OR UPDATE OR DELETE ON caches
        FOR EACH ROW EXECUTE FUNCTION skillbox_notify_row('namespace', 'key');
      CREATE TRIGGER usage_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON usage
        FOR EACH STATEMENT EXECUTE FUNCTION skillbox_notify_table();
      CREATE TRIGGER audit_log_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION skillbox_notify_table();
      CREATE TRIGGER settings_truncate_notify AFTER TRUNCATE ON settings
        FOR EACH STATEMENT EXECUTE FUNCTION skillbox_notify_table();
      CREATE TRIGGER skill_states_truncate_notify AFTER TRUNCATE ON skill_states
        FOR EACH STATEMENT EXECUTE FUNCTION skillbox_notify_table();
      CREATE TRIGGER session_skill_states_truncate_notify AFTER TRUNCATE ON session_skill_states
        FOR EACH STATEMENT EXECUTE FUNCTION skillbox_notify_table();
      CREATE TRIGGER caches_truncate_notify AFTER TRUNCATE ON caches
        FOR EACH STATEMENT EXECUTE FUNCTION skillbox_notify_table();
    `,
  },
  {
    version: 2,
    description: "embedding vectors by content hash (semantic retrieval)",
    // hash = SHA-256 of the model and the embedded text; vector = float32 little-endian. Looked up
    // on demand, never mirrored in memory, so no change notices.
    sql: `
      CREATE TABLE embeddings (
        hash text PRIMARY KEY,
        model text NOT NULL,
        dimensions integer NOT NULL,
        vector bytea NOT NULL,
        created_at bigint NOT NULL
      );
    `,
  },
];

/** The result of migrating: versions before and after, and the ones this call applied. */
export interface PgMigrationResult {
  from: number;
  to: number;
  applied: number[];
}

/**
 * Creates the schema if needed and applies every migration newer than the database, each in its own
 * transaction, while holding an advisory lock keyed by the schema: a second instance waits, then finds
 * the work done. A database migrated by a newer Skillbox throws `store-error` and is not touched.
 */
export async function runPgMigrations(
  client: PoolClient,
  schema: string,
  list: readonly PgMigration[] = pgMigrations,
): Promise<PgMigrationResult> {
  list.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new SkillboxError(
        "invalid-argument",
        `Migration at position ${index} has version ${migration.version}; versions must run 1, 2, 3 … with no gap.`,
      );
    }
  });
  const lockKey = `skillbox-migrations:${schema}`;
  await client.query("SELECT pg_advisory_lock(hashtext($1))", [lockKey]);
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${quoteIdentifier(schema)}.skillbox_migrations (
      version integer PRIMARY KEY,
      description text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const from = await readPgSchemaVersion(client, schema);
    const known = list.at(-1)?.version ?? 0;
    if (from > known) {
      throw new SkillboxError(
        "store-error",
        `The Skillbox schema "${schema}" has version ${from}, but this Skillbox only knows versions up to ${known}. ` +
          "Upgrade Skillbox on this node (every node of a fleet should run the same version); nothing was changed.",
        { data: { schema, schemaVersion: from, knownVersion: known } },
      );
    }
    const applied: number[] = [];
    for (const migration of list) {
      if (migration.version <= from) continue;
      await client.query("BEGIN");
      try {
        await client.query(`SET LOCAL search_path TO ${quoteIdentifier(schema)}`);
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO ${quoteIdentifier(schema)}.skillbox_migrations (version, description) VALUES ($1, $2)`,
          [migration.version, migration.description],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      }
      applied.push(migration.version);
    }
    return { from, to: await readPgSchemaVersion(client, schema), applied };
  } finally {
    // A lost connection drops the lock with the session; nothing more to undo then.
    await client.query("SELECT pg_advisory_unlock(hashtext($1))", [lockKey]).catch(() => undefined);
  }
}

/** The highest migration recorded in the schema (0 when none). */
export async function readPgSchemaVersion(client: PoolClient, schema: string): Promise<number> {
  const result = await client.query<{ version: number | null }>(
    `SELECT max(version) AS version FROM ${quoteIdentifier(schema)}.skillbox_migrations`,
  );
  return result.rows[0]?.version ?? 0;
}

/** Schema names are limited to lower-case letters, digits and underscores, so quoting is plain. */
export function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
    throw new SkillboxError(
      "invalid-argument",
      `PostgreSQL schema name ${JSON.stringify(name)} must be lower-case letters, digits and underscores (at most 63).`,
    );
  }
  return `"${name}"`;
}
