import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { isSkillboxError } from "../../errors.js";
import { SKILL_STATES, type SkillState } from "../skill-state.js";
import {
  describeWithPostgres,
  type PrivateCluster,
  startPrivateCluster,
  waitFor,
} from "./__fixtures__/test-database.js";
import { openPostgresStore, type PostgresStore } from "./open-postgres-store.js";
import type { StoreChange } from "./store-change.js";

const USER = { scope: "user" } as const;

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

  it("refuses a write at once with store-unavailable while PostgreSQL is down", async () => {
    const store: PostgresStore = await openPostgresStore({
      connectionString: cluster.url,
      schema: "close_fault",
      connectTimeoutMs: 500,
    });
    await cluster.pause();
    try {
      await waitFor(() => !store.available, 5000, "the store to notice PostgreSQL is gone");
      expect(() => store.usage.record("pdf", 1)).toThrow(/cannot be reached.*not saved/s);
    } finally {
      await cluster.resume();
    }
    await store.close();
  });
});
