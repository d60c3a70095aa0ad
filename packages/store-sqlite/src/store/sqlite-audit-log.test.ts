import { type AuditEntry, type AuditStatus, MAX_AUDIT_PREVIEW_LENGTH } from "@skillbox/core/store/audit-log";
import { computeAuditMetrics } from "@skillbox/core/store/audit-metrics";
import { describe, expect, it } from "vitest";
import { openStore } from "./open-store.js";
import { SqliteAuditLog } from "./sqlite-audit-log.js";

function entry(overrides: Partial<AuditEntry>): AuditEntry {
  return {
    agentName: "main",
    sessionId: "s1",
    tool: "load_skill",
    status: "ok",
    durationMs: 10,
    inputPreview: '{"name":"pdf"}',
    outputPreview: "# PDF",
    at: 1000,
    ...overrides,
  };
}

function sampleEntries(): AuditEntry[] {
  const statuses: AuditStatus[] = ["ok", "ok", "error", "ok", "denied", "ok", "blocked", "ok", "error", "ok"];
  const entries: AuditEntry[] = [];
  for (let index = 0; index < 40; index += 1) {
    entries.push(
      entry({
        agentName: index % 5 === 0 ? "helper" : "main",
        sessionId: `s${index % 3}`,
        tool: ["load_skill", "read_skill_file", "run_skill_script"][index % 3] ?? "load_skill",
        status: statuses[index % statuses.length] ?? "ok",
        durationMs: ((index * 37) % 101) + 0.5,
        at: 1000 + index * 10,
      }),
    );
  }
  return entries;
}

describe("SqliteAuditLog", () => {
  it("lists one session's entries oldest first with every column kept", () => {
    const store = openStore({ path: ":memory:" });
    const log = new SqliteAuditLog(store);
    const first = entry({ at: 1 });
    const other = entry({ sessionId: "s2", tool: "bash", status: "denied", at: 2 });
    const second = entry({
      tool: "read_skill_file",
      status: "error",
      durationMs: 12.5,
      outputPreview: "boom",
      at: 3,
    });
    for (const item of [first, other, second]) log.record(item);
    expect(log.list("s1")).toEqual([first, second]);
    expect(log.list("s2")).toEqual([other]);
    expect(log.list("missing")).toEqual([]);
    store.close();
  });

  it("cuts huge previews and stores a nonsense duration as zero", () => {
    const store = openStore({ path: ":memory:" });
    const log = new SqliteAuditLog(store);
    log.record(entry({ inputPreview: "x".repeat(100_000), durationMs: Number.NaN }));
    const [stored] = log.list("s1");
    expect(stored?.inputPreview.length).toBe(MAX_AUDIT_PREVIEW_LENGTH);
    expect(stored?.durationMs).toBe(0);
    store.close();
  });

  it("prunes entries older than a given time", () => {
    const store = openStore({ path: ":memory:" });
    const log = new SqliteAuditLog(store);
    for (const at of [1, 2, 3]) log.record(entry({ at }));
    expect(log.prune(3)).toBe(2);
    expect(log.list("s1").map((item) => item.at)).toEqual([3]);
    store.close();
  });

  it("uses an index to list a session", () => {
    const store = openStore({ path: ":memory:" });
    const plan = store.database
      .prepare("EXPLAIN QUERY PLAN SELECT * FROM audit_log WHERE session_id = ? ORDER BY id")
      .all("s1") as Array<{ detail: string }>;
    expect(plan.map((row) => row.detail).join(" ")).toContain("audit_log_by_session");
    store.close();
  });

  it("reports zeros for an empty log", () => {
    const store = openStore({ path: ":memory:" });
    expect(new SqliteAuditLog(store).metrics()).toEqual({
      calls: 0,
      errors: 0,
      byStatus: { ok: 0, error: 0, denied: 0, blocked: 0 },
      meanDurationMs: 0,
      p95DurationMs: 0,
      byTool: [],
      sessions: 0,
      bySession: [],
    });
    store.close();
  });

  it("computes calls per tool and per session (errors, denied and blocked apart), mean and p95 durations", () => {
    const store = openStore({ path: ":memory:" });
    const log = new SqliteAuditLog(store);
    for (let index = 1; index <= 20; index += 1) {
      log.record(entry({ durationMs: index, status: index <= 2 ? "error" : "ok", at: index }));
    }
    log.record(entry({ tool: "bash", sessionId: "s2", durationMs: 100, status: "blocked", at: 50 }));
    log.record(entry({ tool: "bash", sessionId: "s2", durationMs: 1, status: "denied", at: 51 }));
    const metrics = log.metrics();
    expect(metrics.calls).toBe(22);
    expect(metrics.errors).toBe(2);
    expect(metrics.byStatus).toEqual({ ok: 18, error: 2, denied: 1, blocked: 1 });
    expect(metrics.byTool[0]).toEqual({
      tool: "load_skill",
      calls: 20,
      errors: 2,
      denied: 0,
      blocked: 0,
      meanDurationMs: 10.5,
      p95DurationMs: 19,
    });
    expect(metrics.byTool[1]).toMatchObject({
      tool: "bash",
      calls: 2,
      errors: 0,
      denied: 1,
      blocked: 1,
      p95DurationMs: 100,
    });
    expect(metrics.p95DurationMs).toBe(20);
    expect(metrics.sessions).toBe(2);
    expect(metrics.bySession).toEqual([
      { sessionId: "s2", calls: 2, errors: 0, denied: 1, blocked: 1, firstAt: 50, lastAt: 51 },
      { sessionId: "s1", calls: 20, errors: 2, denied: 0, blocked: 0, firstAt: 1, lastAt: 20 },
    ]);
    store.close();
  });

  it("agrees with the in-memory computation, with and without filters", () => {
    const store = openStore({ path: ":memory:" });
    const log = new SqliteAuditLog(store);
    const entries = sampleEntries();
    for (const item of entries) log.record(item);
    for (const options of [{}, { since: 1200 }, { agentName: "helper" }, { sessionLimit: 2 }]) {
      const fromSql = log.metrics(options);
      const fromMemory = computeAuditMetrics(entries, options);
      expect(fromSql.calls).toBe(fromMemory.calls);
      expect(fromSql.byStatus).toEqual(fromMemory.byStatus);
      expect(fromSql.meanDurationMs).toBeCloseTo(fromMemory.meanDurationMs, 9);
      expect(fromSql.p95DurationMs).toBe(fromMemory.p95DurationMs);
      expect(fromSql.bySession).toEqual(fromMemory.bySession);
      expect(fromSql.sessions).toBe(fromMemory.sessions);
      expect(fromSql.byTool.map(({ meanDurationMs, ...rest }) => rest)).toEqual(
        fromMemory.byTool.map(({ meanDurationMs, ...rest }) => rest),
      );
      fromSql.byTool.forEach((tool, index) => {
        expect(tool.meanDurationMs).toBeCloseTo(fromMemory.byTool[index]?.meanDurationMs ?? Number.NaN, 9);
      });
    }
    store.close();
  });
});
