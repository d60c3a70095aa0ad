// Skillbox tools for the OpenAI SDK's Chat Completions API: the `tools` array and a helper that runs
// `message.tool_calls` and returns the `role: "tool"` messages to append.

import { parseToolArguments } from "../agent/providers/parse-tool-arguments.js";
import type { JsonSchema } from "../tools/define-tool.js";
import {
  readTools,
  runToolCall,
  type ToolCallOptions,
  type ToolSource,
  toolResultText,
} from "./run-tool-call.js";

// The shapes below are the parts of the OpenAI SDK's types these functions read and write, declared
// here so that users without the `openai` package still compile; openai-tools.test.ts checks that
// the SDK's own types stay assignable both ways.

/** A function tool of Chat Completions (the SDK's `ChatCompletionFunctionTool`). */
export interface OpenAIFunctionTool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/**
 * A tool call of an assistant message (the SDK's `ChatCompletionMessageToolCall`): a function call,
 * or a custom-tool call, which Skillbox answers with an error.
 */
export type OpenAIToolCall =
  | { id: string; type: "function"; function: { name: string; arguments: string } }
  | { id: string; type: "custom"; custom: { name: string } };

/** The `role: "tool"` message answering one call (the SDK's `ChatCompletionToolMessageParam`). */
export interface OpenAIToolMessage {
  role: "tool";
  tool_call_id: string;
  content: string;
}

/** The `tools` parameter of `client.chat.completions.create`. */
export function toOpenAITools(source: ToolSource): OpenAIFunctionTool[] {
  return readTools(source).map((tool) => ({
    type: "function",
    function: {
      name: tool.name,
      description: tool.description,
      parameters: tool.inputSchema as JsonSchema & Record<string, unknown>,
    },
  }));
}

/**
 * Runs the assistant message's tool calls in order and returns one tool message per call, in the
 * same order, ready to push onto `messages`. Failures become messages the model can act on; this
 * never throws. `undefined` (a message without tool calls) gives an empty list.
 */
export async function handleOpenAIToolCalls(
  source: ToolSource,
  toolCalls: readonly OpenAIToolCall[] | null | undefined,
  options: ToolCallOptions = {},
): Promise<OpenAIToolMessage[]> {
  const messages: OpenAIToolMessage[] = [];
  for (const call of toolCalls ?? []) {
    if (call.type !== "function") {
      messages.push({
        role: "tool",
        tool_call_id: call.id,
        content: `Error: "${call.custom.name}" is a custom tool; Skillbox only runs function tools.`,
      });
      continue;
    }
    const result = await runToolCall(
      readTools(source),
      { id: call.id, name: call.function.name, ...parseToolArguments(call.function.arguments) },
      options,
    );
    // Chat Completions has no error flag on tool messages; the prefix tells the model it failed.
    const content = toolResultText(result);
    messages.push({ role: "tool", tool_call_id: call.id, content });
  }
  return messages;
}
