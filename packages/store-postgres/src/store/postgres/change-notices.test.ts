import { afterEach, expect, it } from "vitest";
import {
  createTestSchemaName,
  describeWithPostgres,
  openTestStore,
  queryTestDatabase,
  waitFor,
} from "./__fixtures__/test-database.js";
import type { PostgresStore } from "./open-postgres-store.js";
import type { StoreChange } from "./store-change.js";

const opened: PostgresStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

async function openPair(): Promise<[PostgresStore, PostgresStore]> {
  const schema = createTestSchemaName("notices");
  const first = await openTestStore({ schema });
  const second = await openTestStore({ schema });
  opened.push(first, second);
  return [first, second];
}

function collectChanges(store: PostgresStore): StoreChange[] {
  const changes: StoreChange[] = [];
  store.onChange((change) => changes.push(change));
  return changes;
}

describeWithPostgres("PostgreSQL change notices", () => {
  it("bring a state, an override and a setting written on one instance to another within a second", async () => {
    const [a, b] = await openPair();
    const changes = collectChanges(b);
    a.settings.setSkillState("pdf", "off", { scope: "user" });
    a.settings.setSessionOverride("s1", "csv", "name-only");
    a.settings.updateSkillSettings((current) => ({ ...current, allowScripts: ["pdf"] }));
    await waitFor(
      () =>
        b.settings.getSkillStates({ scope: "user" }).get("pdf") === "off" &&
        b.settings.getSessionOverrides("s1").get("csv") === "name-only" &&
        b.settings.readSkillSettings().settings.allowScripts.includes("pdf"),
      1000,
      "instance B to see A's writes",
    );
    expect(changes).toContainEqual({ table: "skill_states", keys: [["user", "", "pdf"]] });
    expect(changes.map((change) => change.table)).toEqual(
      expect.arrayContaining(["skill_states", "session_skill_states", "settings"]),
    );
    a.settings.clearSkillState("pdf", { scope: "user" });
    await waitFor(
      () => b.settings.getSkillStates({ scope: "user" }).size === 0,
      1000,
      "B to see the state cleared",
    );
  });

  it("bring usage counts and cache entries to the other instance", async () => {
    const [a, b] = await openPair();
    for (let index = 0; index < 50; index += 1) a.usage.record("pdf", 1000 + index);
    a.cache.set("translations", "k", { text: "Hallo" });
    a.audit.record({
      agentName: "main",
      sessionId: "s9",
      tool: "bash",
      status: "ok",
      durationMs: 1,
      inputPreview: "",
      outputPreview: "",
      at: 5,
    });
    await waitFor(
      () =>
        b.usage.get("pdf")?.count === 50 &&
        b.cache.get("translations", "k") !== undefined &&
        b.audit.list("s9").length === 1,
      1000,
      "B to see A's usage, cache entry and audit entry",
    );
    expect(b.usage.get("pdf")).toEqual({ count: 50, lastUsedAt: 1049 });
  });

  it("resume after the notice connection is killed, re-reading what changed meanwhile", async () => {
    const [a, b] = await openPair();
    const changes = collectChanges(b);
    const processId = b.listenerProcessId;
    expect(processId).toBeTypeOf("number");
    await queryTestDatabase("SELECT pg_terminate_backend($1)", [processId]);
    // Written while B's notice connection is down or coming back: the full refresh must bring it.
    a.settings.setSkillState("during-blip", "off", { scope: "user" });
    await a.flush();
    await waitFor(
      () => changes.some((change) => change.table === "all"),
      2000,
      "B's full refresh after reconnecting",
    );
    expect(b.listenerProcessId).not.toBe(processId);
    await waitFor(
      () => b.settings.getSkillStates({ scope: "user" }).get("during-blip") === "off",
      1000,
      "B to see the write made during the blip",
    );
    a.settings.setSkillState("after-blip", "name-only", { scope: "user" });
    await waitFor(
      () => b.settings.getSkillStates({ scope: "user" }).get("after-blip") === "name-only",
      1000,
      "notices to resume",
    );
    expect(b.available).toBe(true);
  });

  it("ignore notices from another schema on the same database", async () => {
    const [a] = await openPair();
    const other = await openTestStore();
    opened.push(other);
    const changes = collectChanges(other);
    a.settings.setSkillState("pdf", "off", { scope: "user" });
    await a.flush();
    other.settings.setSkillState("csv", "off", { scope: "user" });
    await waitFor(() => changes.length > 0, 1000, "the other schema's own notice");
    expect(changes.every((change) => change.keys?.[0]?.[2] !== "pdf")).toBe(true);
    expect(other.settings.getSkillStates({ scope: "user" }).has("pdf")).toBe(false);
  });
});
