// `skillbox load <label>:<name>` for a skill from an MCP server: connects only that skill's server
// and loads it through the host's verified path, as the agent's load_skill does (fetched or taken
// from the verified cache, size, digest and frontmatter checked, states applied, origin-tagged). No
// one is asked: as in a run with no terminal, the load is not stored as the person's approval.

import { join } from "node:path";
import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import type { ToolResult } from "@skillbox/core/tools/define-tool";
import { createNodeMcpConnector, type McpConnector } from "@skillbox/mcp-host/mcp-host/connect-mcp-server";
import { parseMcpServersConfig } from "@skillbox/mcp-host/mcp-host/mcp-server-config";
import {
  createMcpSkillApprovals,
  createSettingsApprovalStorage,
  createUnconfirmedApprovalStorage,
} from "@skillbox/mcp-host/mcp-host/mcp-skill-approvals";
import { createMcpSkillHost } from "@skillbox/mcp-host/mcp-host/mcp-skill-host";
import { createVerifiedFileCache } from "@skillbox/mcp-host/mcp-host/verified-file-cache";
import { mcpLabelOf } from "./mcp-skills.js";
import { reservedMcpLabels, withMcpSkillStates } from "./with-mcp-skills.js";
import type { Workspace } from "./workspace.js";

export interface LoadMcpSkillOptions {
  args?: string;
  sessionId?: string;
  /** For the server to connect and list; default DEFAULT_MCP_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Default the Node connector (stdio, HTTP, SSE). */
  connector?: McpConnector;
  /** Told about the server's problems (unavailable, refused entries, refused reads). */
  onDiagnostic?: (diagnostic: Diagnostic) => void;
}

/**
 * load_skill's result for `name` when it is `<label>:…` of a server in the config's `mcpServers`;
 * undefined for any other name (a local skill's, for the local tool to answer).
 */
export async function loadMcpSkill(
  workspace: Pick<Workspace, "config" | "roots" | "home" | "settings" | "stateOf">,
  name: string,
  options: LoadMcpSkillOptions = {},
): Promise<ToolResult | undefined> {
  const label = mcpLabelOf(name);
  const { servers } = parseMcpServersConfig(workspace.config.mcpServers, {
    reservedLabels: reservedMcpLabels(workspace.roots),
  });
  const server = servers.find((config) => config.label === label);
  if (server === undefined) return undefined;
  const host = await createMcpSkillHost({
    servers: [server],
    connect: options.connector ?? createNodeMcpConnector(),
    cache: createVerifiedFileCache(join(workspace.home, ".skillbox", "mcp-cache")),
    approvals: createMcpSkillApprovals(
      createUnconfirmedApprovalStorage(createSettingsApprovalStorage(workspace.settings)),
    ),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.onDiagnostic === undefined ? {} : { onDiagnostic: options.onDiagnostic }),
  });
  try {
    return await withMcpSkillStates(host, (skill) => workspace.stateOf(skill)).loadSkill(name, {
      ...(options.args === undefined ? {} : { args: options.args }),
      ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
    });
  } finally {
    await host.close();
  }
}
