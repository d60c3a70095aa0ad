import { isSkillboxError, type SkillboxError } from "@skillbox/core/errors";
import { SKILL_STATES, type SkillState } from "@skillbox/core/store/skill-state";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  describeWithPostgres,
  type PrivateCluster,
  startPrivateCluster,
  waitFor,
} from "./__fixtures__/test-database.js";
import { openPostgresStore, type PostgresStore } from "./open-postgres-store.js";
import type { StoreChange } from "./store-change.js";

const USER = { scope: "user" } as const;
const AUDIT = {
  agentName: "main",
  tool: "bash",
  status: "ok",
  durationMs: 1,
  inputPreview: "",
  outputPreview: "",
} as const;

describeWithPostgres("the PostgreSQL store when PostgreSQL stops mid-run", () => {
  // Its own cluster: stopping the shared one would break the other test files running alongside.
  let cluster: PrivateCluster;
  beforeAll(() => {
    cluster = startPrivateCluster();
  });
  afterAll(() => cluster?.remove());

  it("keeps every acknowledged write, refuses the rest with store-unavailable, recovers and resumes notices", async () => {
    const open = () =>
      openPostgresStore({ connectionString: cluster.url, schema: "fault", connectTimeoutMs: 1000 });
    const a = await open();
    const b = await open();
    const changesOnB: StoreChange[] = [];
    b.onChange((change) => changesOnB.push(change));
    const acknowledged = { uses: 0, states: new Map<string, SkillState>() };
    let refused = 0;
    let writing = true;
    let readsDuringOutage = 0;

    const writer = (async () => {
      for (let index = 0; writing; index += 1) {
        const name = `skill-${index % 40}`;
        const state = SKILL_STATES[index % SKILL_STATES.length] as SkillState;
        try {
          a.usage.record("pdf", index);
          acknowledged.uses += 1;
          a.settings.setSkillState(name, state, USER);
          acknowledged.states.set(name, state);
        } catch (error) {
          if (!isSkillboxError(error, "store-unavailable")) throw error;
          refused += 1;
          // Reads keep answering from memory meanwhile.
          if (a.settings.getSkillStates(USER).size > 0 && a.usage.get("pdf") !== undefined)
            readsDuringOutage += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();

    await waitFor(() => acknowledged.uses > 100, 5000, "writes before the stop");
    await cluster.pause();
    await waitFor(() => !a.available, 5000, "the store to notice PostgreSQL is gone");
    await waitFor(() => refused > 20, 5000, "writes refused during the outage");
    await cluster.resume();
    await waitFor(() => a.available && b.available, 5000, "both instances to reconnect");
    const usesAtRestart = acknowledged.uses;
    await waitFor(() => acknowledged.uses > usesAtRestart + 100, 5000, "writes after the restart");
    writing = false;
    await writer;
    await a.flush();

    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const usage = await client.query<{ count: string }>("SELECT invoke_count AS count FROM fault.usage");
      expect(Number(usage.rows[0]?.count)).toBe(acknowledged.uses);
      const states = await client.query<{ skill_name: string; state: SkillState }>(
        "SELECT skill_name, state FROM fault.skill_states",
      );
      expect(new Map(states.rows.map((row) => [row.skill_name, row.state]))).toEqual(acknowledged.states);
    } finally {
      await client.end();
    }
    expect(refused).toBeGreaterThan(0);
    expect(readsDuringOutage).toBeGreaterThan(0);
    expect(a.usage.get("pdf")?.count).toBe(acknowledged.uses);
    // B re-read everything after reconnecting, and notices flow again.
    expect(changesOnB.some((change) => change.table === "all")).toBe(true);
    a.settings.setSkillState("after-restart", "off", USER);
    await waitFor(
      () => b.settings.getSkillStates(USER).get("after-restart") === "off",
      1000,
      "B to see a new write",
    );
    await waitFor(() => b.usage.get("pdf")?.count === acknowledged.uses, 1000, "B's usage to catch up");
    await a.close();
    await b.close();
  });

  it("refuses a state write at once while PostgreSQL is down, but keeps usage and audit records and commits them once it is back", async () => {
    const store: PostgresStore = await openPostgresStore({
      connectionString: cluster.url,
      schema: "close_fault",
      connectTimeoutMs: 500,
    });
    await cluster.pause();
    try {
      await waitFor(() => !store.available, 5000, "the store to notice PostgreSQL is gone");
      expect(() => store.settings.setSkillState("pdf", "off", USER)).toThrow(/cannot be reached.*not saved/s);
      // What a running agent records must not fail its tool call: it waits for the database.
      store.usage.record("pdf", 1);
      store.usage.record("pdf", 2);
      store.audit.record({ ...AUDIT, sessionId: "during-outage", at: 3 });
      expect(store.usage.get("pdf")?.count).toBe(2);
      expect(store.audit.list("during-outage")).toHaveLength(1);
    } finally {
      await cluster.resume();
    }
    await store.flush();
    expect(await countRows("SELECT invoke_count AS n FROM close_fault.usage WHERE skill_name = 'pdf'")).toBe(
      2,
    );
    expect(
      await countRows("SELECT count(*) AS n FROM close_fault.audit_log WHERE session_id = 'during-outage'"),
    ).toBe(1);
    await store.close();
  });

  it("turns usage and audit records away only when the write queue is full, reporting the first and then the tally", async () => {
    const store = await openPostgresStore({
      connectionString: cluster.url,
      schema: "full_fault",
      connectTimeoutMs: 500,
      maxQueuedWrites: 5,
    });
    const reports: SkillboxError[] = [];
    store.onError((error) => {
      if (error.data.queued !== undefined) reports.push(error);
    });
    await cluster.pause();
    try {
      await waitFor(() => !store.available, 5000, "the store to notice PostgreSQL is gone");
      for (let index = 0; index < 12; index += 1) {
        expect(() => store.audit.record({ ...AUDIT, sessionId: "full", at: index })).not.toThrow();
      }
      expect(store.audit.list("full").map((entry) => entry.at)).toEqual([0, 1, 2, 3, 4]);
      expect(reports).toHaveLength(1);
      expect(reports[0]?.message).toMatch(/5 writes are waiting for PostgreSQL .* not saved/);
    } finally {
      await cluster.resume();
    }
    await store.flush();
    await waitFor(() => reports.length === 2, 5000, "the tally once the queue drained");
    expect(reports[1]?.data.notSaved).toBe(7);
    expect(reports[1]?.message).toContain("7 usage and audit records");
    expect(await countRows("SELECT count(*) AS n FROM full_fault.audit_log WHERE session_id = 'full'")).toBe(
      5,
    );
    store.audit.record({ ...AUDIT, sessionId: "full", at: 99 });
    await store.flush();
    expect(await countRows("SELECT count(*) AS n FROM full_fault.audit_log WHERE session_id = 'full'")).toBe(
      6,
    );
    await store.close();
  });

  async function countRows(sql: string): Promise<number> {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(sql);
      return Number(rows[0]?.n);
    } finally {
      await client.end();
    }
  }
});
