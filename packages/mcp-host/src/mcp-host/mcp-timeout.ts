// The one default for how long an MCP server gets to start and list its skills, shared by every
// command and the library (kept free of imports, so the CLI reads it without loading the MCP client).

/**
 * Milliseconds each configured server gets to connect and answer skills/list before it is given up
 * with one warning. Long enough for a local server's cold start, short enough that a server that
 * never answers does not hold up `list` or a run for long; `--mcp-timeout` changes it per command.
 */
export const DEFAULT_MCP_TIMEOUT_MS = 10_000;
