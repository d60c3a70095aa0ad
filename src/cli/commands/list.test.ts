import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { createFakeLlmServer, type FakeLlmRequest } from "@skillbox/testing";
import { openWorkspace } from "@skillbox/workspace/workspace/open-workspace";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createSkillboxMcpFolder,
  requireBuiltCli,
  type SkillboxMcpFolder,
} from "../../mcp-host/__fixtures__/skillbox-mcp-process.js";
import { type CliHarness, createCliHarness } from "../__fixtures__/cli-harness.js";
import { listCommand } from "./list.js";

let cli: CliHarness;
beforeEach(() => {
  cli = createCliHarness([listCommand]);
});
afterEach(() => cli.remove());

describe("skillbox list", () => {
  it("lists project and user skills with root, state and score, marking a shadowed one", async () => {
    cli.writeSkill(cli.skills, "pdf", { description: "Project PDF." });
    cli.writeSkill(path.join(cli.home, ".agents", "skills"), "pdf", { description: "User PDF." });
    cli.writeSkill(path.join(cli.home, ".claude", "skills"), "notes");
    const result = await cli.run(["list", "--json"]);
    expect(result.code).toBe(0);
    const listing = JSON.parse(result.stdout);
    expect(
      listing.skills.map((skill: Record<string, unknown>) => [
        skill.qualifiedName,
        skill.root,
        skill.state,
        skill.shadowed,
      ]),
    ).toEqual([
      ["user:.claude:notes", "user:.claude", "on", false],
      ["project:pdf", "project", "on", false],
      ["user:pdf", "user", "shadowed", true],
    ]);
    expect(listing.skills[1]).toMatchObject({
      name: "pdf",
      description: "Project PDF.",
      path: path.join(cli.skills, "pdf", "SKILL.md"),
      score: 0,
      diagnostics: [],
    });
    const text = await cli.run(["list"]);
    expect(text.stdout.split("\n")[0]).toMatch(/^NAME\s+STATE\s+SCORE\s+USES\s+ROOT\s+DESCRIPTION$/);
    expect(text.stdout).toMatch(/\nuser:pdf\s+shadowed\s+0\.00\s+0\s+user\s+User PDF\.\n/);
  });

  it("shows states set in the settings and keeps skipped files out of the skills", async () => {
    cli.writeSkill(cli.skills, "pdf");
    cli.writeSkill(cli.skills, "docx");
    mkdirSync(path.join(cli.skills, "empty"));
    writeFileSync(path.join(cli.skills, "empty", "SKILL.md"), "");
    const workspace = openWorkspace({
      cwd: cli.project,
      home: cli.home,
      env: { SKILLBOX_DB: path.join(cli.base, "skillbox.db") },
      bundledDirectory: path.join(cli.base, "none"),
    });
    workspace.setState("docx", "user-only");
    workspace.close();
    const listing = JSON.parse((await cli.run(["list", "--json"])).stdout);
    expect(listing.skills.map((skill: { name: string; state: string }) => [skill.name, skill.state])).toEqual(
      [
        ["docx", "user-only"],
        ["pdf", "on"],
      ],
    );
    expect(listing.diagnostics.map((item: { code: string }) => item.code)).toEqual(["empty-file"]);
  });

  it("shows how often each skill was used beside its score: usageCount and lastUsedAt, and a USES column", async () => {
    cli.writeSkill(cli.skills, "pdf");
    cli.writeSkill(cli.skills, "docx");
    const workspace = openWorkspace({
      cwd: cli.project,
      home: cli.home,
      env: { SKILLBOX_DB: path.join(cli.base, "skillbox.db") },
      bundledDirectory: path.join(cli.base, "none"),
    });
    for (const at of [1_000, 2_000, 3_000]) workspace.usage.record("pdf", Date.UTC(2026, 0, 1) + at);
    workspace.close();
    const listing = JSON.parse((await cli.run(["list", "--json"])).stdout);
    expect(
      listing.skills.map((skill: Record<string, unknown>) => [
        skill.name,
        skill.usageCount,
        skill.lastUsedAt,
      ]),
    ).toEqual([
      ["docx", 0, null],
      ["pdf", 3, "2026-01-01T00:00:03.000Z"],
    ]);
    const table = (await cli.run(["list"])).stdout;
    expect(table).toMatch(/\ndocx\s+on\s+0\.00\s+0\s+project\s/);
    expect(table).toMatch(/\npdf\s+on\s+\d\.\d\d\s+3\s+project\s/);
  });

  it("searches with --query, best match first, with its relevance", async () => {
    cli.writeSkill(cli.skills, "pdf-forms", { description: "Fill PDF forms." });
    cli.writeSkill(cli.skills, "csv-clean", { description: "Clean CSV files." });
    cli.writeSkill(cli.skills, "pdf-read", { description: "Read PDF text and forms." });
    const listing = JSON.parse((await cli.run(["list", "--query", "pdf forms", "--json"])).stdout);
    expect(listing.skills.map((skill: { name: string }) => skill.name)).toEqual(["pdf-forms", "pdf-read"]);
    expect(listing.skills[0].relevance).toBeGreaterThan(listing.skills[1].relevance);
    const none = await cli.run(["list", "--query", "kubernetes"]);
    expect(none).toMatchObject({ code: 0, stdout: "" });
    expect(none.stderr).toBe("No skills match 'kubernetes'\n");
  });

  it("fuses --query with the configured embeddings, and stays lexical with one warning when they fail", async () => {
    cli.writeSkill(cli.skills, "pdf-forms", { description: "Fill PDF forms." });
    cli.writeSkill(cli.skills, "csv-clean", { description: "Clean CSV files." });
    const server = await createFakeLlmServer();
    const writeConfig = (baseUrl: string) => {
      mkdirSync(path.join(cli.home, ".skillbox"), { recursive: true });
      writeFileSync(
        path.join(cli.home, ".skillbox", "config.json"),
        JSON.stringify({ embeddings: { baseUrl, model: "fake-embed" } }),
      );
    };
    try {
      writeConfig(server.openaiBaseUrl);
      const fused = JSON.parse((await cli.run(["list", "--query", "pdf forms", "--json"])).stdout);
      // First in both rankings: 2/61, rounded as list rounds relevance.
      expect(fused.skills[0]).toMatchObject({ name: "pdf-forms" });
      expect(fused.skills[0].relevance).toBeCloseTo(2 / 61, 3);
      expect(server.embeddedTexts).toContain("pdf forms");
    } finally {
      await server.close();
    }
    writeConfig(server.openaiBaseUrl);
    const down = await cli.run(["list", "--query", "pdf forms"]);
    expect(down.code).toBe(0);
    expect(down.stdout).toMatch(/^pdf-forms\s/m);
    const warnings = down.stderr.split("\n").filter((line) => line.includes("embeddings-failed"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/search is lexical.*cannot be reached.*check embeddings\.baseUrl/);
  });

  it("takes --dir and --cwd before or after the command name", async () => {
    const other = path.join(cli.base, "other");
    cli.writeSkill(other, "solo");
    cli.writeSkill(cli.skills, "pdf");
    const names = async (...args: string[]) =>
      JSON.parse((await cli.run(args)).stdout).skills.map((skill: { name: string }) => skill.name);
    expect(await names("--dir", other, "list", "--json")).toEqual(["solo"]);
    expect(await names("list", "--json", "--dir", "../other")).toEqual(["solo"]);
    const elsewhere = path.join(cli.base, "elsewhere");
    cli.writeSkill(path.join(elsewhere, ".claude", "skills"), "far");
    expect(await names("--cwd", elsewhere, "list", "--json")).toEqual(["far"]);
    expect(await names("list", "--cwd", elsewhere, "--json")).toEqual(["far"]);
  });

  it("exits 2 with one line for a missing folder or a bad flag", async () => {
    for (const args of [
      ["list", "--dir", "nope"],
      ["--cwd", "nope", "list"],
      ["list", "--colour"],
      ["list", "--limit", "x"],
    ]) {
      const result = await cli.run(args);
      expect(result.code).toBe(2);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
    }
  });

  it("says in --json who may invoke each skill and which wait for their paths, as the HTTP API does", async () => {
    cli.writeSkill(cli.skills, "plain");
    cli.writeSkill(cli.skills, "typescript", { paths: '["src/**/*.ts"]' });
    cli.writeSkill(cli.skills, "manual", { "disable-model-invocation": "true" });
    cli.writeSkill(cli.skills, "background", { "user-invocable": "false" });
    cli.writeSkill(cli.skills, "forked", { context: "fork" });
    const listing = JSON.parse((await cli.run(["list", "--json"])).stdout);
    const fields = Object.fromEntries(
      listing.skills.map((skill: Record<string, unknown>) => [
        skill.name,
        [skill.modelInvocable, skill.modelVisibility, skill.userInvocable, skill.context, skill.paths],
      ]),
    );
    expect(fields).toEqual({
      plain: [true, "listed", true, "inline", []],
      typescript: [false, "waiting-for-paths", true, "inline", ["src/**/*.ts"]],
      manual: [false, "disable-model-invocation", true, "inline", []],
      // A model-only skill is listed in Layer 1 (the model must see it); the person may not run it.
      background: [true, "listed", false, "inline", []],
      forked: [true, "listed", true, "fork", []],
    });
    expect(listing.skills[0].directory).toBe(path.join(cli.skills, listing.skills[0].name));
    const text = (await cli.run(["list"])).stdout;
    expect(text).toMatch(/\ntypescript +on .* \(offered to the model once matching files are touched\)\n/);
    expect(text).not.toMatch(/plain.*offered/);
  });
});

describe("skillbox list with translation on", () => {
  it("shows the descriptions in the settings' language in the table, and as written in --json", async () => {
    const llm = await createFakeLlmServer({
      script: [
        (request: FakeLlmRequest) => {
          const messages = request.body.messages as { role: string; content: string }[];
          const { items } = JSON.parse(
            messages.find((message) => message.role === "user")?.content ?? "{}",
          ) as {
            items: { id: number; description: string }[];
          };
          return {
            text: JSON.stringify({
              translations: items.map((item) => ({ id: item.id, text: `[de] ${item.description}` })),
            }),
          };
        },
      ],
    });
    try {
      cli.writeSkill(cli.skills, "pdf", { description: "Extract PDF text." });
      mkdirSync(path.join(cli.home, ".skillbox"), { recursive: true });
      writeFileSync(
        path.join(cli.home, ".skillbox", "config.json"),
        JSON.stringify({ provider: "openai", model: "fake-model", baseUrl: llm.openaiBaseUrl }),
      );
      const workspace = openWorkspace({
        cwd: cli.project,
        home: cli.home,
        env: { SKILLBOX_DB: path.join(cli.base, "skillbox.db") },
        bundledDirectory: path.join(cli.base, "bundled"),
      });
      workspace.settings.updateSkillSettings((settings) => ({ ...settings, targetLanguage: "de" }));
      workspace.close();
      const table = await cli.run(["list"]);
      expect(table.code).toBe(0);
      expect(table.stdout).toContain("[de] Extract PDF text.");
      const json = JSON.parse((await cli.run(["list", "--json"])).stdout);
      expect(json.skills[0].description).toBe("Extract PDF text.");
    } finally {
      await llm.close();
    }
  });
});

describe("skillbox list with mcpServers in the config", () => {
  // A spawned server starts in well under the default 5 s, but not always on a loaded test machine.
  const SLOW_MACHINE = ["--mcp-timeout", "60"];
  const served: SkillboxMcpFolder[] = [];
  beforeAll(requireBuiltCli);
  afterEach(() => {
    for (const folder of served.splice(0)) folder.remove();
  });

  function writeConfig(mcpServers: Record<string, unknown>): void {
    mkdirSync(path.join(cli.home, ".skillbox"), { recursive: true });
    writeFileSync(path.join(cli.home, ".skillbox", "config.json"), JSON.stringify({ mcpServers }));
  }
  function serve(files: Record<string, string>): SkillboxMcpFolder {
    const folder = createSkillboxMcpFolder(files);
    served.push(folder);
    return folder;
  }

  it("lists a spawned skillbox mcp's skills as <label>:<name> with server and base URI, beside a local skill of the same name", async () => {
    cli.writeSkill(cli.skills, "release-notes", { description: "Local release notes." });
    const docs = serve({
      "release-notes/SKILL.md":
        "---\nname: release-notes\ndescription: Remote release notes.\n---\nFollow templates/notes.md.\n",
      "release-notes/templates/notes.md": "## Highlights\n",
    });
    writeConfig({ docs: docs.serverConfig() });

    const result = await cli.run(["list", "--json", ...SLOW_MACHINE]);
    expect(result.stderr).toBe("");
    const listing = JSON.parse(result.stdout);
    expect(
      listing.skills.map((skill: Record<string, unknown>) => [skill.name, skill.root, skill.shadowed]),
    ).toEqual([
      ["release-notes", "project", false],
      ["docs:release-notes", "mcp:docs", false],
    ]);
    expect(listing.skills[1]).toMatchObject({
      description: "Remote release notes.",
      path: "skill://release-notes/SKILL.md",
      directory: "skill://release-notes",
      state: "on",
      modelVisibility: "listed",
      mcp: {
        server: "docs",
        skillName: "release-notes",
        uri: "skill://release-notes/SKILL.md",
        baseUri: "skill://release-notes",
      },
    });
    expect(listing.skills[0].mcp).toBeUndefined();

    const table = await cli.run(["list", ...SLOW_MACHINE]);
    expect(table.stdout).toMatch(
      /\ndocs:release-notes\s+on\s+0\.00\s+0\s+mcp:docs\s+Remote release notes\. \(MCP server docs, skill:\/\/release-notes\)\n/,
    );
  });

  it("shows a state set on <label>:<name> and finds MCP skills with --query", async () => {
    const docs = serve({
      "refunds/SKILL.md": "---\nname: refunds\ndescription: Processes refunds.\n---\nRefund.\n",
    });
    writeConfig({ docs: docs.serverConfig() });
    const workspace = openWorkspace({
      cwd: cli.project,
      home: cli.home,
      env: { SKILLBOX_DB: path.join(cli.base, "skillbox.db") },
      bundledDirectory: path.join(cli.base, "none"),
    });
    workspace.setState("docs:refunds", "name-only");
    workspace.close();

    const listing = JSON.parse(
      (await cli.run(["list", "--json", "--query", "refunds", ...SLOW_MACHINE])).stdout,
    );
    expect(listing.skills.map((skill: Record<string, unknown>) => [skill.name, skill.state])).toEqual([
      ["docs:refunds", "name-only"],
    ]);
    const none = JSON.parse(
      (await cli.run(["list", "--json", "--query", "invoices", ...SLOW_MACHINE])).stdout,
    );
    expect(none.skills).toEqual([]);
  });

  it("prints one warning line for a server that fails and one for a server that hangs past --mcp-timeout, and lists the rest", async () => {
    cli.writeSkill(cli.skills, "pdf");
    writeConfig({
      broken: { command: path.join(cli.base, "no-such-server") },
      stuck: { command: process.execPath, args: ["-e", "setInterval(() => {}, 1000)"] },
    });
    const started = Date.now();
    const result = await cli.run(["list", "--mcp-timeout", "0.5"]);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/\npdf\s+on/);
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^mcp:broken warning mcp-server-unavailable MCP server "broken" could not be used: spawn .*ENOENT$/,
        ),
        expect.stringMatching(
          /^mcp:stuck warning mcp-server-unavailable MCP server "stuck" did not connect and list its skills within 0.5 s/,
        ),
      ]),
    );
  });

  it("connects to nothing with --no-mcp", async () => {
    cli.writeSkill(cli.skills, "pdf");
    writeConfig({ broken: { command: path.join(cli.base, "no-such-server") } });
    const result = await cli.run(["list", "--no-mcp", "--json"]);
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout).diagnostics).toEqual([]);
  });
});
