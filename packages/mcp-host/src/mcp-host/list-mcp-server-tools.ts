// A connected server's own tools, offered to the agent as `mcp__<label>__<tool>` (the convention users
// know from other hosts); calls go to that server only and come back as ordinary tool results.

import type { Tool } from "@skillbox/core/tools/define-tool";
import type { McpConnection } from "./connect-mcp-server.js";

/** The agent-facing name of a server's tool: `mcp__<label>__<tool>`, within the providers' 64-character rule. */
export function mcpToolName(label: string, tool: string): string {
  return `mcp__${label}__${tool.replace(/[^A-Za-z0-9_-]/g, "_")}`.slice(0, 64);
}

/** The server's tools (every page), as Skillbox tools. */
export async function listMcpServerTools(connection: McpConnection): Promise<Tool[]> {
  if (connection.client.getServerCapabilities()?.tools === undefined) return [];
  const { tools } = await connection.client.listTools();
  return tools.map(
    (tool): Tool => ({
      name: mcpToolName(connection.label, tool.name),
      description: `[MCP server "${connection.label}"] ${tool.description ?? tool.name}`,
      inputSchema: tool.inputSchema as Tool["inputSchema"],
      async execute(input) {
        try {
          const result = await connection.client.callTool({ name: tool.name, arguments: input });
          const content = Array.isArray(result.content) ? result.content : [];
          const text = content
            .map((block) =>
              block.type === "text"
                ? block.text
                : `[${block.type} content from the MCP server "${connection.label}"]`,
            )
            .join("\n");
          return result.isError === true ? { content: text, isError: true } : { content: text };
        } catch (error) {
          return {
            content: `The MCP server "${connection.label}" could not run ${tool.name}: ${error instanceof Error ? error.message : String(error)}`,
            isError: true,
          };
        }
      },
    }),
  );
}
