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

/** An audit_log row as both stores select it (PostgreSQL hands `created_at`, a bigint, back as text). */
export interface AuditRow {
  agent_name: string;
  session_id: string;
  tool: string;
  status: string;
  duration_ms: number;
  input_preview: string;
  output_preview: string;
  created_at: number | string;
}

/** The entry an audit_log row holds. */
export function auditEntryFromRow(row: AuditRow): AuditEntry {
  return {
    agentName: row.agent_name,
    sessionId: row.session_id,
    tool: row.tool,
    status: row.status as AuditStatus,
    durationMs: row.duration_ms,
    inputPreview: row.input_preview,
    outputPreview: row.output_preview,
    at: Number(row.created_at),
  };
}
