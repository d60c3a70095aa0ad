// The `skillbox/mcp` subpath: the MCP server lives in @skillbox/mcp.
export * from "@skillbox/mcp";
