// Opens Skillbox's stores on PostgreSQL: a pool, migrations under an advisory lock, the in-memory
// copy loaded once, a LISTEN connection whose notices re-read changed rows, and a full re-read after
// every reconnect. See docs/decisions/2026-12-01-postgres-store.md for why reads answer from memory.

import { SkillboxError } from "@skillbox/core/errors";
import pg from "pg";
import { ChangeListener } from "./change-listener.js";
import { createUnavailableError, createUnreachableAtOpenError, describeDatabase } from "./pg-errors.js";
import { type PgMigration, pgMigrations, runPgMigrations } from "./pg-migrations.js";
import { DEFAULT_AUDIT_MEMORY_LIMIT, PostgresAuditLog } from "./postgres-audit-log.js";
import { PostgresCacheStore } from "./postgres-cache-store.js";
import { PostgresEmbeddingStore } from "./postgres-embedding-store.js";
import { type PgStoreContext, PostgresSettingsStore } from "./postgres-settings-store.js";
import { findPostgresUrlProblem, normalizeSslMode } from "./postgres-url.js";
import { PostgresUsageStore } from "./postgres-usage-store.js";
import { createReloader } from "./reload-tables.js";
import type { StoreChangeListener } from "./store-change.js";
import { WritePipeline } from "./write-pipeline.js";

/** The schema Skillbox's tables live in unless told otherwise. */
export const DEFAULT_PG_SCHEMA = "skillbox";

export interface OpenPostgresStoreOptions {
  /** `postgres://user:password@host:port/database`. */
  connectionString: string;
  /** Schema holding Skillbox's tables (created if missing); default `skillbox`. */
  schema?: string;
  /** Pooled connections besides the LISTEN one (default 4). */
  poolSize?: number;
  /** Writes that may wait for PostgreSQL at once before new ones fail with `store-unavailable` (default 10,000). */
  maxQueuedWrites?: number;
  /** Audit entries kept in memory for `list` (default 10,000, the newest). */
  auditMemoryLimit?: number;
  /** Audit entries older than this many milliseconds are deleted at open and every hour; default: kept. */
  auditRetentionMs?: number;
  /** Milliseconds to wait for a connection (default 5000). */
  connectTimeoutMs?: number;
  /** The migrations to apply; tests pass their own. */
  migrations?: readonly PgMigration[];
  /** Epoch milliseconds (default `Date.now`). */
  now?: () => number;
  /**
   * Advice about the connection string, one line each (today: an sslmode pg reads as verify-full).
   * Default: a process warning.
   */
  onWarning?: (message: string) => void;
}

/** An open PostgreSQL store. Reads answer from memory; writes queue and commit in order. */
export interface PostgresStore {
  /** `host:port/database` (no credentials). */
  readonly database: string;
  readonly schema: string;
  readonly schemaVersion: number;
  /** Migrations this open applied (empty when another instance had done them). */
  readonly appliedMigrations: readonly number[];
  readonly settings: PostgresSettingsStore;
  readonly usage: PostgresUsageStore;
  readonly audit: PostgresAuditLog;
  readonly cache: PostgresCacheStore;
  /** Embedding vectors for semantic retrieval (read from PostgreSQL on demand, not kept in memory). */
  readonly embeddings: PostgresEmbeddingStore;
  /**
   * False while PostgreSQL cannot be reached: state and settings writes then throw `store-unavailable`,
   * usage and audit records wait in the write queue, reads still answer.
   */
  readonly available: boolean;
  /** Writes queued and not yet committed. */
  readonly queuedWrites: number;
  /** Called after rows changed by any instance (this one too) are in memory; returns an unsubscribe. */
  onChange(listener: StoreChangeListener): () => void;
  /**
   * Called when a queued write was refused for good, PostgreSQL became unreachable, or a full write
   * queue turned usage or audit records away (then once more with their count).
   */
  onError(listener: (error: SkillboxError) => void): () => void;
  /** Resolves once every write made so far is committed; rejects with the first refused one. */
  flush(): Promise<void>;
  /** Re-reads everything now (after queued writes). */
  refresh(): Promise<void>;
  /** The LISTEN connection's backend pid, for tests that cut it. */
  readonly listenerProcessId: number | undefined;
  /**
   * Waits up to `timeoutMs` (default 5000) for queued writes, then closes the connections. Rejects
   * with `store-unavailable` naming how many writes were not saved when some could not be.
   */
  close(options?: { timeoutMs?: number }): Promise<void>;
}

/** Connects, migrates and loads; throws `store-unavailable` when PostgreSQL cannot be reached. */
export async function openPostgresStore(options: OpenPostgresStoreOptions): Promise<PostgresStore> {
  const problem = findPostgresUrlProblem(options.connectionString);
  if (problem !== undefined) {
    throw new SkillboxError("invalid-argument", `The PostgreSQL connection string is malformed: ${problem}.`);
  }
  const { url: connectionString, advice } = normalizeSslMode(options.connectionString);
  if (advice !== undefined) (options.onWarning ?? ((message) => process.emitWarning(message)))(advice);
  const schema = options.schema ?? DEFAULT_PG_SCHEMA;
  const database = describeDatabase(connectionString);
  const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
  const now = options.now ?? Date.now;
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? 4,
    keepAlive: true,
    connectionTimeoutMillis: connectTimeoutMs,
    options: `-c search_path=${schema}`,
  });
  // An idle pooled connection the server closed; the next use opens a new one.
  pool.on("error", () => undefined);
  // A connection lost while checked out fails its query (handled where it runs) and also emits
  // "error", which pg-pool only listens for while the connection is idle.
  pool.on("connect", (client) => client.on("error", () => undefined));
  const errorListeners = new Set<(error: SkillboxError) => void>();
  const emitError = (error: SkillboxError) => {
    for (const listener of [...errorListeners]) callSafely(() => listener(error));
  };
  let reloader: ReturnType<typeof createReloader> | undefined;
  const pipeline = new WritePipeline({
    pool,
    database,
    maxQueuedWrites: options.maxQueuedWrites ?? 10_000,
    now,
    onAvailabilityChange: (available, cause) => {
      if (!available) emitError(createUnavailableError(database, cause));
    },
    onRecordsNotSaved: (error) => emitError(error),
    onRefused: (operation, error) => {
      emitError(error);
      // Memory holds the refused write's effect: read the table again so it shows what PostgreSQL has.
      reloader?.reloadTable(operation.table);
    },
  });
  const context: PgStoreContext = { pipeline, database, now };
  const settings = new PostgresSettingsStore(context);
  const usage = new PostgresUsageStore(context);
  const audit = new PostgresAuditLog(context, options.auditMemoryLimit ?? DEFAULT_AUDIT_MEMORY_LIMIT);
  const cache = new PostgresCacheStore(context);
  const embeddings = new PostgresEmbeddingStore(pool, database, now);
  const loader = createReloader({ pipeline, stores: { settings, usage, audit, cache } });
  reloader = loader;
  const listener = new ChangeListener({
    connectionString,
    schema,
    connectTimeoutMs,
    onNotice: (notice) => loader.noticeChange(notice),
    onReconnected: () => {
      pipeline.markAvailable();
      void loader.refreshAll().catch(() => undefined);
    },
    onUnreachable: (cause) => pipeline.markUnavailable(cause),
  });

  let migrated: { to: number; applied: number[] };
  let retentionTimer: NodeJS.Timeout | undefined;
  try {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw createUnreachableAtOpenError(database, error);
    }
    try {
      migrated = await runPgMigrations(client, schema, options.migrations ?? pgMigrations);
      // Ids of committed batches matter only while their writer may still retry them.
      await client.query("DELETE FROM skillbox_applied_batches WHERE applied_at < $1", [now() - 86_400_000]);
    } finally {
      client.release();
    }
    // LISTEN before the first read, so no change between the two is missed.
    await listener.start().catch((error: unknown) => {
      throw createUnreachableAtOpenError(database, error);
    });
    await loader.refreshAll();
    const retentionMs = options.auditRetentionMs;
    if (retentionMs !== undefined) {
      const prune = () => void audit.prune(now() - retentionMs).catch(emitError);
      prune();
      retentionTimer = setInterval(prune, 3_600_000);
      retentionTimer.unref();
    }
  } catch (error) {
    pipeline.stop();
    await listener.close();
    await pool.end().catch(() => undefined);
    throw error;
  }

  let closed: Promise<void> | undefined;
  return {
    database,
    schema,
    schemaVersion: migrated.to,
    appliedMigrations: migrated.applied,
    settings,
    usage,
    audit,
    cache,
    embeddings,
    get available() {
      return pipeline.available;
    },
    get queuedWrites() {
      return pipeline.queuedWrites;
    },
    get listenerProcessId() {
      return listener.processId;
    },
    onChange: (callback) => loader.onChange(callback),
    onError(callback) {
      errorListeners.add(callback);
      return () => errorListeners.delete(callback);
    },
    flush: () => pipeline.flush(),
    refresh: () => loader.refreshAll(),
    close(closeOptions = {}) {
      closed ??= (async () => {
        clearInterval(retentionTimer);
        const timeoutMs = closeOptions.timeoutMs ?? 5000;
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<"timeout">((resolve) => {
          timer = setTimeout(() => resolve("timeout"), timeoutMs);
        });
        const outcome = await Promise.race([
          pipeline.flush().then(
            () => "flushed" as const,
            () => "flushed" as const,
          ),
          timedOut,
        ]);
        clearTimeout(timer);
        const dropped = pipeline.stop();
        await listener.close();
        await pool.end().catch(() => undefined);
        if (outcome === "timeout" && dropped > 0) {
          const error = createUnavailableError(
            database,
            new Error(`closed with ${dropped} writes not committed`),
          );
          error.data.notSaved = dropped;
          throw error;
        }
      })();
      return closed;
    },
  };
}

function callSafely(call: () => void): void {
  try {
    call();
  } catch {
    // A failing subscriber must not stop the others or the store; it owns its own error reporting.
  }
}
