// The audit log of tool calls, behind an interface: in-memory here, SQLite in store/.

export type AuditStatus = "ok" | "error" | "denied" | "blocked";

export interface AuditEntry {
  agentName: string;
  sessionId: string;
  tool: string;
  status: AuditStatus;
  durationMs: number;
  inputPreview: string;
  outputPreview: string;
  /** Epoch milliseconds. */
  at: number;
}

export interface AuditLog {
  record(entry: AuditEntry): void;
  list(sessionId: string): AuditEntry[];
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
}
