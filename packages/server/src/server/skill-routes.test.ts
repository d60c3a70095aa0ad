import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { DEFAULT_SCRIPT_MAX_OUTPUT_BYTES } from "@skillbox/core/script-runner/run-skill-script";
import { afterEach, describe, expect, it } from "vitest";
import { addSkill, authorized, TEST_TOKEN, trackTestWorkspaces } from "./__fixtures__/server-test-helpers.js";
import { createApp } from "./create-app.js";
import type { SkillSummary } from "./skill-summary.js";

const workspaces = trackTestWorkspaces();
afterEach(() => workspaces.closeAll());

function setUp(rootCount = 1) {
  const opened = workspaces.open({ rootCount });
  return { ...opened, app: createApp({ workspace: opened.workspace, token: TEST_TOKEN, env: process.env }) };
}

async function listSkills(app: ReturnType<typeof createApp>): Promise<SkillSummary[]> {
  const response = await app.request("/api/skills");
  expect(response.status).toBe(200);
  return ((await response.json()) as { skills: SkillSummary[] }).skills;
}

describe("GET /api/skills", () => {
  it("lists every skill with its effective state, usage, invocation flags and diagnostics", async () => {
    const { app, skills, workspace } = setUp();
    addSkill(skills, "pdf", "Reads PDF files.", {
      fields: { tags: ["docs"], when_to_use: "When a PDF is attached." },
    });
    addSkill(skills, "broken", "Has a bad field.", { fields: { context: "sideways" } });
    workspace.registry.refresh();
    workspace.registry.recordUsage("pdf");
    const response = await app.request("/api/skills");
    const body = (await response.json()) as {
      skills: SkillSummary[];
      roots: { label: string; path: string; exists: boolean }[];
      diagnostics: unknown[];
    };
    const pdf = body.skills.find((skill) => skill.name === "pdf");
    expect(pdf).toMatchObject({
      qualifiedName: `${body.roots[0]?.label}:pdf`,
      description: "Reads PDF files.",
      whenToUse: "When a PDF is attached.",
      tags: ["docs"],
      path: path.join(skills, "pdf", "SKILL.md"),
      directory: path.join(skills, "pdf"),
      state: "on",
      shadowed: false,
      modelInvocable: true,
      userInvocable: true,
      context: "inline",
      diagnostics: [],
    });
    expect(pdf?.usage.count).toBe(1);
    expect(pdf?.usage.lastUsedAt).toBeTypeOf("number");
    expect(pdf?.usage.score).toBeGreaterThan(0);
    const broken = body.skills.find((skill) => skill.name === "broken");
    expect(broken?.diagnostics.length).toBeGreaterThan(0);
    expect(body.roots).toEqual([expect.objectContaining({ path: skills, exists: true, scope: "custom" })]);
    expect(Array.isArray(body.diagnostics)).toBe(true);
  });

  it("picks up a skill added on disk without a watcher, checking the folders at most once a second", async () => {
    const opened = workspaces.open({ rootCount: 1 });
    let now = 1_000_000;
    const app = createApp({
      workspace: opened.workspace,
      token: TEST_TOKEN,
      env: process.env,
      clock: () => now,
    });
    addSkill(opened.skills, "first", "The first one.");
    expect((await listSkills(app)).map((skill) => skill.name)).toEqual(["first"]);
    addSkill(opened.skills, "second", "The second one.");
    // Within the second no folder is looked at again: a busy server does not stat every file per request.
    now += 500;
    expect((await listSkills(app)).map((skill) => skill.name)).toEqual(["first"]);
    now += 500;
    expect((await listSkills(app)).map((skill) => skill.name)).toEqual(["first", "second"]);
  });

  it("answers repeated reads from one built list until a skill, a state or a write changes it, and within a second for usage", async () => {
    const opened = workspaces.open({ rootCount: 1 });
    let now = 1_000_000;
    const app = createApp({
      workspace: opened.workspace,
      token: TEST_TOKEN,
      env: process.env,
      clock: () => now,
    });
    addSkill(opened.skills, "pdf", "Reads PDF files.");
    addSkill(opened.skills, "csv", "Cleans CSV files.");
    const countOf = (list: SkillSummary[], name: string) =>
      list.find((skill) => skill.name === name)?.usage.count;
    const first = await app.request("/api/skills");
    expect(first.headers.get("content-type")).toBe("application/json");
    const firstText = await first.text();
    expect(await (await app.request("/api/skills")).text()).toBe(firstText);
    // Usage recorded elsewhere (an agent on the same store) tells no one: shown once the second is up.
    opened.workspace.registry.recordUsage("pdf");
    now += 400;
    expect(countOf(await listSkills(app), "pdf")).toBe(0);
    now += 600;
    expect(countOf(await listSkills(app), "pdf")).toBe(1);
    // A state set directly (or by another instance) and a write through the API show at once.
    opened.workspace.setState("csv", "off", "user");
    expect((await listSkills(app)).find((skill) => skill.name === "csv")?.state).toBe("off");
    opened.workspace.registry.recordUsage("csv");
    const put = await app.request("/api/skills/pdf/state", authorized("PUT", { state: "name-only" }));
    expect(put.status).toBe(200);
    const afterWrite = await listSkills(app);
    expect(afterWrite.find((skill) => skill.name === "pdf")?.state).toBe("name-only");
    expect(countOf(afterWrite, "csv")).toBe(1);
  });

  it("marks the lower copy of a name as shadowed and reaches it by qualified name", async () => {
    const { app, roots } = setUp(2);
    addSkill(roots[0] as string, "notes", "Upper notes.");
    addSkill(roots[1] as string, "notes", "Lower notes.");
    const listed = await listSkills(app);
    const lower = listed.find((skill) => skill.shadowed);
    expect(listed.filter((skill) => skill.name === "notes")).toHaveLength(2);
    expect(lower?.description).toBe("Lower notes.");
    expect(lower?.modelInvocable).toBe(false);
    const response = await app.request(`/api/skills/${encodeURIComponent(lower?.qualifiedName ?? "")}`);
    expect(response.status).toBe(200);
    const { skill } = (await response.json()) as { skill: SkillSummary };
    expect(skill).toMatchObject({ description: "Lower notes.", shadowed: true });
  });
});

describe("modelVisibility", () => {
  it("says why an 'on' skill is not listed, so the page never calls it listed and hidden at once", async () => {
    const { app, skills, workspace } = setUp();
    addSkill(skills, "plain", "Listed.");
    addSkill(skills, "manual", "Only by hand.", { fields: { "disable-model-invocation": true } });
    addSkill(skills, "rusty", "For Rust files.", { fields: { paths: ["**/*.rs"] } });
    addSkill(skills, "model-only", "Only the model runs it.", { fields: { "user-invocable": false } });
    addSkill(skills, "quiet", "Off for now.");
    workspace.registry.refresh();
    workspace.setState("quiet", "off", "user");
    const byName = new Map((await listSkills(app)).map((skill) => [skill.name, skill]));
    expect(byName.get("plain")).toMatchObject({ state: "on", modelVisibility: "listed" });
    expect(byName.get("manual")).toMatchObject({ state: "on", modelVisibility: "disable-model-invocation" });
    expect(byName.get("rusty")).toMatchObject({ state: "on", modelVisibility: "waiting-for-paths" });
    // A user-invocable: false skill is model-only: Layer 1 lists it, and the summary says so.
    expect(byName.get("model-only")).toMatchObject({
      modelInvocable: true,
      modelVisibility: "listed",
      userInvocable: false,
    });
    expect(byName.get("quiet")).toMatchObject({ state: "off", modelVisibility: "state" });
  });
});

describe("GET /api/skills/:name", () => {
  it("returns the metadata, the body and the file tree", async () => {
    const { app, skills } = setUp();
    addSkill(skills, "deploy", "Deploys the app.", {
      body: "# Deploy\n\nRun the script.\n",
      files: { "scripts/deploy.sh": "echo deploying\n", "references/guide.md": "# Guide\n" },
    });
    const response = await app.request("/api/skills/deploy");
    expect(response.status).toBe(200);
    const { skill } = (await response.json()) as {
      skill: SkillSummary & {
        metadata: Record<string, unknown>;
        body: string;
        files: { path: string; size: number }[];
      };
    };
    expect(skill.name).toBe("deploy");
    expect(skill.metadata).toMatchObject({ name: "deploy", description: "Deploys the app." });
    expect(skill.body).toBe("# Deploy\n\nRun the script.\n");
    expect(skill.files).toEqual([
      { path: "SKILL.md", size: expect.any(Number) },
      { path: "references/guide.md", size: 8 },
      { path: "scripts/deploy.sh", size: 15 },
    ]);
  });

  it("accepts the URL-encoded qualified name", async () => {
    const { app, skills } = setUp();
    addSkill(skills, "deploy", "Deploys the app.");
    const [summary] = await listSkills(app);
    const response = await app.request(`/api/skills/${encodeURIComponent(summary?.qualifiedName ?? "")}`);
    expect(response.status).toBe(200);
  });

  it("routes names holding slashes, hashes and colons when URL-encoded", async () => {
    const { app } = setUp();
    const response = await app.request(`/api/skills/${encodeURIComponent("project:packages/app:pdf#2")}`);
    expect(response.status).toBe(404);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("skill-not-found");
    expect(error.message).toContain("project:packages/app:pdf#2");
  });

  it("answers 404 skill-not-found for an unknown name", async () => {
    const { app } = setUp();
    const response = await app.request("/api/skills/nothing-here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: "skill-not-found", message: expect.stringContaining("nothing-here") },
    });
  });
});

describe("PUT /api/skills/:name/state", () => {
  it("stores the state at user scope and answers the updated summary", async () => {
    const { app, skills, workspace } = setUp();
    addSkill(skills, "pdf", "Reads PDF files.");
    const response = await app.request("/api/skills/pdf/state", authorized("PUT", { state: "name-only" }));
    expect(response.status).toBe(200);
    const { skill } = (await response.json()) as { skill: SkillSummary };
    expect(skill.state).toBe("name-only");
    expect(workspace.stateOf("pdf")).toBe("name-only");
    expect(workspace.settings.getSkillStates({ scope: "user" }).get("pdf")).toBe("name-only");
    expect((await listSkills(app))[0]?.state).toBe("name-only");
  });

  it("stores a project-scope state for the workspace's project", async () => {
    const { app, skills, workspace } = setUp();
    addSkill(skills, "pdf", "Reads PDF files.");
    const response = await app.request(
      "/api/skills/pdf/state",
      authorized("PUT", { state: "off", scope: "project" }),
    );
    expect(response.status).toBe(200);
    expect(workspace.stateOf("pdf")).toBe("off");
    expect(workspace.settings.getSkillStates({ scope: "user" }).has("pdf")).toBe(false);
  });

  it("refuses an unknown state, an unknown scope, an unknown field and malformed JSON with 400", async () => {
    const { app, skills } = setUp();
    addSkill(skills, "pdf", "Reads PDF files.");
    const bodies = [
      { state: "maybe" },
      {},
      { state: "on", scope: "galaxy" },
      { state: "on", colour: "red" },
      "{nope",
    ];
    for (const body of bodies) {
      const response = await app.request("/api/skills/pdf/state", authorized("PUT", body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toMatch(/^invalid-/);
    }
  });

  it("answers 404 for an unknown skill and 409 for a shadowed copy", async () => {
    const { app, roots } = setUp(2);
    addSkill(roots[0] as string, "notes", "Upper notes.");
    addSkill(roots[1] as string, "notes", "Lower notes.");
    const missing = await app.request("/api/skills/ghost/state", authorized("PUT", { state: "off" }));
    expect(missing.status).toBe(404);
    const lower = (await listSkills(app)).find((skill) => skill.shadowed);
    const shadowed = await app.request(
      `/api/skills/${encodeURIComponent(lower?.qualifiedName ?? "")}/state`,
      authorized("PUT", { state: "off" }),
    );
    expect(shadowed.status).toBe(409);
  });
});

describe("POST /api/skills/:name/scripts/:script", () => {
  it("answers 403 while the skill's scripts are not allowed, and runs them once they are", async () => {
    const { app, skills } = setUp();
    addSkill(skills, "greet", "Greets.", {
      files: { "scripts/hello.js": "console.log('hello ' + process.argv.slice(2).join(' '));\n" },
    });
    const denied = await app.request(
      "/api/skills/greet/scripts/hello.js",
      authorized("POST", { args: ["you"] }),
    );
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { error: { code: string } }).error.code).toBe("scripts-not-allowed");
    const allow = await app.request("/api/settings", authorized("PUT", { allowScripts: ["greet"] }));
    expect(allow.status).toBe(200);
    const response = await app.request(
      "/api/skills/greet/scripts/hello.js",
      authorized("POST", { args: ["you"] }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ exitCode: 0, stdout: "hello you\n", timedOut: false });
  });

  it("refuses bad arguments with 400 and a script outside scripts/ with 400 or 404", async () => {
    const { app, skills, workspace } = setUp();
    addSkill(skills, "greet", "Greets.", { files: { "scripts/hello.js": "console.log('hi');\n" } });
    writeFileSync(path.join(skills, "greet", "secret.js"), "console.log('secret');\n");
    workspace.settings.updateSkillSettings((current) => ({ ...current, allowScripts: ["greet"] }));
    const badArgs = await app.request(
      "/api/skills/greet/scripts/hello.js",
      authorized("POST", { args: [1, 2] }),
    );
    expect(badArgs.status).toBe(400);
    const outside = await app.request(
      `/api/skills/greet/scripts/${encodeURIComponent("../secret.js")}`,
      authorized("POST", {}),
    );
    expect([400, 404]).toContain(outside.status);
    const missing = await app.request("/api/skills/greet/scripts/nope.js", authorized("POST", {}));
    expect(missing.status).toBe(404);
  });

  it("keeps 1 MiB of a script's output, the same cap as skillbox exec, and says it cut the rest", async () => {
    const { app, skills, workspace } = setUp();
    addSkill(skills, "loud", "Talks a lot.", {
      files: { "scripts/flood.js": "process.stdout.write('x'.repeat(3 * 1024 * 1024));\n" },
    });
    workspace.settings.updateSkillSettings((current) => ({ ...current, allowScripts: ["loud"] }));
    const response = await app.request("/api/skills/loud/scripts/flood.js", authorized("POST", {}));
    const body = (await response.json()) as { stdout: string; truncated: boolean };
    expect(body.truncated).toBe(true);
    expect(body.stdout.startsWith("x".repeat(DEFAULT_SCRIPT_MAX_OUTPUT_BYTES))).toBe(true);
    expect(body.stdout.slice(DEFAULT_SCRIPT_MAX_OUTPUT_BYTES)).toBe(
      `\n[stdout truncated: ${2 * 1024 * 1024} more bytes not kept (limit ${DEFAULT_SCRIPT_MAX_OUTPUT_BYTES} bytes)]\n`,
    );
  });
});

describe("GET /api/search", () => {
  it("ranks skills with the registry's search, with a score and a confidence", async () => {
    const { app, skills, workspace } = setUp();
    addSkill(skills, "pdf-forms", "Fill and flatten PDF forms.");
    addSkill(skills, "charts", "Plot charts from tables.");
    workspace.registry.refresh();
    const response = await app.request(
      `/api/search?${new URLSearchParams({ q: "fill in a pdf form", limit: "1" })}`,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      query: string;
      results: (SkillSummary & { score: number; confidence: number })[];
    };
    expect(body.query).toBe("fill in a pdf form");
    expect(body.results.map((result) => result.name)).toEqual(["pdf-forms"]);
    expect(body.results[0]?.confidence).toBeGreaterThan(0);
    expect(body.results[0]?.confidence).toBeLessThanOrEqual(1);
    expect(body.results[0]?.score).toBeGreaterThan(0);
  });

  it("refuses an empty query and a bad limit", async () => {
    const { app } = setUp();
    expect((await app.request("/api/search?q=%20")).status).toBe(400);
    expect((await app.request("/api/search?q=pdf&limit=0")).status).toBe(400);
  });
});
