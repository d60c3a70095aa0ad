// Aggregates over the tool-call audit log (calls; errors, denied and blocked calls apart; durations),
// for GET /api/metrics.

import type { AuditEntry, AuditStatus } from "./audit-entry.js";

/**
 * Per-tool numbers. `errors` are calls that failed; `denied` ones a permission rule or the person
 * refused, `blocked` ones a hook stopped: three counts, never summed. Durations are in milliseconds;
 * p95 is the nearest-rank 95th percentile.
 */
export interface ToolMetrics {
  tool: string;
  calls: number;
  errors: number;
  denied: number;
  blocked: number;
  meanDurationMs: number;
  p95DurationMs: number;
}

/** Per-session numbers, newest session first. */
export interface SessionMetrics {
  sessionId: string;
  calls: number;
  errors: number;
  denied: number;
  blocked: number;
  firstAt: number;
  lastAt: number;
}

/** The whole picture returned by `SqliteAuditLog.metrics()` and `computeAuditMetrics()`. */
export interface AuditMetrics {
  calls: number;
  /** Calls whose status is `error`. */
  errors: number;
  byStatus: Record<AuditStatus, number>;
  meanDurationMs: number;
  p95DurationMs: number;
  /** Sorted by calls, most first, then by tool name. */
  byTool: ToolMetrics[];
  /** How many sessions have entries (all of them, however many `bySession` lists). */
  sessions: number;
  /** The most recently active sessions, at most `sessionLimit`. */
  bySession: SessionMetrics[];
}

/** Filters for metrics. */
export interface AuditMetricsOptions {
  /** Only entries at or after this epoch-millisecond time. */
  since?: number;
  agentName?: string;
  /** How many sessions to list (default 100). */
  sessionLimit?: number;
}

/** Default number of sessions listed in metrics. */
export const DEFAULT_METRICS_SESSION_LIMIT = 100;

/** Index of the nearest-rank p-th percentile in a sorted list of `count` values. */
export function percentileIndex(count: number, percentile: number): number {
  return Math.max(0, Math.ceil((percentile / 100) * count) - 1);
}

/** Computes metrics in memory over any list of entries (the reference for the SQL version). */
export function computeAuditMetrics(
  entries: readonly AuditEntry[],
  options: AuditMetricsOptions = {},
): AuditMetrics {
  const selected = entries.filter(
    (entry) =>
      (options.since === undefined || entry.at >= options.since) &&
      (options.agentName === undefined || entry.agentName === options.agentName),
  );
  const byStatus = emptyStatusCounts();
  for (const entry of selected) byStatus[entry.status] = (byStatus[entry.status] ?? 0) + 1;
  const tools = groupBy(selected, (entry) => entry.tool);
  const byTool = [...tools].map(([tool, group]): ToolMetrics => {
    const durations = summarizeDurations(group);
    return {
      tool,
      calls: group.length,
      errors: countStatus(group, "error"),
      denied: countStatus(group, "denied"),
      blocked: countStatus(group, "blocked"),
      ...durations,
    };
  });
  byTool.sort(compareToolMetrics);
  const bySession = [...groupBy(selected, (entry) => entry.sessionId)].map(
    ([sessionId, group]): SessionMetrics => ({
      sessionId,
      calls: group.length,
      errors: countStatus(group, "error"),
      denied: countStatus(group, "denied"),
      blocked: countStatus(group, "blocked"),
      firstAt: Math.min(...group.map((entry) => entry.at)),
      lastAt: Math.max(...group.map((entry) => entry.at)),
    }),
  );
  bySession.sort(compareSessionMetrics);
  return {
    calls: selected.length,
    errors: byStatus.error,
    byStatus,
    ...summarizeDurations(selected),
    byTool,
    sessions: bySession.length,
    bySession: bySession.slice(0, options.sessionLimit ?? DEFAULT_METRICS_SESSION_LIMIT),
  };
}

/** Most calls first, then tool name. */
export function compareToolMetrics(a: ToolMetrics, b: ToolMetrics): number {
  return b.calls - a.calls || compareText(a.tool, b.tool);
}

/** Most recently active first, then session id. */
export function compareSessionMetrics(a: SessionMetrics, b: SessionMetrics): number {
  return b.lastAt - a.lastAt || compareText(a.sessionId, b.sessionId);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `{ ok: 0, error: 0, denied: 0, blocked: 0 }`. */
export function emptyStatusCounts(): Record<AuditStatus, number> {
  return { ok: 0, error: 0, denied: 0, blocked: 0 };
}

function summarizeDurations(entries: readonly AuditEntry[]): {
  meanDurationMs: number;
  p95DurationMs: number;
} {
  if (entries.length === 0) return { meanDurationMs: 0, p95DurationMs: 0 };
  const sorted = entries.map((entry) => entry.durationMs).sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    meanDurationMs: total / sorted.length,
    p95DurationMs: sorted[percentileIndex(sorted.length, 95)] ?? 0,
  };
}

function countStatus(entries: readonly AuditEntry[], status: AuditStatus): number {
  return entries.filter((entry) => entry.status === status).length;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
