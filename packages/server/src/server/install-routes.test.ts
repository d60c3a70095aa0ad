// The install routes (issue 12, item 7) against the fake GitHub: scan, install with progress events,
// outdated, update, remove, the installed list and the marketplace, and the requests they refuse.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { hashTree, skillText } from "@skillbox/installer/install/__fixtures__/install-fixtures";
import { afterEach, describe, expect, it } from "vitest";
import {
  createInstallTestSetup,
  type InstallTestSetup,
  parseEventStream,
} from "./__fixtures__/install-test-setup.js";
import { authorized, TEST_TOKEN } from "./__fixtures__/server-test-helpers.js";
import type {
  ErrorBody,
  InstalledListResponse,
  InstallResponse,
  InstallScanResponse,
  MarketplaceResponse,
  OutdatedResponse,
  PromptResponse,
  RemoveResponse,
  SkillListResponse,
  UpdateResponse,
} from "./api-types.js";
import { createApp } from "./create-app.js";
import { createSignInSessions } from "./sign-in-sessions.js";

const HOST = "127.0.0.1:4317";
let setup: InstallTestSetup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

async function setUp() {
  setup = await createInstallTestSetup();
  const sessions = createSignInSessions();
  const app = createApp({
    workspace: setup.workspace,
    token: TEST_TOKEN,
    port: 4317,
    sessions,
    installer: setup.installer,
  });
  const request = (target: string, init: RequestInit = {}) =>
    app.request(target, { ...init, headers: { host: HOST, ...(init.headers as Record<string, string>) } });
  const json = async <T>(target: string, init: RequestInit = {}): Promise<T> => {
    const response = await request(target, init);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as T;
  };
  const install = (body: unknown) =>
    json<InstallResponse>("/api/install", withAccept(authorized("POST", body), "application/json"));
  const skillsFolder = path.join(setup.folders.project, ".agents", "skills");
  return { ...setup, app, sessions, request, json, install, skillsFolder };
}

function withAccept(init: RequestInit, accept: string): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string>), accept } };
}

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

describe("scanning a source", () => {
  it("lists each skill with its diagnostics, size, scripts and allowed-tools, and writes nothing", async () => {
    const { json, folders } = await setUp();
    const before = hashTree(folders.base, ["scratch"]);
    const scan = await json<InstallScanResponse>(
      "/api/install/scan",
      authorized("POST", { source: "acme/skills" }),
    );
    expect(scan.source).toMatchObject({ type: "github", label: expect.stringContaining("acme/skills") });
    expect(scan.skills.map((skill) => skill.name).sort()).toEqual(["docx", "pdf"]);
    const pdf = scan.skills.find((skill) => skill.name === "pdf");
    expect(pdf).toMatchObject({
      installable: true,
      skillPath: "skills/pdf",
      scripts: ["scripts/extract.sh"],
      allowedTools: ["Read"],
      fileCount: 2,
    });
    expect(pdf).not.toHaveProperty("files");
    expect(hashTree(folders.base, ["scratch"])).toEqual(before);
  });
});

describe("installing from the page's API", () => {
  it("streams progress, the scan and the result as server-sent events, and lists the skill and its Layer 1 entry at once", async () => {
    const { request, json, skillsFolder, folders } = await setUp();
    const response = await request(
      "/api/install",
      authorized("POST", { source: "acme/skills", skills: ["pdf"] }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const events = parseEventStream(await response.text());
    const names = events.map((event) => event.event);
    expect(names).toContain("progress");
    expect(names.indexOf("scanned")).toBeLessThan(names.indexOf("installed"));
    expect(names.at(-1)).toBe("installed");
    const result = events.at(-1)?.data as InstallResponse;
    expect(result.scope).toBe("project");
    expect(result.installed).toEqual([
      expect.objectContaining({ name: "pdf", folder: path.join(skillsFolder, "pdf"), listed: true }),
    ]);
    expect(existsSync(path.join(skillsFolder, "pdf", "source.json"))).toBe(true);
    expect(existsSync(path.join(skillsFolder, "docx"))).toBe(false);
    const lock = JSON.parse(readFileSync(path.join(folders.project, "skills-lock.json"), "utf8"));
    expect(JSON.stringify(lock)).toContain("acme/skills");

    const list = await json<SkillListResponse>("/api/skills");
    expect(list.skills.map((skill) => skill.name)).toContain("pdf");
    const prompt = await json<PromptResponse>("/api/prompt");
    expect(prompt.text).toContain("pdf");
  });

  it("answers JSON to a client that asks for JSON only, and installs into the user's folder on request", async () => {
    const { install, folders } = await setUp();
    const result = await install({ source: "acme/skills", skills: ["docx"], scope: "user" });
    expect(result.scope).toBe("user");
    expect(result.installed.map((skill) => skill.folder)).toEqual([
      path.join(folders.home, ".agents", "skills", "docx"),
    ]);
  });

  it("ends the stream with an error event saying what went wrong when the source has no such skill", async () => {
    const { request, skillsFolder } = await setUp();
    const response = await request(
      "/api/install",
      authorized("POST", { source: "acme/skills", skills: ["nope"] }),
    );
    const events = parseEventStream(await response.text());
    expect(events.at(-1)).toEqual({
      event: "error",
      data: { status: 404, code: "skill-not-found", message: expect.stringContaining("No skill 'nope'") },
    });
    expect(existsSync(skillsFolder)).toBe(false);
  });

  it("names the other source on a clash, and replaces the skill only with replace: true", async () => {
    const { install, request, github, repository } = await setUp();
    await install({ source: "acme/skills", skills: ["pdf"] });
    github.addRepository("other/skills", repository.remote);
    const clash = await request(
      "/api/install",
      withAccept(authorized("POST", { source: "other/skills", skills: ["pdf"] }), "application/json"),
    );
    expect(clash.status).toBe(409);
    expect((await errorOf(clash)).message).toMatch(/installed from acme\/skills; send "replace": true/);
    const replaced = await install({ source: "other/skills", skills: ["pdf"], replace: true });
    expect(replaced.installed[0]?.replaced).toContain("acme/skills");
  });
});

describe("hostile install requests", () => {
  it("refuse a source that names a path on the server's disk, such as ../../x, with 400 invalid-source", async () => {
    const { request, folders } = await setUp();
    const before = hashTree(folders.base, ["scratch"]);
    for (const source of [
      "../../x",
      "/etc",
      "~/skills",
      "./skills.tar.gz",
      `file://${folders.base}/source/remote.git`,
    ]) {
      for (const target of ["/api/install/scan", "/api/install"]) {
        const body = target === "/api/install" ? { source, skills: ["pdf"] } : { source };
        const response = await request(target, authorized("POST", body));
        expect(response.status, `${target} ${source}`).toBe(400);
        const error = await errorOf(response);
        expect(error.code).toBe("invalid-source");
        expect(error.message).toContain("path on the server's disk");
      }
    }
    expect(hashTree(folders.base, ["scratch"])).toEqual(before);
  });

  it("refuse a path that leaves the repository, a missing source and chosen skills that read as paths with 400s", async () => {
    const { request } = await setUp();
    const outside = await request(
      "/api/install",
      authorized("POST", { source: "acme/skills/../../x", skills: ["x"] }),
    );
    expect(outside.status).toBe(400);
    expect((await errorOf(outside)).message).toContain("the path inside the repository is unsafe");
    const empty = await request("/api/install", authorized("POST", { skills: ["pdf"] }));
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toContain('"source" must be a non-empty string');
    for (const skill of ["../../x", "/etc/passwd", "skills\\..\\x"]) {
      const response = await request(
        "/api/install",
        authorized("POST", { source: "acme/skills", skills: [skill] }),
      );
      expect(response.status, skill).toBe(400);
      expect((await errorOf(response)).message).toContain("is not a skill name or a folder in the source");
    }
    const none = await request("/api/install", authorized("POST", { source: "acme/skills", skills: [] }));
    expect(none.status).toBe(400);
    const scope = await request(
      "/api/install",
      authorized("POST", { source: "acme/skills", skills: ["pdf"], scope: "../x" }),
    );
    expect((await errorOf(scope)).message).toContain("Scope");
  });

  it("refuse a skill name with .. in DELETE and update with 400 invalid-name, touching nothing", async () => {
    const { request, install, skillsFolder, folders } = await setUp();
    await install({ source: "acme/skills", skills: ["pdf"] });
    mkdirSync(path.join(folders.base, "x"));
    writeFileSync(path.join(folders.base, "x", "keep.txt"), "keep\n");
    const before = hashTree(folders.base, ["scratch"]);
    // A bare `..` segment never reaches a route: URLs are normalized (`/api/skills/..` is `/api/`).
    for (const name of [
      "..%2F..%2Fx",
      "..%2F..%2F..%2Fx",
      "pdf%2F..%2F..%2Fx",
      "..%5C..%5Cx",
      "%2E%2E%2Fx",
    ]) {
      const removal = await request(`/api/skills/${name}`, authorized("DELETE"));
      expect(removal.status, name).toBe(400);
      const error = await errorOf(removal);
      expect(error.code).toBe("invalid-name");
      expect(error.message).toContain("is not a skill name");
      const update = await request(`/api/skills/${name}/update`, authorized("POST", {}));
      expect(update.status, name).toBe(400);
    }
    expect(hashTree(folders.base, ["scratch"])).toEqual(before);
    expect(existsSync(path.join(skillsFolder, "pdf"))).toBe(true);
  });

  it("need the token or a signed-in page for installs, updates, removals and the update check", async () => {
    const { request } = await setUp();
    const json = { "content-type": "application/json" };
    const attempts: [string, RequestInit][] = [
      [
        "/api/install/scan",
        { method: "POST", headers: json, body: JSON.stringify({ source: "acme/skills" }) },
      ],
      [
        "/api/install",
        { method: "POST", headers: json, body: JSON.stringify({ source: "acme/skills", skills: ["pdf"] }) },
      ],
      ["/api/skills/pdf/update", { method: "POST" }],
      ["/api/skills/pdf", { method: "DELETE" }],
      ["/api/outdated", {}],
      ["/api/marketplace?q=pdf", {}],
    ];
    for (const [target, init] of attempts) {
      expect((await request(target, init)).status, target).toBe(401);
    }
    const form = await request("/api/install", {
      ...authorized("POST"),
      headers: { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "text/plain" },
      body: "acme/skills",
    });
    expect(form.status).toBe(415);
  });

  it("let a signed-in page check for updates only from its own origin", async () => {
    const { request, sessions } = await setUp();
    const login = await request(`/login?code=${sessions.issueCode()}`);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const samePage = await request("/api/outdated", { headers: { cookie, "sec-fetch-site": "same-origin" } });
    expect(samePage.status).toBe(200);
    const otherPort = await request("/api/outdated", { headers: { cookie, "sec-fetch-site": "same-site" } });
    expect(otherPort.status).toBe(401);
    const noSign = await request("/api/outdated", { headers: { cookie } });
    expect(noSign.status).toBe(401);
  });
});

describe("outdated, update and remove", () => {
  it("flag only the skill whose folder changed, update it and keep its state", async () => {
    const { install, json, repository, workspace, skillsFolder } = await setUp();
    await install({ source: "acme/skills", skills: ["pdf", "docx"] });
    repository.commit(
      { "skills/docx/SKILL.md": skillText("docx", "Writes Word files, now with tables.") },
      "docx",
    );
    repository.commit({ "README.md": "more readme\n" }, "unrelated");
    workspace.setState("docx", "name-only");

    const outdated = await json<OutdatedResponse>("/api/outdated", authorized("GET"));
    const status = Object.fromEntries(outdated.skills.map((skill) => [skill.name, skill.status]));
    expect(status).toEqual({ docx: "outdated", pdf: "up-to-date" });

    const update = await json<UpdateResponse>("/api/skills/docx/update", authorized("POST", {}));
    expect(update.results).toEqual([expect.objectContaining({ name: "docx", status: "updated" })]);
    expect(readFileSync(path.join(skillsFolder, "docx", "SKILL.md"), "utf8")).toContain("now with tables");
    expect(workspace.stateOf("docx")).toBe("name-only");
    const again = await json<OutdatedResponse>("/api/outdated", authorized("GET"));
    expect(again.skills.every((skill) => skill.status === "up-to-date")).toBe(true);
  });

  it("asks for consent before an update that adds a script, and applies it with yes: true", async () => {
    const { install, json, repository, skillsFolder } = await setUp();
    await install({ source: "acme/skills", skills: ["docx"] });
    repository.commit({ "skills/docx/scripts/convert.sh": { executable: "#!/bin/sh\n" } }, "script");
    const asked = await json<UpdateResponse>("/api/skills/docx/update", authorized("POST", {}));
    expect(asked.results[0]).toMatchObject({
      status: "needs-consent",
      changes: [expect.objectContaining({ kind: "scripts" })],
    });
    expect(existsSync(path.join(skillsFolder, "docx", "scripts"))).toBe(false);
    const done = await json<UpdateResponse>("/api/skills/docx/update", authorized("POST", { yes: true }));
    expect(done.results[0]?.status).toBe("updated");
    expect(existsSync(path.join(skillsFolder, "docx", "scripts", "convert.sh"))).toBe(true);
  });

  it("removes an installed skill and its lock entry, lists what is installed, and never removes a hand-made skill", async () => {
    const { install, json, request, skillsFolder, folders } = await setUp();
    await install({ source: "acme/skills", skills: ["pdf", "docx"] });
    mkdirSync(path.join(skillsFolder, "mine"));
    writeFileSync(path.join(skillsFolder, "mine", "SKILL.md"), skillText("mine"));

    const installed = await json<InstalledListResponse>("/api/installed");
    expect(installed.skills.map((skill) => [skill.name, skill.source?.repo ?? null])).toEqual([
      ["docx", "acme/skills"],
      ["mine", null],
      ["pdf", "acme/skills"],
    ]);

    const removed = await json<RemoveResponse>("/api/skills/pdf", authorized("DELETE"));
    expect(removed.removed).toEqual({
      name: "pdf",
      scope: "project",
      folder: path.join(skillsFolder, "pdf"),
    });
    expect(existsSync(path.join(skillsFolder, "pdf"))).toBe(false);
    expect(readFileSync(path.join(folders.project, "skills-lock.json"), "utf8")).not.toContain('"pdf"');
    const list = await json<SkillListResponse>("/api/skills");
    expect(list.skills.map((skill) => skill.name)).not.toContain("pdf");

    const handMade = await request("/api/skills/mine", authorized("DELETE"));
    expect(handMade.status).toBe(404);
    expect((await errorOf(handMade)).message).toContain("did not install it");
    expect(existsSync(path.join(skillsFolder, "mine", "SKILL.md"))).toBe(true);
  });
});

describe("the marketplace", () => {
  it("finds skills on skills.sh and in the bundled list, marking the installed ones", async () => {
    const { install, json, github } = await setUp();
    github.setSearchResults([
      { id: "acme/skills/pdf", skillId: "pdf", name: "pdf", installs: 1200, source: "acme/skills" },
      { id: "acme/skills/docx", skillId: "docx", name: "docx", installs: 30, source: "acme/skills" },
    ]);
    await install({ source: "acme/skills", skills: ["pdf"] });
    const found = await json<MarketplaceResponse>("/api/marketplace?q=pdf", authorized("GET"));
    expect(found.rows[0]).toMatchObject({
      name: "pdf",
      source: "acme/skills",
      installs: 1200,
      installed: true,
    });
    const tooShort = await json<MarketplaceResponse>("/api/marketplace?q=p", authorized("GET")).catch(
      (error: unknown) => error,
    );
    expect(tooShort).toBeInstanceOf(Error);
  });
});
