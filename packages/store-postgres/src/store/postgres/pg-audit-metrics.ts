// Audit metrics computed in PostgreSQL (the SQLite store's queries, in PostgreSQL's dialect).

import type { AuditStatus } from "@skillbox/core/store/audit-log";
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
import type { PoolClient } from "pg";

const COUNTS = `count(*) FILTER (WHERE status = 'error')::int AS errors,
  count(*) FILTER (WHERE status = 'denied')::int AS denied,
  count(*) FILTER (WHERE status = 'blocked')::int AS blocked`;

/** Calls per tool and per session (errors, denied and blocked apart), mean and nearest-rank p95 durations. */
export async function queryPgAuditMetrics(
  client: PoolClient,
  options: AuditMetricsOptions = {},
): Promise<AuditMetrics> {
  const { where, parameters } = buildFilter(options);
  const byStatus = emptyStatusCounts();
  const statuses = await client.query<{ status: string; calls: number }>(
    `SELECT status, count(*)::int AS calls FROM audit_log ${where} GROUP BY status`,
    parameters,
  );
  for (const row of statuses.rows) byStatus[row.status as AuditStatus] = row.calls;
  const totals = await client.query<{ calls: number; mean: number | null; sessions: number }>(
    `SELECT count(*)::int AS calls, avg(duration_ms) AS mean, count(DISTINCT session_id)::int AS sessions
     FROM audit_log ${where}`,
    parameters,
  );
  const total = totals.rows[0] ?? { calls: 0, mean: null, sessions: 0 };
  const tools = await client.query<Omit<ToolMetrics, "p95DurationMs">>(
    `SELECT tool, count(*)::int AS calls, ${COUNTS}, avg(duration_ms) AS "meanDurationMs"
     FROM audit_log ${where} GROUP BY tool`,
    parameters,
  );
  const byTool: ToolMetrics[] = [];
  for (const row of tools.rows) {
    byTool.push({ ...row, p95DurationMs: await percentileDuration(client, options, row.calls, row.tool) });
  }
  byTool.sort(compareToolMetrics);
  const sessions = await client.query<
    Omit<SessionMetrics, "firstAt" | "lastAt"> & { firstAt: string; lastAt: string }
  >(
    `SELECT session_id AS "sessionId", count(*)::int AS calls, ${COUNTS},
       min(created_at) AS "firstAt", max(created_at) AS "lastAt"
     FROM audit_log ${where} GROUP BY session_id ORDER BY "lastAt" DESC, "sessionId" LIMIT $${parameters.length + 1}`,
    [...parameters, options.sessionLimit ?? DEFAULT_METRICS_SESSION_LIMIT],
  );
  const bySession = sessions.rows.map((row) => ({
    ...row,
    firstAt: Number(row.firstAt),
    lastAt: Number(row.lastAt),
  }));
  bySession.sort(compareSessionMetrics);
  return {
    calls: total.calls,
    errors: byStatus.error,
    byStatus,
    meanDurationMs: total.mean ?? 0,
    p95DurationMs: await percentileDuration(client, options, total.calls),
    byTool,
    sessions: total.sessions,
    bySession,
  };
}

async function percentileDuration(
  client: PoolClient,
  options: AuditMetricsOptions,
  count: number,
  tool?: string,
): Promise<number> {
  if (count === 0) return 0;
  const { where, parameters } = buildFilter(options, tool);
  const result = await client.query<{ duration_ms: number }>(
    `SELECT duration_ms FROM audit_log ${where} ORDER BY duration_ms LIMIT 1 OFFSET $${parameters.length + 1}`,
    [...parameters, percentileIndex(count, 95)],
  );
  return result.rows[0]?.duration_ms ?? 0;
}

function buildFilter(options: AuditMetricsOptions, tool?: string): { where: string; parameters: unknown[] } {
  const clauses: string[] = [];
  const parameters: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    parameters.push(value);
    clauses.push(clause.replace("?", `$${parameters.length}`));
  };
  if (tool !== undefined) add("tool = ?", tool);
  if (options.since !== undefined) add("created_at >= ?", Math.trunc(options.since));
  if (options.agentName !== undefined) add("agent_name = ?", options.agentName);
  return { where: clauses.length === 0 ? "" : `WHERE ${clauses.join(" AND ")}`, parameters };
}
