// Connects the config's `mcpServers` for a listing (`list`, `state`, `serve`): skills/list only, each
// server within a timeout, failures as diagnostics. Import it on demand (it loads the MCP client) and
// only when hasMcpServers(config) says there is something to connect.

import { join } from "node:path";
import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import { createNodeMcpConnector, type McpConnector } from "@skillbox/mcp-host/mcp-host/connect-mcp-server";
import { bodyOf, fetchVerifiedFile } from "@skillbox/mcp-host/mcp-host/fetch-verified-file";
import { parseMcpServersConfig } from "@skillbox/mcp-host/mcp-host/mcp-server-config";
import { createMcpSkillHost, type McpSkillHost } from "@skillbox/mcp-host/mcp-host/mcp-skill-host";
import { createVerifiedFileCache } from "@skillbox/mcp-host/mcp-host/verified-file-cache";
import { type McpSkills, mcpLabelOf } from "./mcp-skills.js";
import { reservedMcpLabels } from "./with-mcp-skills.js";
import type { Workspace } from "./workspace.js";

export interface OpenMcpSkillsOptions {
  /** Default the Node connector (stdio, HTTP, SSE). */
  connector?: McpConnector;
  /** Per server, to connect and answer skills/list; default DEFAULT_MCP_TIMEOUT_MS (10 s). */
  timeoutMs?: number;
  /** Told about each problem as it happens (config entries first, synchronously). */
  onDiagnostic?: (diagnostic: Diagnostic) => void;
}

/** The labels of the usable servers in the config's `mcpServers` (nothing is connected). */
export function configuredMcpLabels(workspace: Pick<Workspace, "config" | "roots">): string[] {
  return parseConfiguredServers(workspace).servers.map((server) => server.label);
}

function parseConfiguredServers(workspace: Pick<Workspace, "config" | "roots">) {
  return parseMcpServersConfig(workspace.config.mcpServers, {
    reservedLabels: reservedMcpLabels(workspace.roots),
  });
}

/**
 * Starts connecting every configured server; `ready` settles when all are connected or given up.
 * Undefined when the config names no usable server (its diagnostics, if any, went to onDiagnostic).
 */
export function openMcpSkills(
  workspace: Pick<Workspace, "config" | "roots" | "home">,
  options: OpenMcpSkillsOptions = {},
): McpSkills | undefined {
  const configured = parseConfiguredServers(workspace);
  for (const diagnostic of configured.diagnostics) options.onDiagnostic?.(diagnostic);
  if (configured.servers.length === 0) return undefined;
  const labels = configured.servers.map((server) => server.label);
  const cache = createVerifiedFileCache(join(workspace.home, ".skillbox", "mcp-cache"));
  const refusals: Diagnostic[] = [];
  let host: McpSkillHost | undefined;
  let closed = false;
  let settled = false;
  const ready = createMcpSkillHost({
    servers: configured.servers,
    connect: options.connector ?? createNodeMcpConnector(),
    cache,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.onDiagnostic === undefined ? {} : { onDiagnostic: options.onDiagnostic }),
  })
    .then(
      async (connected) => {
        // Closed while connecting: nothing may keep a spawned server alive.
        if (closed) await connected.close();
        else host = connected;
      },
      (error: unknown) => {
        const problem: Diagnostic = {
          severity: "warning",
          code: "mcp-server-unavailable",
          message: `MCP servers could not be used: ${error instanceof Error ? error.message : String(error)}`,
          path: "mcpServers",
        };
        refusals.push(problem);
        options.onDiagnostic?.(problem);
      },
    )
    .finally(() => {
      settled = true;
    });
  const refuse = (name: string, message: string) => {
    const problem: Diagnostic = {
      severity: "warning",
      code: "mcp-verification-failed",
      message: `Refused the SKILL.md of "${name}": ${message}`,
      path: `mcp:${mcpLabelOf(name) ?? name}`,
    };
    refusals.push(problem);
    options.onDiagnostic?.(problem);
    return { ok: false as const, message: problem.message };
  };
  const originOf = (name: string) => host?.origins().find((origin) => origin.label === mcpLabelOf(name));

  return {
    labels,
    ready,
    entries: () => host?.entries() ?? [],
    get: (name) => originOf(name)?.get(name),
    owns: (name) => labels.includes(mcpLabelOf(name) ?? ""),
    diagnostics: () => [...configured.diagnostics, ...(host?.diagnostics() ?? []), ...refusals],
    servers: () =>
      labels.map((label) => {
        const origin = host?.origins().find((item) => item.label === label);
        if (origin !== undefined) return { label, status: "connected", skills: origin.entries().length };
        return { label, status: settled ? "unavailable" : "connecting", skills: 0 };
      }),
    async readSkill(name) {
      const origin = originOf(name);
      const entry = origin?.get(name);
      if (origin === undefined || entry === undefined) {
        return { ok: false, message: `No connected MCP server serves "${name}".` };
      }
      const fetched = await fetchVerifiedFile(origin, entry, entry.uri, cache);
      if (!fetched.ok) {
        // Refreshed so the next listing shows what the server publishes now.
        if (fetched.reason !== "unavailable") await origin.refreshEntry(entry.uri).catch(() => undefined);
        return refuse(name, fetched.message);
      }
      if (fetched.text === undefined) return refuse(name, "it is not UTF-8 text");
      return { ok: true, text: fetched.text, body: bodyOf(fetched.text), fromCache: fetched.fromCache };
    },
    async close() {
      closed = true;
      await host?.close();
      host = undefined;
    },
  };
}
