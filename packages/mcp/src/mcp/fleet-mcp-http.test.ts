// `skillbox mcp --http --stateless` as a fleet (issue 13, item 3): two instances, each with its own
// copy of the skills and its own workspace, on one PostgreSQL database. They answer alike, and a
// state written through one instance's store reaches the other's skills/list and tools/list within a
// second (change notices; nothing kept per process).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import {
  createTestSchemaName,
  describeWithPostgres,
  HAS_POSTGRES,
  requireTestUrl,
  SKIPPED_POSTGRES_NOTE,
} from "@skillbox/store-postgres/store/postgres/__fixtures__/test-database";
import {
  openWorkspaceWithStore,
  type StoreBackedWorkspace,
} from "@skillbox/workspace/workspace/open-workspace-with-store";
import { afterEach, expect, it } from "vitest";
import { type RunningMcpHttpServer, startMcpHttpServer } from "./start-mcp-http-server.js";

const TOKEN = "fleet-mcp-token-0123456789abcdef";

if (!HAS_POSTGRES && !["1", "true"].includes((process.env.CI ?? "").toLowerCase())) {
  console.info(SKIPPED_POSTGRES_NOTE);
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** One instance: a workspace on the shared schema over its own skill folder, served statelessly. */
async function startInstance(schema: string): Promise<{
  workspace: StoreBackedWorkspace;
  server: RunningMcpHttpServer;
  client: Client;
}> {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), "skillbox-fleet-mcp-")));
  cleanups.push(() => rmSync(base, { recursive: true, force: true }));
  const skills = path.join(base, "skills");
  for (const [name, description] of [
    ["pdf", "Reads PDF files."],
    ["csv", "Cleans CSV files."],
  ] as const) {
    mkdirSync(path.join(skills, name), { recursive: true });
    writeFileSync(
      path.join(skills, name, "SKILL.md"),
      `---\nname: ${name}\ndescription: ${description}\n---\nBody of ${name}.\n`,
    );
  }
  mkdirSync(path.join(base, "home"));
  const workspace = await openWorkspaceWithStore({
    cwd: base,
    home: path.join(base, "home"),
    env: {},
    dirs: [skills],
    bundledDirectory: path.join(base, "bundled"),
    storeUrl: requireTestUrl(),
    postgres: { schema },
  });
  cleanups.push(() => workspace.closeAndFlush());
  workspace.registry.refresh();
  const server = await startMcpHttpServer({ workspace, token: TOKEN, port: 0, stateless: true });
  cleanups.push(() => server.close());
  const client = new Client({ name: "skillbox-fleet-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(server.url), {
      requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
    }),
  );
  cleanups.push(() => client.close());
  return { workspace, server, client };
}

/** What a host sees of an instance: skills/list (names and descriptions), tools/list, prompts/list. */
async function view(client: Client) {
  const { skills } = await new SkillsClient(client).list();
  const { tools } = await client.listTools();
  const { prompts } = await client.listPrompts();
  return {
    skills: skills.map((skill) => [skill.uri, skill.description]).sort(),
    tools: tools.map((tool) => ({ name: tool.name, description: tool.description, input: tool.inputSchema })),
    prompts: prompts.map((prompt) => prompt.name).sort(),
  };
}

describeWithPostgres("stateless MCP HTTP servers sharing one PostgreSQL database", () => {
  it("answer alike, and a state set through one is served by the other within a second", async () => {
    const schema = createTestSchemaName("mcp");
    const first = await startInstance(schema);
    const second = await startInstance(schema);
    expect(first.server.sessionCount() + second.server.sessionCount()).toBe(0);
    const before = await view(first.client);
    expect(before.skills.map(([uri]) => uri)).toEqual(["skill://csv/SKILL.md", "skill://pdf/SKILL.md"]);
    expect(await view(second.client)).toEqual(before);

    const started = performance.now();
    first.workspace.setState("pdf", "off");
    let seen = await view(second.client);
    while (seen.skills.length > 1 && performance.now() - started < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await view(second.client);
    }
    const elapsed = performance.now() - started;
    console.info(
      `fleet MCP test: a state set on one instance served by the other after ${elapsed.toFixed(0)} ms`,
    );
    expect(seen.skills.map(([uri]) => uri)).toEqual(["skill://csv/SKILL.md"]);
    expect(elapsed).toBeLessThan(1000);
    // load_skill's enum and description follow the state too, and both instances agree again.
    expect(JSON.stringify(seen.tools)).not.toContain('"pdf"');
    expect(seen).toEqual(await view(first.client));
    expect(seen).not.toEqual(before);
  });
});
