// One behavioural suite for every persistent store implementation (SQLite and PostgreSQL), so the two
// cannot drift: the same calls through the store interfaces must give the same answers.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Skill } from "@modelcontextprotocol/client/ext/skills";
import { isSkillboxError } from "@skillbox/core/errors";
import type { AuditEntry, AuditLog } from "@skillbox/core/store/audit-log";
import type { CacheStore } from "@skillbox/core/store/cache-store";
import type { SettingsStore } from "@skillbox/core/store/settings-store";
import { createDefaultSkillSettings, setSkillEnabled } from "@skillbox/core/store/skill-settings";
import { resolveSkillState } from "@skillbox/core/store/skill-state";
import type { UsageStore } from "@skillbox/core/store/usage-store";
import {
  createMcpSkillApprovals,
  createSettingsApprovalStorage,
} from "@skillbox/mcp-host/mcp-host/mcp-skill-approvals";
import type { McpSkillEntry } from "@skillbox/mcp-host/mcp-host/mcp-skill-origin";
import {
  createTestSchemaName,
  HAS_POSTGRES,
  openTestStore,
  SKIPPED_POSTGRES_NOTE,
} from "@skillbox/store-postgres/store/postgres/__fixtures__/test-database";
import { openStore } from "@skillbox/store-sqlite/store/open-store";
import { SqliteAuditLog } from "@skillbox/store-sqlite/store/sqlite-audit-log";
import { SqliteCacheStore } from "@skillbox/store-sqlite/store/sqlite-cache-store";
import { SqliteSettingsStore } from "@skillbox/store-sqlite/store/sqlite-settings-store";
import { SqliteUsageStore } from "@skillbox/store-sqlite/store/sqlite-usage-store";
import { afterAll, afterEach, describe, expect, it } from "vitest";

/** The four stores over one database, plus a way to close it. */
interface OpenedStores {
  settings: SettingsStore;
  usage: UsageStore;
  audit: AuditLog;
  cache: CacheStore;
  /** Closes after every write is durable. */
  close(): Promise<void>;
}

/** Opens the same database again each time `open` is called on one location. */
interface StoreKind {
  name: string;
  /** False only for PostgreSQL without a test database outside CI (the tests are then skipped). */
  enabled: boolean;
  /** A new empty location (file or schema). */
  createLocation(): string;
  open(location: string, now: () => number): Promise<OpenedStores>;
}

const temporaryFolders: string[] = [];
afterAll(() => {
  for (const folder of temporaryFolders) rmSync(folder, { recursive: true, force: true });
});

const sqlite: StoreKind = {
  name: "SQLite",
  enabled: true,
  createLocation() {
    const folder = mkdtempSync(join(tmpdir(), "skillbox-contract-"));
    temporaryFolders.push(folder);
    return join(folder, "skillbox.db");
  },
  async open(path, now) {
    const store = openStore({ path });
    return {
      settings: new SqliteSettingsStore(store, { now }),
      usage: new SqliteUsageStore(store),
      audit: new SqliteAuditLog(store),
      cache: new SqliteCacheStore(store, { now }),
      close: async () => store.close(),
    };
  },
};

const postgres: StoreKind = {
  name: "PostgreSQL",
  // In CI a missing database makes these tests fail (openTestStore throws), never skip.
  enabled: HAS_POSTGRES || ["1", "true"].includes((process.env.CI ?? "").toLowerCase()),
  createLocation: () => createTestSchemaName("contract"),
  async open(schema, now) {
    const store = await openTestStore({ schema, now });
    return { ...store, close: () => store.close() };
  },
};

if (!postgres.enabled) console.info(SKIPPED_POSTGRES_NOTE);

const opened: OpenedStores[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((stores) => stores.close()));
});

function catchError(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error("expected the action to throw");
}

/** An MCP skill entry of the server "shop" with these file digests (the SKILL.md URI first). */
function mcpEntry(digests: Record<string, string>): McpSkillEntry {
  const resources = Object.entries(digests).map(([uri, digest]) => ({ uri, digest, size: 1 }));
  const uri = "skill://refunds/SKILL.md";
  return {
    name: "shop:refunds",
    label: "shop",
    skillName: "refunds",
    description: "Refunds.",
    uri,
    rootUri: "skill://refunds",
    entry: { uri, frontmatter: { name: "refunds", description: "Refunds." }, resources } as Skill,
    fingerprint: resources
      .map((resource) => `${resource.uri} ${resource.digest}`)
      .sort()
      .join("\n"),
  };
}

function auditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    agentName: "main",
    sessionId: "s1",
    tool: "load_skill",
    status: "ok",
    durationMs: 5,
    inputPreview: "{}",
    outputPreview: "done",
    at: 1000,
    ...overrides,
  };
}

describe.each([sqlite, postgres])("the $name store", (kind) => {
  const test = kind.enabled ? it : it.skip;
  const clock = { now: 1_000_000 };

  async function openFresh(location = kind.createLocation()): Promise<OpenedStores & { location: string }> {
    const stores = await kind.open(location, () => clock.now);
    opened.push(stores);
    return { ...stores, location };
  }

  async function reopen(stores: OpenedStores & { location: string }): Promise<OpenedStores> {
    await stores.close();
    opened.splice(opened.indexOf(stores), 1);
    const again = await kind.open(stores.location, () => clock.now);
    opened.push(again);
    return again;
  }

  test("counts uses atomically and never moves the last use backwards", async () => {
    const { usage } = await openFresh();
    expect(usage.get("pdf")).toBeUndefined();
    usage.record("pdf", 2000);
    usage.record("pdf", 1000);
    usage.record("csv", 1500.7);
    expect(usage.get("pdf")).toEqual({ count: 2, lastUsedAt: 2000 });
    expect([...usage.all()].sort()).toEqual([
      ["csv", { count: 1, lastUsedAt: 1500 }],
      ["pdf", { count: 2, lastUsedAt: 2000 }],
    ]);
  });

  test("starts with default skill settings and no warning", async () => {
    const { settings } = await openFresh();
    expect(settings.readSkillSettings()).toEqual({ settings: createDefaultSkillSettings(), diagnostics: [] });
  });

  test("writes skill settings normalized and refuses names that are not skill names", async () => {
    const { settings } = await openFresh();
    const written = settings.writeSkillSettings({
      ...createDefaultSkillSettings(),
      enabledSkillNames: ["pdf", "pdf", "csv"],
      targetLanguage: "de",
    });
    expect(written.enabledSkillNames).toEqual(["pdf", "csv"]);
    expect(settings.readSkillSettings().settings).toEqual(written);
    const error = catchError(() =>
      settings.writeSkillSettings({ ...createDefaultSkillSettings(), allowScripts: ["../../etc"] }),
    );
    expect(isSkillboxError(error, "invalid-argument")).toBe(true);
    expect(settings.readSkillSettings().settings).toEqual(written);
  });

  test("updates skill settings from the current value", async () => {
    const { settings } = await openFresh();
    settings.updateSkillSettings((current) => setSkillEnabled(current, "pdf", true));
    const next = settings.updateSkillSettings((current) => setSkillEnabled(current, "csv", true));
    expect(next.enabledSkillNames).toEqual(["pdf", "csv"]);
    expect(settings.readSkillSettings().settings.enabledSkillNames).toEqual(["pdf", "csv"]);
  });

  test("enables default built-ins once, so one turned off stays off", async () => {
    const { settings } = await openFresh();
    settings.applyBuiltinDefaults(["plotting", "methodology"]);
    settings.updateSkillSettings((current) => setSkillEnabled(current, "plotting", false));
    const after = settings.applyBuiltinDefaults(["plotting", "methodology"]);
    expect(after.enabledSkillNames).toEqual(["methodology"]);
    expect(after.builtinDefaultsInitialized).toBe(true);
  });

  test("keeps JSON settings apart by scope and project, and deletes one", async () => {
    const { settings } = await openFresh();
    const project = { scope: "project", projectPath: "/work/app" } as const;
    settings.writeSetting("theme", { dark: true });
    settings.writeSetting("theme", "light", project);
    expect(settings.readSetting("theme")).toEqual({ dark: true });
    expect(settings.readSetting("theme", { scope: "project", projectPath: "/work/app/" })).toBe("light");
    expect(
      settings.readSetting("theme", { scope: "project-local", projectPath: "/work/app" }),
    ).toBeUndefined();
    settings.deleteSetting("theme");
    expect(settings.readSetting("theme")).toBeUndefined();
    expect(settings.readSetting("theme", project)).toBe("light");
    expect(
      isSkillboxError(
        catchError(() => settings.writeSetting("bad", undefined)),
        "invalid-argument",
      ),
    ).toBe(true);
  });

  test("sets and clears skill states per scope, and refuses unknown states and relative projects", async () => {
    const { settings } = await openFresh();
    settings.setSkillState("pdf", "off", { scope: "user" });
    settings.setSkillState("pdf", "name-only", { scope: "project", projectPath: "/work/app" });
    settings.setSkillState("csv", "user-only", { scope: "project-local", projectPath: "/work/app" });
    expect(settings.getSkillStates({ scope: "user" })).toEqual(new Map([["pdf", "off"]]));
    expect(settings.getSkillStates({ scope: "project", projectPath: "/work/app" })).toEqual(
      new Map([["pdf", "name-only"]]),
    );
    settings.clearSkillState("pdf", { scope: "user" });
    expect(settings.getSkillStates({ scope: "user" })).toEqual(new Map());
    const unknown = catchError(() => settings.setSkillState("pdf", "maybe" as "on", { scope: "user" }));
    expect(isSkillboxError(unknown, "invalid-argument")).toBe(true);
    const relative = catchError(() =>
      settings.setSkillState("pdf", "on", { scope: "project", projectPath: "app" }),
    );
    expect(isSkillboxError(relative, "invalid-argument")).toBe(true);
  });

  test("keeps MCP skill approvals across a reopen, bound to the content, and lets a server be untrusted", async () => {
    const stores = await openFresh();
    const skill = mcpEntry({
      "skill://refunds/SKILL.md": "sha256:aa",
      "skill://refunds/run.sh": "sha256:bb",
    });
    const approvals = createMcpSkillApprovals(createSettingsApprovalStorage(stores.settings));
    approvals.approve(skill);
    approvals.allowCodeExecution(skill, "bash");

    const again = await reopen(stores);
    const reopened = createMcpSkillApprovals(createSettingsApprovalStorage(again.settings));
    expect(reopened.isApproved(skill)).toBe(true);
    expect(reopened.allowsCodeExecution(skill, "bash")).toBe(true);
    const changed = mcpEntry({
      "skill://refunds/SKILL.md": "sha256:aa",
      "skill://refunds/run.sh": "sha256:cc",
    });
    expect(reopened.isApproved(changed)).toBe(false);
    expect(reopened.revokeIfChanged(changed)).toBe(true);
    expect(reopened.wasRevoked(changed)).toBe(true);
    reopened.approve(changed);
    reopened.revokeServer("shop");

    const third = createMcpSkillApprovals(
      createSettingsApprovalStorage(
        (await reopen(Object.assign(again, { location: stores.location }))).settings,
      ),
    );
    expect(third.isApproved(changed)).toBe(false);
    expect(third.wasRevoked(changed)).toBe(false);
  });

  test("keeps session overrides per session and clears one or all", async () => {
    const { settings } = await openFresh();
    settings.setSessionOverride("s1", "pdf", "off");
    settings.setSessionOverride("s1", "csv", "on");
    settings.setSessionOverride("s2", "pdf", "user-only");
    settings.clearSessionOverrides("s1", "csv");
    expect(settings.getSessionOverrides("s1")).toEqual(new Map([["pdf", "off"]]));
    settings.clearSessionOverrides("s1");
    expect(settings.getSessionOverrides("s1")).toEqual(new Map());
    expect(settings.getSessionOverrides("s2")).toEqual(new Map([["pdf", "user-only"]]));
    expect(
      isSkillboxError(
        catchError(() => settings.setSessionOverride("", "pdf", "on")),
        "invalid-argument",
      ),
    ).toBe(true);
  });

  test("gathers the four layers so a session override wins over project-local, project and user", async () => {
    const { settings } = await openFresh();
    settings.setSkillState("pdf", "off", { scope: "user" });
    settings.setSkillState("pdf", "name-only", { scope: "project", projectPath: "/p" });
    settings.setSkillState("pdf", "user-only", { scope: "project-local", projectPath: "/p" });
    const withoutSession = settings.readSkillStateLayers({ projectPath: "/p" });
    expect(resolveSkillState("pdf", withoutSession)).toEqual({ state: "user-only", source: "project-local" });
    settings.setSessionOverride("s1", "pdf", "on");
    const layers = settings.readSkillStateLayers({ projectPath: "/p", sessionId: "s1" });
    expect(resolveSkillState("pdf", layers)).toEqual({ state: "on", source: "session" });
    expect(resolveSkillState("csv", layers)).toEqual({ state: "on", source: "default" });
  });

  test("lists a session's audit entries oldest first, previews cut and bad durations zeroed", async () => {
    const { audit } = await openFresh();
    audit.record(auditEntry({ at: 1000, tool: "load_skill" }));
    audit.record(auditEntry({ sessionId: "s2" }));
    audit.record(
      auditEntry({
        at: 2000,
        tool: "bash",
        status: "denied",
        durationMs: -3,
        outputPreview: "x".repeat(5000),
      }),
    );
    const entries = audit.list("s1");
    expect(entries.map((entry) => [entry.tool, entry.status, entry.durationMs])).toEqual([
      ["load_skill", "ok", 5],
      ["bash", "denied", 0],
    ]);
    expect(entries[1]?.outputPreview).toHaveLength(4000);
    expect(audit.list("none")).toEqual([]);
  });

  test("caches JSON values by namespace with expiry, delete, clear and prune", async () => {
    const { cache } = await openFresh();
    cache.set("translations", "a", { text: "Bonjour" });
    cache.set("translations", "b", "short", { ttlMs: 100 });
    cache.set("index", "a", [1, 2]);
    expect(cache.get("translations", "a")).toEqual({ text: "Bonjour" });
    expect(cache.get("index", "a")).toEqual([1, 2]);
    clock.now += 100;
    expect(cache.get("translations", "b")).toBeUndefined();
    expect(cache.prune()).toBe(1);
    expect(cache.delete("translations", "a")).toBe(true);
    expect(cache.delete("translations", "a")).toBe(false);
    expect(cache.clear("index")).toBe(1);
    expect(cache.get("index", "a")).toBeUndefined();
    expect(
      isSkillboxError(
        catchError(() => cache.set("n", "k", 1, { ttlMs: -1 })),
        "invalid-argument",
      ),
    ).toBe(true);
    expect(
      isSkillboxError(
        catchError(() => cache.set("n", "k", undefined)),
        "invalid-argument",
      ),
    ).toBe(true);
  });

  test("claims a key once across two instances on one database, and again once its entry expired", async () => {
    const first = await openFresh();
    const second = await kind.open(first.location, () => clock.now);
    opened.push(second);
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        (index % 2 === 0 ? first : second).cache.claim("spent", "code", true, { ttlMs: 1000 }),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await first.cache.claim("spent", "code", true)).toBe(false);
    expect(await second.cache.claim("spent", "other", true, { ttlMs: 1000 })).toBe(true);
    clock.now += 1000;
    expect(await second.cache.claim("spent", "code", true)).toBe(true);
    expect(await first.cache.claim("spent", "code", true)).toBe(false);
  });

  test("keeps every kind of row across closing and opening again", async () => {
    const first = await openFresh();
    first.usage.record("pdf", 5000);
    first.settings.writeSkillSettings({ ...createDefaultSkillSettings(), enabledSkillNames: ["pdf"] });
    first.settings.setSkillState("pdf", "off", { scope: "project", projectPath: "/p" });
    first.settings.setSessionOverride("s1", "pdf", "name-only");
    first.audit.record(auditEntry());
    first.cache.set("translations", "k", "v");
    const second = await reopen(first);
    expect(second.usage.get("pdf")).toEqual({ count: 1, lastUsedAt: 5000 });
    expect(second.settings.readSkillSettings().settings.enabledSkillNames).toEqual(["pdf"]);
    expect(second.settings.getSkillStates({ scope: "project", projectPath: "/p" })).toEqual(
      new Map([["pdf", "off"]]),
    );
    expect(second.settings.getSessionOverrides("s1")).toEqual(new Map([["pdf", "name-only"]]));
    expect(second.audit.list("s1")).toEqual([auditEntry()]);
    expect(second.cache.get("translations", "k")).toBe("v");
  });
});
