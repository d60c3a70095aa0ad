// One tool call as the audit log keeps it; its own file so the log and its metrics can both use it.

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
