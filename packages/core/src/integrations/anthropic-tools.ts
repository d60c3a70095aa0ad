// Skillbox tools for the Anthropic SDK's Messages API: the `tools` array and a helper that runs the
// `tool_use` blocks of a response and returns the `tool_result` blocks of the next user message.

import { parseToolArguments } from "../agent/providers/parse-tool-arguments.js";
import { readTools, runToolCall, type ToolCallOptions, type ToolSource } from "./run-tool-call.js";

// The shapes below are the parts of the Anthropic SDK's types these functions read and write,
// declared here so that users without `@anthropic-ai/sdk` still compile; anthropic-tools.test.ts
// checks that the SDK's own types stay assignable.

/** A client tool of the Messages API (the SDK's `Tool`). */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: { type: "object"; [key: string]: unknown };
}

/**
 * Any block of a response's (or a stored message's) content: the SDK's own blocks, or plain objects
 * with any fields (the SDK's block interfaces have no index signature, hence both). Only `tool_use`
 * blocks are read.
 */
export type AnthropicContentBlock = { type: string } | { type: string; [key: string]: unknown };

/** A `tool_use` block (the SDK's `ToolUseBlock`, as a response or a stored message holds it). */
export interface AnthropicToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  input: unknown;
}

/** The `tool_result` block answering one `tool_use` (the SDK's `ToolResultBlockParam`). */
export interface AnthropicToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content: string;
  is_error?: boolean;
}

/** The `tools` parameter of `client.messages.create`. */
export function toAnthropicTools(source: ToolSource): AnthropicTool[] {
  return readTools(source).map((tool) => ({
    name: tool.name,
    description: tool.description,
    // The Messages API requires an object schema at the top.
    input_schema: { ...tool.inputSchema, type: "object" },
  }));
}

/**
 * Runs every `tool_use` block of the response content in order and returns one `tool_result` block
 * per call (`is_error` set on failures), ready to send as `{ role: "user", content }`. Other blocks
 * are skipped; this never throws.
 */
export async function handleAnthropicToolUse(
  source: ToolSource,
  content: readonly AnthropicContentBlock[],
  options: ToolCallOptions = {},
): Promise<AnthropicToolResultBlock[]> {
  const results: AnthropicToolResultBlock[] = [];
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

function isToolUse(block: AnthropicContentBlock): block is AnthropicToolUseBlock {
  return block.type === "tool_use" && typeof (block as Partial<AnthropicToolUseBlock>).id === "string";
}
