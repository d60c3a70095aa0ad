// End to end with a server we did not write: the working group's reference SDK
// (`registerSkillResources`) serves a skill, Skillbox's host lists it, and the agent loop — driven by
// the fake LLM — loads it and reads a supporting file through the host's verified tools.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { McpServer } from "@modelcontextprotocol/server";
import { discoverSkills, registerSkillResources } from "@olaservo/ext-skills/server";
import { createAgent } from "@skillbox/agent/agent/create-agent";
import { createProvider } from "@skillbox/agent/agent/providers/create-provider";
import { resolveProviderConfig } from "@skillbox/agent/agent/providers/resolve-provider-config";
import { createMcpSkillTools } from "@skillbox/mcp-host/mcp-host/create-mcp-skill-tools";
import { mcpCatalogEntries } from "@skillbox/mcp-host/mcp-host/mcp-catalog-entries";
import { createMcpSkillHost } from "@skillbox/mcp-host/mcp-host/mcp-skill-host";
import { createFakeLlmServer, type FakeLlmServer } from "@skillbox/testing";
import { afterEach, describe, expect, it } from "vitest";
import { lastToolResultOf, systemOf, WIRE_FORMATS } from "../e2e/__fixtures__/e2e-harness.js";
import { inMemoryConnector, testServerConfig } from "./__fixtures__/test-skill-server.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function writeReferenceSkills(): string {
  const root = mkdtempSync(path.join(tmpdir(), "skillbox-reference-skills-"));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const write = (relative: string, text: string) => {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  write(
    "release-notes/SKILL.md",
    "---\nname: release-notes\ndescription: Writes release notes. Use when asked for release notes.\n---\nFollow the template in templates/notes.md exactly.\n",
  );
  write("release-notes/templates/notes.md", "## Highlights\nThree bullet points, then thanks.\n");
  return root;
}

describe.each(WIRE_FORMATS)("an MCP skill end to end over the $name wire format", (format) => {
  it("loads a skill from a reference-SDK server, then its supporting file, each verified and origin-tagged", async () => {
    const skillsDirectory = writeReferenceSkills();
    const skillMap = discoverSkills(skillsDirectory);
    const createReferenceServer = () => {
      const server = new McpServer(
        { name: "reference", version: "1.0.0" },
        { capabilities: { resources: {} } },
      );
      registerSkillResources(server, skillMap, skillsDirectory, { directoryRead: true });
      return server;
    };
    const host = await createMcpSkillHost({
      servers: [testServerConfig("docs")],
      connect: inMemoryConnector({ docs: createReferenceServer }),
    });
    cleanups.push(() => host.close());
    expect(host.diagnostics()).toEqual([]);
    expect(host.entries().map((entry) => entry.name)).toEqual(["docs:release-notes"]);

    const fake: FakeLlmServer = await createFakeLlmServer({
      script: [
        { toolCalls: [{ name: "load_skill", arguments: { skill_name: "docs:release-notes" } }] },
        (request) => {
          expect(lastToolResultOf(request)).toContain('origin="mcp" server="docs"');
          return {
            toolCalls: [
              {
                name: "read_skill_file",
                arguments: { skill_name: "docs:release-notes", path: "templates/notes.md" },
              },
            ],
          };
        },
        { text: "Release notes written." },
      ],
    });
    cleanups.push(() => fake.close());
    const config = resolveProviderConfig({
      flags: { provider: format.name, model: "fake-model" },
      env: format.environment(fake),
    });
    const listing = mcpCatalogEntries(host.entries())
      .map((entry) => `- ${entry.name}: ${entry.description}`)
      .join("\n");
    const agent = createAgent({
      provider: createProvider(config, { retry: { maxRetries: 0 } }),
      model: "fake-model",
      tools: createMcpSkillTools(host),
      systemSections: [{ name: "skills", render: () => `Skills:\n${listing}` }],
      sessionId: "e2e",
    });
    cleanups.push(() => agent.close());

    const result = await agent.run("Write the release notes for v2.1");
    expect(result.text).toBe("Release notes written.");
    const [first, second, third] = fake.requests;
    expect(systemOf(first)).toContain('docs:release-notes: [from MCP server "docs"] Writes release notes.');
    expect(lastToolResultOf(second)).toContain("Follow the template in templates/notes.md exactly.");
    expect(lastToolResultOf(third)).toContain("skill://release-notes/templates/notes.md");
    expect(lastToolResultOf(third)).toContain("Three bullet points, then thanks.");
    expect(host.activeSkills("e2e").map((entry) => entry.name)).toEqual(["docs:release-notes"]);
  });
});
