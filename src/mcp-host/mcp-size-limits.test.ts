// Skills from MCP servers get the size limits of local skills, and a message over the transport's
// limit is named as such: real SDK servers, in memory and spawned over stdio.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { DEFAULT_MAX_SKILL_FILE_BYTES } from "@skillbox/core/skills/load-skill-text";
import { DEFAULT_MAX_FILE_BYTES } from "@skillbox/core/tools/read-skill-file";
import { createNodeMcpConnector } from "@skillbox/mcp-host/mcp-host/connect-mcp-server";
import { createMcpSkillHost, type McpSkillHost } from "@skillbox/mcp-host/mcp-host/mcp-skill-host";
import { afterEach, describe, expect, it } from "vitest";
import { stdioSkillServer } from "./__fixtures__/stdio-skill-server.js";
import {
  createTestSkillServer,
  inMemoryConnector,
  testServerConfig,
} from "./__fixtures__/test-skill-server.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const skill = (name: string, body: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill.\n---\n${body}\n`;

function keep(host: McpSkillHost): McpSkillHost {
  cleanups.push(() => host.close());
  return host;
}

describe("MCP skills get the local size limits", () => {
  it("skips a SKILL.md listed over 1 MiB with discovery's file-too-large, reads nothing of it and keeps the server's other skills", async () => {
    const server = await createTestSkillServer({
      "small/SKILL.md": skill("small", "Short."),
      "huge/SKILL.md": skill("huge", "x".repeat(DEFAULT_MAX_SKILL_FILE_BYTES)),
    });
    const reported: string[] = [];
    const host = keep(
      await createMcpSkillHost({
        servers: [testServerConfig("docs")],
        connect: inMemoryConnector({ docs: server }),
        onDiagnostic: (diagnostic) =>
          reported.push(`${diagnostic.severity} ${diagnostic.code} ${diagnostic.message}`),
      }),
    );
    expect(host.entries().map((entry) => entry.name)).toEqual(["docs:small"]);
    expect(reported).toEqual([
      expect.stringMatching(
        /^error file-too-large skill:\/\/huge\/SKILL\.md: SKILL\.md is 1048\d{3} bytes, over the 1048576-byte limit; the skill is skipped/,
      ),
    ]);
    const refused = await host.loadSkill("docs:huge");
    expect(refused.isError).toBe(true);
    expect(refused.content).toContain('Unknown MCP skill "docs:huge"');
    expect((await host.loadSkill("docs:small")).content).toContain("Short.");
    expect(server.reads).toEqual(["skill://small/SKILL.md"]);
  });

  it("refuses a supporting file listed over read_skill_file's cap without asking the server for it, and reads the others", async () => {
    const server = await createTestSkillServer({
      "notes/SKILL.md": skill("notes", "See big.md and small.md."),
      "notes/big.md": "y".repeat(DEFAULT_MAX_FILE_BYTES + 1),
      "notes/small.md": "Small file.\n",
    });
    const reported: string[] = [];
    const host = keep(
      await createMcpSkillHost({
        servers: [testServerConfig("docs")],
        connect: inMemoryConnector({ docs: server }),
        onDiagnostic: (diagnostic) => reported.push(diagnostic.code),
      }),
    );
    expect((await host.loadSkill("docs:notes")).isError).toBeUndefined();
    const big = await host.readSkillFile("docs:notes", "big.md");
    expect(big.isError).toBe(true);
    expect(big.content).toContain(
      `big.md is ${DEFAULT_MAX_FILE_BYTES + 1} bytes, over the 262144-byte limit`,
    );
    expect(big.content).not.toContain("yyyy");
    expect(reported).toEqual(["file-too-large"]);
    expect((await host.readSkillFile("docs:notes", "small.md")).content).toContain("Small file.");
    expect(server.reads).toEqual(["skill://notes/SKILL.md", "skill://notes/small.md"]);
  });
});

describe("a message over the stdio transport's limit", () => {
  it("is named with the server, the limit and the fix, fails only that read, and the next load connects again", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "skillbox-mcp-size-"));
    cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
    // The listing is honest about a small SKILL.md; the read then answers with 200 KB.
    const config = stdioSkillServer(
      "docs",
      {
        files: { "liar/SKILL.md": skill("liar", "Small."), "fine/SKILL.md": skill("fine", "Fine body.") },
        swapAfterListing: { "liar/SKILL.md": { character: "z", times: 200_000 } },
      },
      directory,
      { maxMessageBytes: 65_536 },
    );
    const reported: string[] = [];
    const host = keep(
      await createMcpSkillHost({
        servers: [config],
        connect: createNodeMcpConnector(),
        // A loaded test machine can take seconds to start a Node process.
        timeoutMs: 60_000,
        onDiagnostic: (diagnostic) => reported.push(`${diagnostic.code} ${diagnostic.message}`),
      }),
    );
    expect(
      host
        .entries()
        .map((entry) => entry.name)
        .sort(),
    ).toEqual(["docs:fine", "docs:liar"]);
    const refused = await host.loadSkill("docs:liar");
    expect(refused.isError).toBe(true);
    expect(refused.content).toContain(
      'MCP server "docs" sent a message larger than the 65536-byte (0.06 MiB) limit of its stdio connection',
    );
    expect(refused.content).toContain('raise "maxMessageBytes" in its mcpServers entry');
    expect(refused.content).not.toContain("Connection closed");
    expect(reported).toEqual([
      expect.stringMatching(/^mcp-message-too-large Refused skill:\/\/liar\/SKILL\.md/),
    ]);

    const fine = await host.loadSkill("docs:fine");
    expect(fine.isError).toBeUndefined();
    expect(fine.content).toContain("Fine body.");
    expect(
      host
        .entries()
        .map((entry) => entry.name)
        .sort(),
    ).toEqual(["docs:fine", "docs:liar"]);
  }, 120_000);
});

describe("a listing that runs into the client's page cap", () => {
  it("says it stopped at the cap of 64 pages and what to do, not that pagination did not terminate", async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 70; index++) files[`s${index}/SKILL.md`] = skill(`s${index}`, "Body.");
    const server = await createTestSkillServer(files);
    server.pageSize = 1;
    const reported: string[] = [];
    keep(
      await createMcpSkillHost({
        servers: [testServerConfig("many")],
        connect: inMemoryConnector({ many: server }),
        onDiagnostic: (diagnostic) => reported.push(`${diagnostic.code} ${diagnostic.message}`),
      }),
    );
    expect(reported).toEqual([
      'mcp-list-page-cap MCP server "many": skills/list stopped at the cap of 64 pages with more still to come, so none of its skills are used; ask the server\'s maintainer to send larger pages (or fewer entries)',
    ]);
  });
});
