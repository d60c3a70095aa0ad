// States on MCP skills, through the workspace's store like local skills' (by `<label>:<name>`): Layer 1
// and load_skill honour them in the agent createSkillAgent builds. The server is the host's in-process
// test server over an in-memory pair.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { resolveProviderConfig } from "@skillbox/agent/agent/providers/resolve-provider-config";
import type { SkillState } from "@skillbox/core/store/skill-state";
import { mcpCatalogEntries } from "@skillbox/mcp-host/mcp-host/mcp-catalog-entries";
import { createMcpSkillHost } from "@skillbox/mcp-host/mcp-host/mcp-skill-host";
import { createFakeLlmServer, type FakeLlmRequest, type FakeLlmServer } from "@skillbox/testing";
import { createSkillAgent, type SkillAgent } from "@skillbox/workspace/workspace/create-skill-agent";
import { openWorkspace } from "@skillbox/workspace/workspace/open-workspace";
import { withMcpSkillStates } from "@skillbox/workspace/workspace/with-mcp-skills";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestSkillServer, inMemoryConnector } from "../mcp-host/__fixtures__/test-skill-server.js";

const SKILLS = {
  "release-notes/SKILL.md":
    "---\nname: release-notes\ndescription: Writes release notes. Use when asked for release notes.\n---\nFollow the template in templates/notes.md exactly.\n",
  "release-notes/templates/notes.md": "## Highlights\n",
  "refunds/SKILL.md": "---\nname: refunds\ndescription: Processes refunds.\n---\nRefund it.\n",
};

let base: string;
let project: string;
let server: FakeLlmServer | undefined;
let workspace: Workspace | undefined;
let agent: SkillAgent | undefined;

beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), "skillbox-mcp-states-"));
  project = path.join(base, "project");
  for (const folder of [path.join(base, "skills"), project, path.join(base, "home", ".skillbox")]) {
    mkdirSync(folder, { recursive: true });
  }
  // The user's config: a project's mcpServers count only in a project the user trusts.
  writeFileSync(
    path.join(base, "home", ".skillbox", "config.json"),
    JSON.stringify({ mcpServers: { docs: { url: "http://docs.test/mcp" } } }),
  );
  workspace = openWorkspace({
    cwd: project,
    home: path.join(base, "home"),
    env: {},
    dirs: [path.join(base, "skills")],
    bundledDirectory: path.join(base, "bundled"),
    storePath: path.join(base, "skillbox.db"),
  });
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

/** Runs one turn in which the fake model loads `docs:release-notes`; returns the two model requests. */
async function loadReleaseNotes(): Promise<[FakeLlmRequest | undefined, FakeLlmRequest | undefined]> {
  const docs = await createTestSkillServer(SKILLS);
  server = await createFakeLlmServer({
    script: [
      { toolCalls: [{ name: "load_skill", arguments: { skill_name: "docs:release-notes" } }] },
      { text: "Done." },
    ],
  });
  agent = createSkillAgent({
    workspace: workspace as Workspace,
    providerConfig: resolveProviderConfig({
      flags: { provider: "openai", baseUrl: server.openaiBaseUrl, model: "main-model" },
    }),
    connection: { retry: { maxRetries: 0 } },
    sessionId: "session-1",
    mcpConnector: inMemoryConnector({ docs }),
  });
  await agent.run("Write the release notes");
  return [server.requests[0], server.requests[1]];
}

describe("states on MCP skills in the agent", () => {
  it("leaves an off MCP skill out of Layer 1 and refuses to load it, saying it is off", async () => {
    workspace?.setState("docs:release-notes", "off", "project");
    const [first, second] = await loadReleaseNotes();
    expect(systemOf(first)).not.toContain("docs:release-notes");
    expect(systemOf(first)).toContain("docs:refunds");
    expect(lastToolResultOf(second)).toContain('Skill "docs:release-notes" is turned off in the settings');
    expect(lastToolResultOf(second)).not.toContain("Follow the template");
  });

  it("hides a user-only MCP skill from the model and refuses its load", async () => {
    workspace?.setState("docs:release-notes", "user-only");
    const [first, second] = await loadReleaseNotes();
    expect(systemOf(first)).not.toContain("docs:release-notes");
    expect(lastToolResultOf(second)).toContain("user-only");
    expect(lastToolResultOf(second)).not.toContain("Follow the template");
  });

  it("lists a name-only MCP skill by name without its description, and still loads it", async () => {
    workspace?.setState("docs:release-notes", "name-only");
    const [first, second] = await loadReleaseNotes();
    expect(systemOf(first)).toContain("docs:release-notes");
    expect(systemOf(first)).not.toContain("Writes release notes");
    expect(systemOf(first)).toContain("Processes refunds.");
    expect(lastToolResultOf(second)).toContain("Follow the template in templates/notes.md exactly.");
  });

  it("a state set on the local skill of the same plain name leaves the MCP skill alone", async () => {
    workspace?.setState("release-notes", "off");
    const [first, second] = await loadReleaseNotes();
    expect(systemOf(first)).toContain('docs:release-notes: [from MCP server "docs"] Writes release notes.');
    expect(lastToolResultOf(second)).toContain("Follow the template in templates/notes.md exactly.");
  });
});

describe("withMcpSkillStates and mcpCatalogEntries", () => {
  it("offer only on and name-only skills, blank name-only descriptions, and refuse reads of hidden ones", async () => {
    const docs = await createTestSkillServer(SKILLS);
    const host = await createMcpSkillHost({
      servers: [{ label: "docs", transport: "http", url: "http://docs.test/mcp", headers: {} }],
      connect: inMemoryConnector({ docs }),
    });
    try {
      const states: Record<string, SkillState> = { "docs:refunds": "name-only" };
      const stateOf = (name: string): SkillState => states[name] ?? "on";
      const view = withMcpSkillStates(host, stateOf);
      expect(view.entries().map((entry) => [entry.name, entry.description])).toEqual(
        expect.arrayContaining([
          ["docs:refunds", ""],
          ["docs:release-notes", "Writes release notes. Use when asked for release notes."],
        ]),
      );
      expect(mcpCatalogEntries(host.entries(), stateOf).map((entry) => [entry.name, entry.state])).toEqual(
        expect.arrayContaining([
          ["docs:refunds", "name-only"],
          ["docs:release-notes", "on"],
        ]),
      );

      expect((await view.loadSkill("docs:release-notes")).isError).toBeUndefined();
      states["docs:release-notes"] = "off";
      expect(view.entries().map((entry) => entry.name)).toEqual(["docs:refunds"]);
      expect(mcpCatalogEntries(host.entries(), stateOf).map((entry) => entry.name)).toEqual(["docs:refunds"]);
      const read = await view.readSkillFile("docs:release-notes", "templates/notes.md");
      expect(read.isError).toBe(true);
      expect(read.content).toContain("turned off");
      expect(docs.reads).toEqual(["skill://release-notes/SKILL.md"]);
    } finally {
      await host.close();
    }
  });
});
