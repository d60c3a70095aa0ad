// AuditLog on SQLite (seed 001's agent_audit_log): one row per tool call, indexed by session, plus metrics.

import { type AuditRow, auditEntryFromRow } from "@skillbox/core/store/audit-entry";
import {
  type AuditEntry,
  type AuditLog,
  type AuditStatus,
  MAX_AUDIT_PREVIEW_LENGTH,
} from "@skillbox/core/store/audit-log";
import {
  type AuditMetrics,
  type AuditMetricsOptions,
  compareSessionMetrics,
  compareToolMetrics,
  DEFAULT_METRICS_SESSION_LIMIT,
  emptyStatusCounts,
  percentileIndex,
  type SessionMetrics,
  type ToolMetrics,
} from "@skillbox/core/store/audit-metrics";
import type Database from "better-sqlite3";
import type { SkillboxStore } from "./open-store.js";
import { runStoreOperation } from "./store-errors.js";

/** Tool-call audit entries in the `audit_log` table, newest last. */
export class SqliteAuditLog implements AuditLog {
  private readonly path: string;
  private readonly database: Database.Database;
  private readonly insertStatement: Database.Statement<unknown[]>;
  private readonly listStatement: Database.Statement<[string], AuditRow>;

  constructor(store: SkillboxStore) {
    this.path = store.path;
    this.database = store.database;
    this.insertStatement = this.database.prepare(
      `INSERT INTO audit_log (agent_name, session_id, tool, status, duration_ms, input_preview, output_preview, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.listStatement = this.database.prepare("SELECT * FROM audit_log WHERE session_id = ? ORDER BY id");
  }

  /** Appends one entry; previews are cut to MAX_AUDIT_PREVIEW_LENGTH characters. */
  record(entry: AuditEntry): void {
    const duration = Number.isFinite(entry.durationMs) ? Math.max(0, entry.durationMs) : 0;
    runStoreOperation(this.path, () =>
      this.insertStatement.run(
        entry.agentName,
        entry.sessionId,
        entry.tool,
        entry.status,
        duration,
        entry.inputPreview.slice(0, MAX_AUDIT_PREVIEW_LENGTH),
        entry.outputPreview.slice(0, MAX_AUDIT_PREVIEW_LENGTH),
        Math.trunc(entry.at),
      ),
    );
  }

  /** Every entry of one session, oldest first. */
  list(sessionId: string): AuditEntry[] {
    return runStoreOperation(this.path, () => this.listStatement.all(sessionId)).map(auditEntryFromRow);
  }

  /** Deletes entries recorded before epoch milliseconds `before`; returns how many. */
  prune(before: number): number {
    return runStoreOperation(
      this.path,
      () =>
        this.database.prepare("DELETE FROM audit_log WHERE created_at < ?").run(Math.trunc(before)).changes,
    );
  }

  /** The same as metrics(), for the AuditLog interface (a shared log computes them asynchronously). */
  async readMetrics(options?: AuditMetricsOptions): Promise<AuditMetrics> {
    return this.metrics(options);
  }

  /**
   * Calls per tool and per session (errors, denied and blocked apart), mean and p95 durations,
   * computed in SQL.
   */
  metrics(options: AuditMetricsOptions = {}): AuditMetrics {
    return runStoreOperation(this.path, () =>
      this.database.transaction(() => this.computeMetrics(options))(),
    );
  }

  private computeMetrics(options: AuditMetricsOptions): AuditMetrics {
    const { where, parameters } = buildFilter(options);
    const byStatus = emptyStatusCounts();
    const statusRows = this.database
      .prepare<unknown[], { status: string; calls: number }>(
        `SELECT status, count(*) AS calls FROM audit_log ${where} GROUP BY status`,
      )
      .all(...parameters);
    for (const row of statusRows) byStatus[row.status as AuditStatus] = row.calls;
    const totals = this.database
      .prepare<unknown[], { calls: number; mean: number | null; sessions: number }>(
        `SELECT count(*) AS calls, avg(duration_ms) AS mean, count(DISTINCT session_id) AS sessions
         FROM audit_log ${where}`,
      )
      .get(...parameters) ?? { calls: 0, mean: null, sessions: 0 };
    const toolRows = this.database
      .prepare<unknown[], Omit<ToolMetrics, "p95DurationMs">>(
        `SELECT tool, count(*) AS calls,
           sum(status = 'error') AS errors, sum(status = 'denied') AS denied, sum(status = 'blocked') AS blocked,
           avg(duration_ms) AS meanDurationMs
         FROM audit_log ${where} GROUP BY tool`,
      )
      .all(...parameters);
    const byTool = toolRows.map((row) => ({
      ...row,
      p95DurationMs: this.percentileDuration(options, row.calls, row.tool),
    }));
    byTool.sort(compareToolMetrics);
    const bySession = this.database
      .prepare<unknown[], SessionMetrics>(
        `SELECT session_id AS sessionId, count(*) AS calls, sum(status = 'error') AS errors,
           sum(status = 'denied') AS denied, sum(status = 'blocked') AS blocked, min(created_at) AS firstAt, max(created_at) AS lastAt
         FROM audit_log ${where} GROUP BY session_id ORDER BY lastAt DESC, sessionId LIMIT ?`,
      )
      .all(...parameters, options.sessionLimit ?? DEFAULT_METRICS_SESSION_LIMIT);
    bySession.sort(compareSessionMetrics);
    return {
      calls: totals.calls,
      errors: byStatus.error,
      byStatus,
      meanDurationMs: totals.mean ?? 0,
      p95DurationMs: this.percentileDuration(options, totals.calls),
      byTool,
      sessions: totals.sessions,
      bySession,
    };
  }

  /** Nearest-rank p95, read with one indexed OFFSET query instead of loading every duration. */
  private percentileDuration(options: AuditMetricsOptions, count: number, tool?: string): number {
    if (count === 0) return 0;
    const { where, parameters } = buildFilter(options, tool);
    const row = this.database
      .prepare<unknown[], { duration_ms: number }>(
        `SELECT duration_ms FROM audit_log ${where} ORDER BY duration_ms LIMIT 1 OFFSET ?`,
      )
      .get(...parameters, percentileIndex(count, 95));
    return row?.duration_ms ?? 0;
  }
}

function buildFilter(options: AuditMetricsOptions, tool?: string): { where: string; parameters: unknown[] } {
  const clauses: string[] = [];
  const parameters: unknown[] = [];
  if (tool !== undefined) {
    clauses.push("tool = ?");
    parameters.push(tool);
  }
  if (options.since !== undefined) {
    clauses.push("created_at >= ?");
    parameters.push(Math.trunc(options.since));
  }
  if (options.agentName !== undefined) {
    clauses.push("agent_name = ?");
    parameters.push(options.agentName);
  }
  return { where: clauses.length === 0 ? "" : `WHERE ${clauses.join(" AND ")}`, parameters };
}
