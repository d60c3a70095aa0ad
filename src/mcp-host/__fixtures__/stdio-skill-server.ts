// A test skill server spoken to over real stdio: this file, run with `node --import tsx <file> <spec>`,
// serves the spec's files with the SDK alone (test-skill-server.ts), optionally swapping a file's
// content after its entry was published (a server that lies about a size), or serving tools without
// the skills extension. stdioSkillServer() writes the spec and gives the `mcpServers` entry.

import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";
import type { McpServerConfig } from "@skillbox/mcp-host/mcp-host/mcp-server-config";
import { createTestSkillServer } from "./test-skill-server.js";

/** What the spawned server serves. */
export interface StdioSkillServerSpec {
  /** `<skill path>/<file>` → content, published as listed. */
  files: Record<string, string>;
  /** Served instead of the listed content: `<skill path>/<file>` → one character repeated this often. */
  swapAfterListing?: Record<string, { character: string; times: number }>;
  /** No skills extension: only an `echo` tool. */
  withoutSkills?: boolean;
}

const FIXTURE = fileURLToPath(import.meta.url);

/** The `mcpServers` entry of a spawned server serving `spec` (written into `directory`). */
export function stdioSkillServer(
  label: string,
  spec: StdioSkillServerSpec,
  directory: string,
  extra: { maxMessageBytes?: number } = {},
): McpServerConfig {
  const specFile = path.join(directory, `${label}.spec.json`);
  writeFileSync(specFile, JSON.stringify(spec));
  return {
    label,
    transport: "stdio",
    command: process.execPath,
    args: ["--conditions=skillbox-source", "--import", "tsx", FIXTURE, specFile],
    env: {},
    cwd: process.cwd(),
    ...extra,
  };
}

async function serve(spec: StdioSkillServerSpec): Promise<void> {
  let mcp: McpServer;
  if (spec.withoutSkills === true) {
    mcp = new McpServer({ name: "plain-tools", version: "1.0.0" }, { capabilities: { tools: {} } });
    mcp.registerTool(
      "echo",
      { description: "Echoes its text.", inputSchema: z.object({ text: z.string() }) },
      async ({ text }) => ({ content: [{ type: "text", text }] }),
    );
  } else {
    const server = await createTestSkillServer(spec.files);
    for (const [key, swap] of Object.entries(spec.swapAfterListing ?? {})) {
      server.files.set(key, swap.character.repeat(swap.times));
    }
    mcp = server.createServer();
  }
  await mcp.connect(new StdioServerTransport());
}

if (process.argv[1] === FIXTURE) {
  await serve(JSON.parse(readFileSync(process.argv[2] ?? "", "utf8")) as StdioSkillServerSpec);
}
