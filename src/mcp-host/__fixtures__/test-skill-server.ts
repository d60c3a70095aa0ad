// MCP servers for host tests, built on the SDK alone (never on src/mcp): entries published by the SDK's
// `skillEntry` from in-memory files, served live from those files, with hooks to tamper with either
// side and a count of every resources/read.

import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { McpServer } from "@modelcontextprotocol/server";
import { type Skill, SkillsExtension, skillEntry } from "@modelcontextprotocol/server/ext/skills";
import * as z from "zod";
import type { McpConnection, McpConnector } from "@skillbox/mcp-host/mcp-host/connect-mcp-server";
import type { McpServerConfig } from "@skillbox/mcp-host/mcp-host/mcp-server-config";

/** One test server: its files (mutable), how its entries are published, and what was read. */
export interface TestSkillServer {
  /** `<skill path>/<file>` → content; edit to change what resources/read returns. */
  files: Map<string, string | Uint8Array>;
  /** Every URI resources/read was asked for. */
  reads: string[];
  /** Rewrites an entry before it is published (tampering with the listing). */
  transform?: (skill: Skill) => Skill;
  /** Entries per skills/list page (the cursor is the next index); default all on one page. */
  pageSize?: number;
  /** Publishes entries from the current files (as a server picking up a change would). */
  republish(): Promise<void>;
  /** A fresh McpServer serving this state (one per connection). */
  createServer(): McpServer;
}

/** A server whose skills are the folders holding a SKILL.md in `files`. */
export async function createTestSkillServer(initial: Record<string, string | Uint8Array>): Promise<TestSkillServer> {
  const files = new Map(Object.entries(initial));
  const reads: string[] = [];
  let entries = new Map<string, Skill>();
  const server: TestSkillServer = {
    files,
    reads,
    async republish() {
      const next = new Map<string, Skill>();
      const skillPaths = [...files.keys()].filter((key) => key.endsWith("/SKILL.md")).map((key) => key.slice(0, -9));
      for (const skillPath of skillPaths) {
        const own: Record<string, string | Uint8Array> = {};
        for (const [key, content] of files) if (key.startsWith(`${skillPath}/`)) own[key.slice(skillPath.length + 1)] = content;
        const skill = await skillEntry(skillPath, own);
        next.set(skill.uri, server.transform === undefined ? skill : server.transform(skill));
      }
      entries = next;
    },
    createServer() {
      const mcp = new McpServer({ name: "test-skills", version: "1.0.0" }, { capabilities: { tools: {} } });
      new SkillsExtension({
        onWarning: () => undefined,
        source: {
          async list({ cursor }) {
            const all = [...entries.values()];
            if (server.pageSize === undefined) return { skills: all };
            const start = cursor === undefined ? 0 : Number(cursor);
            const end = start + server.pageSize;
            return { skills: all.slice(start, end), ...(end < all.length ? { nextCursor: String(end) } : {}) };
          },
          get: async (uri) => entries.get(uri),
          async read(uri) {
            reads.push(uri);
            const content = files.get(uri.replace(/^skill:\/\//, ""));
            if (content === undefined) return undefined;
            return typeof content === "string" ? { text: content } : { bytes: content };
          },
          async readDirectory(uri) {
            const prefix = `${uri.replace(/^skill:\/\//, "")}/`;
            const children = new Map<string, { uri: string; name: string; mimeType?: string }>();
            for (const key of files.keys()) {
              if (!key.startsWith(prefix)) continue;
              const [first, ...rest] = key.slice(prefix.length).split("/");
              const child = `${uri}/${first}`;
              children.set(child, { uri: child, name: first as string, ...(rest.length > 0 ? { mimeType: "inode/directory" } : {}) });
            }
            return children.size === 0 ? undefined : { resources: [...children.values()] };
          },
        },
      }).attach(mcp);
      mcp.registerTool(
        "echo",
        { description: "Echoes its text.", inputSchema: z.object({ text: z.string() }) },
        async ({ text }) => ({ content: [{ type: "text", text: `echo: ${text}` }] }),
      );
      return mcp;
    },
  };
  await server.republish();
  return server;
}

/** A config entry for a test server (the connector below ignores the URL). */
export function testServerConfig(label: string): McpServerConfig {
  return { label, transport: "http", url: `http://${label}.test/mcp`, headers: {} };
}

/** Connects labels to test servers over in-memory pairs, with the v2 client (2025 handshake). */
export function inMemoryConnector(servers: Record<string, TestSkillServer | (() => McpServer)>): McpConnector {
  return async (config): Promise<McpConnection> => {
    const target = servers[config.label];
    if (target === undefined) throw new Error(`no test server labelled ${config.label}`);
    const mcp = typeof target === "function" ? target() : target.createServer();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await mcp.connect(serverSide);
    const client = new Client({ name: "skillbox-host-test", version: "1.0.0" });
    await client.connect(clientSide);
    return {
      label: config.label,
      client,
      async close() {
        await client.close();
        await mcp.close();
      },
    };
  };
}
