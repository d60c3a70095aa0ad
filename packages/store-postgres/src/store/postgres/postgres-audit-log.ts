// AuditLog on PostgreSQL: every entry goes to the `audit_log` table; memory keeps the newest entries
// (a bounded window) so `list` answers synchronously; `readSession` and `readMetrics` ask PostgreSQL.

import { SkillboxError } from "@skillbox/core/errors";
import { type AuditRow, auditEntryFromRow } from "@skillbox/core/store/audit-entry";
import { type AuditEntry, type AuditLog, MAX_AUDIT_PREVIEW_LENGTH } from "@skillbox/core/store/audit-log";
import type { AuditMetrics, AuditMetricsOptions } from "@skillbox/core/store/audit-metrics";
import type { PoolClient } from "pg";
import { queryPgAuditMetrics } from "./pg-audit-metrics.js";
import type { PgStoreContext } from "./postgres-settings-store.js";

/** Entries kept in memory by default (the newest ones, from every instance). */
export const DEFAULT_AUDIT_MEMORY_LIMIT = 10_000;

// Ids are taken at INSERT but become visible at COMMIT, so a later id can show up first: each
// re-read starts this many ids below the highest one seen and skips the ids it already holds.
const ID_LOOKBACK = 200;

interface AuditRowWithId extends AuditRow {
  id: string;
}

/** Tool-call audit entries in PostgreSQL, newest last. */
export class PostgresAuditLog implements AuditLog {
  private readonly committed = new Map<number, AuditEntry>();
  private readonly pending = new Map<number, AuditEntry>();
  private nextLocalId = 0;
  private highestId = 0;

  constructor(
    private readonly context: PgStoreContext,
    private readonly memoryLimit: number = DEFAULT_AUDIT_MEMORY_LIMIT,
  ) {}

  /**
   * Appends one entry; previews are cut to MAX_AUDIT_PREVIEW_LENGTH characters. While PostgreSQL is
   * down the entry waits in the write queue (a running agent's tool call must not fail for it); a
   * full queue turns it away, counted and reported (WritePipeline.admitRecord).
   */
  record(entry: AuditEntry): void {
    if (!this.context.pipeline.admitRecord()) return;
    const normalized: AuditEntry = {
      ...entry,
      durationMs: Number.isFinite(entry.durationMs) ? Math.max(0, entry.durationMs) : 0,
      inputPreview: entry.inputPreview.slice(0, MAX_AUDIT_PREVIEW_LENGTH),
      outputPreview: entry.outputPreview.slice(0, MAX_AUDIT_PREVIEW_LENGTH),
      at: Math.trunc(entry.at),
    };
    const localId = this.nextLocalId++;
    let id = 0;
    this.pending.set(localId, normalized);
    this.context.pipeline.enqueueWrite({
      table: "audit_log",
      reapply: () => this.pending.set(localId, normalized),
      run: async (client) => {
        const { rows } = await client.query<{ id: string }>(
          `INSERT INTO audit_log (agent_name, session_id, tool, status, duration_ms, input_preview, output_preview, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
          [
            normalized.agentName,
            normalized.sessionId,
            normalized.tool,
            normalized.status,
            normalized.durationMs,
            normalized.inputPreview,
            normalized.outputPreview,
            normalized.at,
          ],
        );
        id = Number(rows[0]?.id);
      },
      committed: () => {
        this.pending.delete(localId);
        this.remember(id, normalized);
      },
    });
  }

  /** The session's entries among those in memory (the newest `memoryLimit`), oldest first; see readSession for all. */
  list(sessionId: string): AuditEntry[] {
    const stored = [...this.committed]
      .filter(([, entry]) => entry.sessionId === sessionId)
      .sort(([a], [b]) => a - b)
      .map(([, entry]) => entry);
    const waiting = [...this.pending.values()].filter((entry) => entry.sessionId === sessionId);
    return [...stored, ...waiting];
  }

  /** Every entry of one session from PostgreSQL, after this instance's queued writes, oldest first. */
  async readSession(sessionId: string): Promise<AuditEntry[]> {
    let entries: AuditEntry[] = [];
    await this.context.pipeline.enqueueRead({
      tables: [],
      run: async (client) => {
        const { rows } = await client.query<AuditRowWithId>(
          "SELECT * FROM audit_log WHERE session_id = $1 ORDER BY id",
          [sessionId],
        );
        entries = rows.map(auditEntryFromRow);
      },
    });
    return entries;
  }

  /** Metrics over the whole table, computed in PostgreSQL. */
  async readMetrics(options: AuditMetricsOptions = {}): Promise<AuditMetrics> {
    // A read would wait for the database to come back; a page asking for metrics wants an answer now.
    if (!this.context.pipeline.available) throw createMetricsUnavailableError(this.context.database);
    let metrics: AuditMetrics | undefined;
    await this.context.pipeline.enqueueRead({
      tables: [],
      run: async (client) => {
        metrics = await queryPgAuditMetrics(client, options);
      },
    });
    return metrics as AuditMetrics;
  }

  /** Deletes entries recorded before epoch milliseconds `before`, once committed; resolves with how many. */
  async prune(before: number): Promise<number> {
    const cutoff = Math.trunc(before);
    const dropOld = () => {
      for (const [id, entry] of this.committed) if (entry.at < cutoff) this.committed.delete(id);
    };
    this.context.pipeline.checkWritable();
    dropOld();
    let removed = 0;
    this.context.pipeline.enqueueWrite({
      table: "audit_log",
      reapply: dropOld,
      run: async (client) => {
        removed = (await client.query("DELETE FROM audit_log WHERE created_at < $1", [cutoff])).rowCount ?? 0;
      },
    });
    await this.context.pipeline.flush();
    return removed;
  }

  /** Reads the newest entries (`full`), or those after the highest id seen, into memory. */
  async reload(client: PoolClient, full: boolean): Promise<void> {
    const after = full ? 0 : Math.max(0, this.highestId - ID_LOOKBACK);
    const { rows } = await client.query<AuditRowWithId>(
      `SELECT * FROM (SELECT * FROM audit_log WHERE id > $1 ORDER BY id DESC LIMIT $2) AS newest ORDER BY id`,
      [after, this.memoryLimit],
    );
    if (full) {
      this.committed.clear();
      this.highestId = 0;
    }
    for (const row of rows) this.remember(Number(row.id), auditEntryFromRow(row));
  }

  private remember(id: number, entry: AuditEntry): void {
    if (this.committed.has(id)) return;
    this.committed.set(id, entry);
    this.highestId = Math.max(this.highestId, id);
    // Oldest first in insertion order, near enough to id order to keep the newest window.
    for (const oldest of this.committed.keys()) {
      if (this.committed.size <= this.memoryLimit) break;
      this.committed.delete(oldest);
    }
  }
}

function createMetricsUnavailableError(database: string): SkillboxError {
  return new SkillboxError(
    "store-unavailable",
    `PostgreSQL at ${database} cannot be reached, and the audit metrics are computed there. Try again ` +
      "once the database is back; Skillbox reconnects by itself.",
    { data: { database } },
  );
}
