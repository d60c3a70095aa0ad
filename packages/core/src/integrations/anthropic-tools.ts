// Skillbox tools for the Anthropic SDK's Messages API: the `tools` array and a helper that runs the
// `tool_use` blocks of a response and returns the `tool_result` blocks of the next user message.

import type { ContentBlock, Tool, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { parseToolArguments } from "../agent/providers/parse-tool-arguments.js";
import { readTools, runToolCall, type ToolCallOptions, type ToolSource } from "./run-tool-call.js";

/** The `tools` parameter of `client.messages.create`. */
export function toAnthropicTools(source: ToolSource): Tool[] {
  return readTools(source).map((tool) => ({
    name: tool.name,
    description: tool.description,
    // The Messages API requires an object schema at the top.
    input_schema: { ...tool.inputSchema, type: "object" },
  }));
}

/** A tool_use block as the SDK returns it, or as a stored message holds it. */
type ToolUseLike = { type: "tool_use"; id: string; name: string; input: unknown };

/**
 * Runs every `tool_use` block of the response content in order and returns one `tool_result` block
 * per call (`is_error` set on failures), ready to send as `{ role: "user", content }`. Other blocks
 * are skipped; this never throws.
 */
export async function handleAnthropicToolUse(
  source: ToolSource,
  content: readonly (ContentBlock | ToolUseLike | { type: string })[],
  options: ToolCallOptions = {},
): Promise<ToolResultBlockParam[]> {
  const results: ToolResultBlockParam[] = [];
  for (const block of content) {
    if (!isToolUse(block)) continue;
    const result = await runToolCall(
      readTools(source),
      { id: block.id, name: block.name, ...parseToolArguments(block.input) },
      options,
    );
    results.push({
      type: "tool_result",
      tool_use_id: block.id,
      content: result.content,
      ...(result.isError === true ? { is_error: true } : {}),
    });
  }
  return results;
}

function isToolUse(block: { type: string }): block is ToolUseLike {
  return block.type === "tool_use" && typeof (block as Partial<ToolUseLike>).id === "string";
}
