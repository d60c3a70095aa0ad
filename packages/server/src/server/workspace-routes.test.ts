import { existsSync } from "node:fs";
import * as path from "node:path";
import {
  createTestSchemaName,
  describeWithPostgres,
  requireTestUrl,
} from "@skillbox/store-postgres/store/postgres/__fixtures__/test-database";
import {
  openWorkspaceWithStore,
  type StoreBackedWorkspace,
} from "@skillbox/workspace/workspace/open-workspace-with-store";
import { afterEach, describe, expect, it } from "vitest";
import { addSkill, authorized, TEST_TOKEN, trackTestWorkspaces } from "./__fixtures__/server-test-helpers.js";
import { createApp } from "./create-app.js";
import type { SkillSummary } from "./skill-summary.js";

const workspaces = trackTestWorkspaces();
afterEach(() => workspaces.closeAll());

function setUp(options: Partial<Parameters<typeof createApp>[0]> = {}, bundled = false) {
  const opened = workspaces.open({ bundled });
  return { ...opened, app: createApp({ workspace: opened.workspace, token: TEST_TOKEN, ...options }) };
}

describe("POST /api/refresh", () => {
  it("reports the skills added, changed and removed since the last look", async () => {
    const { app, skills, workspace } = setUp();
    addSkill(skills, "old", "Will be removed.");
    addSkill(skills, "kept", "Will change.");
    workspace.registry.refresh();
    addSkill(skills, "new", "Just arrived.");
    addSkill(skills, "kept", "Has changed, and is longer now.");
    const { rmSync } = await import("node:fs");
    rmSync(`${skills}/old`, { recursive: true });
    const response = await app.request("/api/refresh", authorized("POST"));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { added: string[]; changed: string[]; removed: string[] };
    expect(body.added.map((name) => name.split(":").at(-1))).toEqual(["new"]);
    expect(body.changed.map((name) => name.split(":").at(-1))).toEqual(["kept"]);
    expect(body.removed.map((name) => name.split(":").at(-1))).toEqual(["old"]);
  });
});

describe("the skills folder", () => {
  it("GET /api/directory answers the user's skills folder, which exists", async () => {
    const { app, workspace } = setUp();
    const body = (await (await app.request("/api/directory")).json()) as { path: string };
    expect(body.path).toBe(workspace.userSkillsDirectory);
    expect(existsSync(body.path)).toBe(true);
  });

  it("POST /api/directory/open hands the folder to the opener and reports whether it opened", async () => {
    const asked: string[] = [];
    const { app, workspace } = setUp({
      openDirectory: async (path) => {
        asked.push(path);
        return true;
      },
    });
    const response = await app.request("/api/directory/open", authorized("POST"));
    expect(await response.json()).toEqual({ opened: true, path: workspace.userSkillsDirectory });
    expect(asked).toEqual([workspace.userSkillsDirectory]);
  });

  it("POST /api/directory/open answers opened: false with the path when there is no opener", async () => {
    const { app, workspace } = setUp();
    const response = await app.request("/api/directory/open", authorized("POST"));
    expect(await response.json()).toEqual({ opened: false, path: workspace.userSkillsDirectory });
  });
});

describe("settings", () => {
  it("GET /api/settings answers the defaults of a fresh store, and only the documented keys", async () => {
    const { app } = setUp();
    const body = (await (await app.request("/api/settings")).json()) as { settings: Record<string, unknown> };
    expect(body.settings).toEqual({
      enabledSkillNames: [],
      translationEnabled: true,
      allowScripts: [],
      allowShellInjection: false,
    });
    const put = await app.request("/api/settings", authorized("PUT", { targetLanguage: "de" }));
    expect(Object.keys(((await put.json()) as { settings: object }).settings).sort()).toEqual([
      "allowScripts",
      "allowShellInjection",
      "enabledSkillNames",
      "targetLanguage",
      "translationEnabled",
    ]);
  });

  it("PUT /api/settings refuses names that are not skill names, like a path out of the folder", async () => {
    const { app, workspace } = setUp();
    for (const name of ["../../etc", "a/b", "..", "", "x\u202Ey", "tab\tname", "n".repeat(129)]) {
      const response = await app.request("/api/settings", authorized("PUT", { allowScripts: [name] }));
      expect(response.status, JSON.stringify(name)).toBe(400);
      const { error } = (await response.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe("invalid-argument");
      expect(error.message).toMatch(/^allowScripts\[0\]: .* is not a skill name: /);
    }
    const enabled = await app.request(
      "/api/settings",
      authorized("PUT", { enabledSkillNames: ["ok", "../up"] }),
    );
    expect(enabled.status).toBe(400);
    expect(workspace.settings.readSkillSettings().settings.allowScripts).toEqual([]);
    expect(workspace.settings.readSkillSettings().settings.enabledSkillNames).toEqual([]);
  });

  it("PUT /api/settings answers 400 with one `path: message` line per problem, not a zod dump", async () => {
    const { app } = setUp();
    const response = await app.request(
      "/api/settings",
      authorized("PUT", { translationEnabled: "yes", allowScripts: ["pdf", 7, "../x"] }),
    );
    expect(response.status).toBe(400);
    const { message } = ((await response.json()) as { error: { message: string } }).error;
    const lines = message.split("\n");
    expect(lines).toEqual([
      expect.stringMatching(/^translationEnabled: .*boolean/),
      expect.stringMatching(/^allowScripts\[1\]: .*string/),
      expect.stringMatching(/^allowScripts\[2\]: "..\/x" is not a skill name/),
    ]);
    for (const line of lines) expect(line).not.toMatch(/[{}[\]]\s*$|"code":|"path":/);
  });

  it("PUT /api/settings changes only the fields given and clears the language with null", async () => {
    const { app } = setUp();
    const first = await app.request(
      "/api/settings",
      authorized("PUT", { targetLanguage: "fr", allowShellInjection: true, allowScripts: ["pdf"] }),
    );
    expect(first.status).toBe(200);
    expect(((await first.json()) as { settings: unknown }).settings).toMatchObject({
      targetLanguage: "fr",
      allowShellInjection: true,
      allowScripts: ["pdf"],
      translationEnabled: true,
    });
    const second = await app.request("/api/settings", authorized("PUT", { targetLanguage: null }));
    const { settings } = (await second.json()) as { settings: Record<string, unknown> };
    expect(settings).not.toHaveProperty("targetLanguage");
    expect(settings.allowScripts).toEqual(["pdf"]);
  });

  it("PUT /api/settings refuses unknown fields and wrongly typed values with 400, changing nothing", async () => {
    const { app } = setUp();
    for (const body of [{ theme: "dark" }, { translationEnabled: "yes" }, { allowScripts: "pdf" }, [1, 2]]) {
      const response = await app.request("/api/settings", authorized("PUT", body));
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const { settings } = (await (await app.request("/api/settings")).json()) as {
      settings: Record<string, unknown>;
    };
    expect(settings.translationEnabled).toBe(true);
    expect(settings.allowScripts).toEqual([]);
  });

  // KNOWN BUG (src/workspace): the state resolver caches settings and re-reads only when SQLite's
  // data_version moves, which a write on the same connection never does. Flip to `it` once fixed.
  it("enabledSkillNames turns a bundled skill on", async () => {
    const { app, roots } = setUp({}, true);
    addSkill(roots.at(-1) as string, "bundled-helper", "Ships with Skillbox.");
    const stateOf = async () => {
      const body = (await (await app.request("/api/skills")).json()) as { skills: SkillSummary[] };
      return body.skills.find((skill) => skill.name === "bundled-helper")?.state;
    };
    expect(await stateOf()).toBe("off");
    await app.request("/api/settings", authorized("PUT", { enabledSkillNames: ["bundled-helper"] }));
    expect(await stateOf()).toBe("on");
  });
});

describe("usage, metrics and audit", () => {
  it("GET /api/usage lists recorded uses, most used first", async () => {
    const { app, skills, workspace } = setUp();
    addSkill(skills, "pdf", "Reads PDF files.");
    addSkill(skills, "excel", "Builds spreadsheets.");
    workspace.registry.recordUsage("pdf");
    workspace.registry.recordUsage("pdf");
    workspace.registry.recordUsage("excel");
    const body = (await (await app.request("/api/usage")).json()) as {
      usage: { name: string; count: number; lastUsedAt: number; score: number }[];
    };
    expect(body.usage.map((entry) => [entry.name, entry.count])).toEqual([
      ["pdf", 2],
      ["excel", 1],
    ]);
    expect(body.usage[0]?.score).toBeGreaterThan(body.usage[1]?.score ?? Number.POSITIVE_INFINITY);
  });

  it("GET /api/metrics aggregates the audit log per tool and counts sessions and skills", async () => {
    const { app, skills, workspace } = setUp();
    addSkill(skills, "pdf", "Reads PDF files.");
    const base = { agentName: "test", inputPreview: "", outputPreview: "", at: Date.now() };
    workspace.audit.record({ ...base, sessionId: "a", tool: "load_skill", status: "ok", durationMs: 10 });
    workspace.audit.record({ ...base, sessionId: "a", tool: "load_skill", status: "error", durationMs: 30 });
    workspace.audit.record({ ...base, sessionId: "b", tool: "bash", status: "ok", durationMs: 5 });
    const body = await (await app.request("/api/metrics")).json();
    expect(body).toMatchObject({
      tools: [
        { tool: "load_skill", calls: 2, errors: 1, meanMs: 20, p95Ms: 30 },
        { tool: "bash", calls: 1, errors: 0, meanMs: 5, p95Ms: 5 },
      ],
      sessions: 2,
      skills: 1,
    });
  });

  it("GET /api/metrics counts denied and blocked calls apart from errors, per tool and per session", async () => {
    const { app, workspace } = setUp();
    const base = { agentName: "main", inputPreview: "", outputPreview: "", durationMs: 1 };
    const record = (
      sessionId: string,
      tool: string,
      status: "ok" | "error" | "denied" | "blocked",
      at: number,
    ) => workspace.audit.record({ ...base, sessionId, tool, status, at });
    record("a", "bash", "denied", 1);
    record("a", "bash", "denied", 2);
    record("a", "bash", "error", 3);
    record("a", "task", "blocked", 4);
    record("b", "bash", "ok", 5);
    record("b", "run_skill_script", "denied", 6);
    const body = await (await app.request("/api/metrics")).json();
    expect(body).toMatchObject({
      calls: 6,
      errors: 1,
      denied: 3,
      blocked: 1,
      sessions: 2,
      tools: [
        { tool: "bash", calls: 4, errors: 1, denied: 2, blocked: 0 },
        { tool: "run_skill_script", calls: 1, errors: 0, denied: 1, blocked: 0 },
        { tool: "task", calls: 1, errors: 0, denied: 0, blocked: 1 },
      ],
      recentSessions: [
        { sessionId: "b", calls: 2, errors: 0, denied: 1, blocked: 0, firstAt: 5, lastAt: 6 },
        { sessionId: "a", calls: 4, errors: 1, denied: 2, blocked: 1, firstAt: 1, lastAt: 4 },
      ],
    });
  });

  it("GET /api/sessions/:id/audit answers that session's entries only", async () => {
    const { app, workspace } = setUp();
    const base = { agentName: "test", inputPreview: "{}", outputPreview: "ok", status: "ok" as const };
    workspace.audit.record({ ...base, sessionId: "s-1", tool: "load_skill", durationMs: 4, at: 1000 });
    workspace.audit.record({ ...base, sessionId: "s-2", tool: "bash", durationMs: 4, at: 2000 });
    const body = (await (await app.request("/api/sessions/s-1/audit")).json()) as {
      entries: { tool: string }[];
    };
    expect(body.entries).toEqual([
      expect.objectContaining({ sessionId: "s-1", tool: "load_skill", at: 1000 }),
    ]);
    const empty = await (await app.request("/api/sessions/none/audit")).json();
    expect(empty).toEqual({ entries: [] });
  });
});

describeWithPostgres("GET /api/metrics on PostgreSQL", () => {
  const pgWorkspaces: StoreBackedWorkspace[] = [];
  afterEach(async () => {
    await Promise.all(pgWorkspaces.splice(0).map((workspace) => workspace.closeAndFlush()));
  });

  it("counts the tool calls every instance recorded, computed in the shared database", async () => {
    const schema = createTestSchemaName("metrics");
    const open = async () => {
      const { home, skills } = workspaces.open();
      const store = await openWorkspaceWithStore({
        cwd: path.dirname(home),
        home,
        env: {},
        dirs: [skills],
        bundledDirectory: path.join(path.dirname(home), "bundled"),
        persistIndex: false,
        storeUrl: requireTestUrl(),
        postgres: { schema },
      });
      pgWorkspaces.push(store);
      return { store, app: createApp({ workspace: store, token: TEST_TOKEN }) };
    };
    const first = await open();
    const second = await open();
    const base = { agentName: "main", inputPreview: "", outputPreview: "", durationMs: 4 };
    first.store.audit.record({ ...base, sessionId: "a", tool: "bash", status: "ok", at: 1 });
    first.store.audit.record({ ...base, sessionId: "a", tool: "bash", status: "denied", at: 2 });
    second.store.audit.record({ ...base, sessionId: "b", tool: "load_skill", status: "error", at: 3 });
    await first.store.postgres?.flush();
    await second.store.postgres?.flush();
    const response = await first.app.request("/api/metrics");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      calls: 3,
      errors: 1,
      denied: 1,
      sessions: 2,
      tools: [
        { tool: "bash", calls: 2, errors: 0, denied: 1, meanMs: 4 },
        { tool: "load_skill", calls: 1, errors: 1, denied: 0 },
      ],
      recentSessions: [
        { sessionId: "b", calls: 1, errors: 1, firstAt: 3, lastAt: 3 },
        { sessionId: "a", calls: 2, denied: 1, firstAt: 1, lastAt: 2 },
      ],
    });
  });
});
