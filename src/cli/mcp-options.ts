// `--no-mcp` and `--mcp-timeout <seconds>`: how commands that reach the config's MCP servers (list,
// state, trust, load, run, chat, demo) connect to them, with one default for all.

import { DEFAULT_MCP_TIMEOUT_MS } from "@skillbox/mcp-host/mcp-host/mcp-timeout";
import { usageError } from "./parse-command-arguments.js";

/** The option definitions, for parseCommandArguments. */
export const MCP_OPTIONS = {
  "no-mcp": { type: "boolean" },
  "mcp-timeout": { type: "string" },
} as const;

/** The default of `--mcp-timeout`, in seconds: a server that takes longer is one warning line. */
const DEFAULT_MCP_TIMEOUT_SECONDS = DEFAULT_MCP_TIMEOUT_MS / 1000;

/** The help line of `--mcp-timeout` alone. */
export const MCP_TIMEOUT_HELP = `  --mcp-timeout <seconds>
                  How long each MCP server gets to start and list its skills (default ${DEFAULT_MCP_TIMEOUT_SECONDS})`;

/** Help lines for MCP_OPTIONS. */
export const MCP_OPTIONS_HELP = `  --no-mcp        Connect to none of the config's MCP servers
${MCP_TIMEOUT_HELP}`;

/** `--mcp-timeout` in milliseconds (the default when absent); a bad value is a usage error. */
export function parseMcpTimeout(command: string, value: string | undefined): number {
  if (value === undefined) return DEFAULT_MCP_TIMEOUT_MS;
  const seconds = Number(value);
  if (!(Number.isFinite(seconds) && seconds > 0 && seconds <= 600)) {
    throw usageError(
      command,
      `--mcp-timeout must be a number of seconds above 0 and at most 600, not '${value}'`,
    );
  }
  return Math.round(seconds * 1000);
}
