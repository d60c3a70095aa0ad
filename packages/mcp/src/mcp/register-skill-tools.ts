// Skillbox's skill tools (load_skill, read_skill_file, search_skills) as MCP tools, for hosts that do
// not speak the skills extension: the same definitions as src/tools, results mapped to CallToolResult.

import type { CallToolResult, McpServer, RegisteredTool } from "@modelcontextprotocol/server";
import type { Tool } from "@skillbox/core/tools/define-tool";
import { passThroughSchema } from "./pass-through-schema.js";

/** The registered tools and a way to bring their descriptions up to date. */
export interface RegisteredSkillTools {
  /** Re-reads descriptions (they list the loadable skills) and hides the tools when none can be loaded. */
  refresh(loadable: boolean): void;
}

/**
 * Registers each tool on `mcp`. Input schemas are read on every tools/list (the `skill_name` enum
 * follows the registry); descriptions are copied, so call `refresh` after the registry changed.
 * Tool failures stay `isError` results with their recovery hints; nothing is thrown at the client.
 */
export function registerSkillTools(
  mcp: McpServer,
  tools: readonly Tool[],
  loadable: boolean,
): RegisteredSkillTools {
  const registered: Array<{ tool: Tool; handle: RegisteredTool; description: string }> = [];
  for (const tool of tools) {
    const handle = mcp.registerTool(
      tool.name,
      { description: tool.description, inputSchema: passThroughSchema(() => tool.inputSchema) },
      async (input, context): Promise<CallToolResult> => {
        const result = await tool.execute(input, {
          ...(context.sessionId === undefined ? {} : { sessionId: context.sessionId }),
        });
        return {
          content: [{ type: "text", text: result.content }],
          ...(result.isError === true ? { isError: true } : {}),
        };
      },
    );
    if (!loadable) handle.disable();
    registered.push({ tool, handle, description: tool.description });
  }
  return {
    refresh(nowLoadable) {
      for (const item of registered) {
        const description = item.tool.description;
        if (description !== item.description) {
          item.description = description;
          item.handle.update({ description });
        }
        if (item.handle.enabled !== nowLoadable) {
          if (nowLoadable) item.handle.enable();
          else item.handle.disable();
        }
      }
    },
  };
}
