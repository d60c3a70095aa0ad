// The audit log of tool calls, behind an interface: in-memory here, SQLite in store/.

import type { AuditEntry } from "./audit-entry.js";
import { type AuditMetrics, type AuditMetricsOptions, computeAuditMetrics } from "./audit-metrics.js";

export type { AuditEntry, AuditStatus } from "./audit-entry.js";

/** Stores cut previews longer than this many characters, so one huge tool output cannot bloat them. */
export const MAX_AUDIT_PREVIEW_LENGTH = 4000;

export interface AuditLog {
  record(entry: AuditEntry): void;
  list(sessionId: string): AuditEntry[];
  /**
   * Metrics over every entry the log holds (GET /api/metrics). Asynchronous because a shared log
   * (PostgreSQL) computes them in the database; a log that cannot compute them leaves it out.
   */
  readMetrics?(options?: AuditMetricsOptions): Promise<AuditMetrics>;
}

/** An AuditLog kept in memory, newest last. */
export class InMemoryAuditLog implements AuditLog {
  private readonly entries: AuditEntry[] = [];

  record(entry: AuditEntry): void {
    this.entries.push(entry);
  }

  list(sessionId: string): AuditEntry[] {
    return this.entries.filter((entry) => entry.sessionId === sessionId);
  }

  async readMetrics(options?: AuditMetricsOptions): Promise<AuditMetrics> {
    return computeAuditMetrics(this.entries, options);
  }
}
