// createSkillAgent with the config's `mcpServers`: an MCP server's skills reach Layer 1 and the skill
// tools, its own tools are offered as mcp__<label>__<tool>, and code execution while following one is
// put to the user. The server is in-process (the host's test server over an in-memory pair).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { resolveProviderConfig } from "@skillbox/agent/agent/providers/resolve-provider-config";
import type { PermissionQuestion } from "@skillbox/core/agent/permissions/permissions";
import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import {
  createFakeLlmServer,
  type FakeLlmRequest,
  type FakeLlmServer,
  type FakeLlmStep,
} from "@skillbox/testing";
import {
  type CreateSkillAgentOptions,
  createSkillAgent,
  type SkillAgent,
} from "@skillbox/workspace/workspace/create-skill-agent";
import { openWorkspace } from "@skillbox/workspace/workspace/open-workspace";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestSkillServer, inMemoryConnector } from "../mcp-host/__fixtures__/test-skill-server.js";

let base: string;
let project: string;
let server: FakeLlmServer | undefined;
let workspace: Workspace | undefined;
let agent: SkillAgent | undefined;

beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), "skillbox-skill-agent-mcp-"));
  project = path.join(base, "project");
  for (const folder of [
    path.join(base, "skills"),
    project,
    path.join(base, "home"),
    path.join(base, "bundled"),
  ]) {
    mkdirSync(folder, { recursive: true });
  }
  mkdirSync(path.join(project, ".skillbox"), { recursive: true });
  writeFileSync(
    path.join(project, ".skillbox", "config.json"),
    JSON.stringify({ mcpServers: { docs: { url: "http://docs.test/mcp" }, "bad label!": { url: "x" } } }),
  );
  // A project's mcpServers count only for a project the user trusts.
  mkdirSync(path.join(base, "home", ".skillbox"), { recursive: true });
  writeFileSync(
    path.join(base, "home", ".skillbox", "config.json"),
    JSON.stringify({ trustedProjects: [project] }),
  );
});
afterEach(async () => {
  await agent?.close();
  workspace?.close();
  await server?.close();
  agent = undefined;
  workspace = undefined;
  server = undefined;
  rmSync(base, { recursive: true, force: true });
});

async function start(
  script: FakeLlmStep[],
  extra: Partial<CreateSkillAgentOptions> = {},
): Promise<FakeLlmServer> {
  const docs = await createTestSkillServer({
    "release-notes/SKILL.md":
      "---\nname: release-notes\ndescription: Writes release notes. Use when asked for release notes.\n---\nFollow the template in templates/notes.md exactly.\n",
    "release-notes/templates/notes.md": "## Highlights\nThree bullet points, then thanks.\n",
  });
  server = await createFakeLlmServer({ script });
  workspace = openWorkspace({
    cwd: project,
    home: path.join(base, "home"),
    env: {},
    dirs: [path.join(base, "skills")],
    bundledDirectory: path.join(base, "bundled"),
    storePath: ":memory:",
  });
  agent = createSkillAgent({
    workspace,
    providerConfig: resolveProviderConfig({
      flags: { provider: "openai", baseUrl: server.openaiBaseUrl, model: "main-model" },
    }),
    connection: { retry: { maxRetries: 0 } },
    sessionId: "session-1",
    mcpConnector: inMemoryConnector({ docs }),
    ...extra,
  });
  return server;
}

type WireMessage = { role: string; content?: unknown };
const messagesOf = (request: FakeLlmRequest | undefined) => (request?.body.messages ?? []) as WireMessage[];
const textOf = (content: unknown) => (typeof content === "string" ? content : JSON.stringify(content ?? ""));
const systemOf = (request: FakeLlmRequest | undefined) =>
  textOf(messagesOf(request).find((message) => message.role === "system")?.content);
const lastToolResultOf = (request: FakeLlmRequest | undefined) =>
  textOf(
    messagesOf(request)
      .filter((message) => message.role === "tool")
      .at(-1)?.content,
  );
const toolNamesOf = (request: FakeLlmRequest | undefined) =>
  ((request?.body.tools ?? []) as { function?: { name?: string } }[]).map((tool) => tool.function?.name);

describe("createSkillAgent with mcpServers in the config", () => {
  it("lists an MCP skill in Layer 1, loads it and reads its supporting file through the host, and offers the server's tools", async () => {
    const diagnostics: Diagnostic[] = [];
    const fake = await start(
      [
        { toolCalls: [{ name: "load_skill", arguments: { skill_name: "docs:release-notes" } }] },
        {
          toolCalls: [
            {
              name: "read_skill_file",
              arguments: { skill_name: "docs:release-notes", path: "templates/notes.md" },
            },
          ],
        },
        { text: "Release notes written." },
      ],
      { onMcpDiagnostic: (diagnostic) => diagnostics.push(diagnostic) },
    );

    const result = await agent?.run("Write the release notes for v2.1");

    expect(result?.text).toBe("Release notes written.");
    const [first, second, third] = fake.requests;
    expect(systemOf(first)).toContain("docs:release-notes");
    expect(systemOf(first)).toContain('[from MCP server "docs"] Writes release notes.');
    expect(toolNamesOf(first)).toEqual(
      expect.arrayContaining(["load_skill", "read_skill_file", "mcp__docs__echo"]),
    );
    expect(lastToolResultOf(second)).toContain('origin="mcp" server="docs"');
    expect(lastToolResultOf(second)).toContain("Follow the template in templates/notes.md exactly.");
    expect(lastToolResultOf(third)).toContain("Three bullet points, then thanks.");
    // The bad label is a warning, not a failure.
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["mcp-server-invalid"]);
  });

  it("asks before bash runs while the agent follows an MCP skill, and refuses it without a yes", async () => {
    const questions: PermissionQuestion[] = [];
    const fake = await start(
      [
        { toolCalls: [{ name: "load_skill", arguments: { skill_name: "docs:release-notes" } }] },
        { toolCalls: [{ name: "bash", arguments: { command: "echo ran > ran.txt" } }] },
        { text: "Done." },
      ],
      {
        onAsk: async (question) => {
          questions.push(question);
          // Loading and the rules' own bash question are allowed; the MCP gate's question is refused.
          return !question.message.includes("Content from an MCP server never runs code");
        },
      },
    );

    await agent?.run("Write the release notes");

    expect(questions.map((question) => question.tool)).toContain("load_skill");
    const gate = questions.find((question) => question.message.includes("Content from an MCP server"));
    expect(gate?.tool).toBe("bash");
    expect(gate?.message).toContain('while following "docs:release-notes" (MCP server "docs")');
    expect(lastToolResultOf(fake.requests[2])).toContain("bash was not run");
    expect(existsSync(path.join(project, "ran.txt"))).toBe(false);
  });

  it("keeps local skills on the local tools and hands <label>:<name> to the MCP host when both kinds exist", async () => {
    const local = path.join(base, "skills", "changelog");
    mkdirSync(local, { recursive: true });
    writeFileSync(
      path.join(local, "SKILL.md"),
      "---\nname: changelog\ndescription: Keeps the changelog. Use when asked about the changelog.\n---\nAppend to CHANGELOG.md.\n",
    );
    const fake = await start([
      { toolCalls: [{ name: "load_skill", arguments: { skill_name: "changelog" } }] },
      { toolCalls: [{ name: "load_skill", arguments: { skill_name: "docs:release-notes" } }] },
      {
        toolCalls: [
          {
            name: "read_skill_file",
            arguments: { skill_name: "docs:release-notes", path: "templates/notes.md" },
          },
        ],
      },
      { text: "Done." },
    ]);

    await agent?.run("Update the changelog and the release notes");

    const [first, second, third, fourth] = fake.requests;
    expect(systemOf(first)).toContain("changelog");
    expect(systemOf(first)).toContain("docs:release-notes");
    const loadSkill = (
      (first?.body.tools ?? []) as { function?: { name?: string; parameters?: unknown } }[]
    ).find((tool) => tool.function?.name === "load_skill");
    expect(JSON.stringify(loadSkill?.function?.parameters)).toContain("docs:release-notes");
    expect(toolNamesOf(first)).toContain("search_skills");
    expect(lastToolResultOf(second)).toContain("Append to CHANGELOG.md.");
    expect(lastToolResultOf(third)).toContain('origin="mcp" server="docs"');
    expect(lastToolResultOf(fourth)).toContain("Three bullet points, then thanks.");
  });
});
