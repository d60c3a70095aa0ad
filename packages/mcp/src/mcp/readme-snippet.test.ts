// The README's "add the skills to your own MCP server" snippet, run as written: it is extracted, its
// `skillbox/mcp` import pointed at this source tree, and started as a stdio server a real client uses.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterEach, expect, it } from "vitest";

const packageRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const MARKER = "<!-- tested by packages/mcp/src/mcp/readme-snippet.test.ts -->";
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function readSnippet(): string {
  const readme = readFileSync(path.join(packageRoot, "README.md"), "utf8");
  const start = readme.indexOf(MARKER);
  expect(start).toBeGreaterThan(-1);
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(start));
  expect(block).not.toBeNull();
  return (block as RegExpExecArray)[1] as string;
}

it("runs the README's MCP server snippet: the skills and the added tool answer over stdio", async () => {
  const temp = mkdtempSync(path.join(tmpdir(), "skillbox-readme-mcp-"));
  cleanups.push(() => rmSync(temp, { recursive: true, force: true }));
  // The snippet's own imports (the SDK, zod, tsx) resolve from the package's node_modules.
  symlinkSync(path.join(packageRoot, "node_modules"), path.join(temp, "node_modules"), "dir");
  mkdirSync(path.join(temp, "skills", "notes"), { recursive: true });
  writeFileSync(
    path.join(temp, "skills", "notes", "SKILL.md"),
    "---\nname: notes\ndescription: Takes meeting notes.\n---\nWrite notes.\n",
  );
  mkdirSync(path.join(temp, "home"));
  const snippet = readSnippet().replace(
    '"skillbox/mcp"',
    JSON.stringify(path.join(packageRoot, "src/mcp/index.ts")),
  );
  writeFileSync(path.join(temp, "server.mts"), snippet);

  const client = new Client({ name: "readme-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ["--conditions=skillbox-source", "--import", "tsx", "server.mts"],
      cwd: temp,
      env: {
        ...(process.env as Record<string, string>),
        HOME: path.join(temp, "home"),
        SKILLBOX_DB: ":memory:",
      },
      stderr: "pipe",
    }),
  );
  cleanups.push(() => client.close());
  const { skills } = await new SkillsClient(client).list();
  expect(skills.map((skill) => skill.uri)).toEqual(["skill://notes/SKILL.md"]);
  const tools = (await client.listTools()).tools.map((tool) => tool.name);
  expect(tools).toEqual(expect.arrayContaining(["load_skill", "word_count"]));
  const counted = await client.callTool({ name: "word_count", arguments: { text: "three little words" } });
  expect(counted.content).toEqual([{ type: "text", text: "3" }]);
});
