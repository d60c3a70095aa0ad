// `skillbox mcp` over stdio: the SDK's serveStdio pins each connection to the era its opening picks
// (a 2025 initialize or a 2026-07-28 discover) and serves it from a fresh server over the workspace.

import type { Transport } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import { type CreateSkillsMcpServerOptions, createSkillsMcpServer } from "./create-skills-mcp-server.js";

export interface ServeMcpStdioOptions extends CreateSkillsMcpServerOptions {
  /** Default: the process's stdin and stdout. */
  transport?: Transport;
  /** Transport errors (reporting only; never written to stdout, which carries the protocol). */
  onError?: (error: Error) => void;
}

/** Serves until the client closes stdin or `close()` is called. */
export function serveMcpStdio(
  workspace: Workspace,
  options: ServeMcpStdioOptions = {},
): { close(): Promise<void> } {
  const { transport, onError, ...serverOptions } = options;
  return serveStdio(() => createSkillsMcpServer(workspace, serverOptions), {
    ...(transport === undefined ? {} : { transport }),
    ...(onError === undefined ? {} : { onerror: onError }),
  });
}
