// `--no-mcp` and `--mcp-timeout <seconds>`: how commands that list skills (list, state) reach the
// config's MCP servers.

import { usageError } from "./parse-command-arguments.js";

/** The option definitions, for parseCommandArguments. */
export const MCP_OPTIONS = {
  "no-mcp": { type: "boolean" },
  "mcp-timeout": { type: "string" },
} as const;

/** The default of `--mcp-timeout`, in seconds: a server that takes longer is one warning line. */
const DEFAULT_MCP_TIMEOUT_SECONDS = 5;

/** Help lines for MCP_OPTIONS. */
export const MCP_OPTIONS_HELP = `  --no-mcp        Connect to none of the config's MCP servers
  --mcp-timeout <seconds>
                  How long each MCP server gets to start and list its skills (default ${DEFAULT_MCP_TIMEOUT_SECONDS})`;

/** `--mcp-timeout` in milliseconds (the default when absent); a bad value is a usage error. */
export function parseMcpTimeout(command: string, value: string | undefined): number {
  if (value === undefined) return DEFAULT_MCP_TIMEOUT_SECONDS * 1000;
  const seconds = Number(value);
  if (!(Number.isFinite(seconds) && seconds > 0 && seconds <= 600)) {
    throw usageError(
      command,
      `--mcp-timeout must be a number of seconds above 0 and at most 600, not '${value}'`,
    );
  }
  return Math.round(seconds * 1000);
}
