// Maps Skillbox's ChatMessage history and tool specs to the OpenAI Chat Completions wire format.

import type { ChatMessage, ToolSpec } from "@skillbox/core/agent/providers/provider";
import type {
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions/completions";

/**
 * The `messages` array: the system prompt first, assistant tool calls as `tool_calls`, each tool
 * result as a `tool` message. The format has no error flag, so failed results are prefixed `Error: `.
 */
export function toOpenAIMessages(
  system: string,
  messages: readonly ChatMessage[],
): ChatCompletionMessageParam[] {
  const wire: ChatCompletionMessageParam[] = system ? [{ role: "system", content: system }] : [];
  for (const message of messages) {
    if (message.role === "user") {
      wire.push({ role: "user", content: message.content });
    } else if (message.role === "assistant") {
      const toolCalls = message.toolCalls ?? [];
      wire.push({
        role: "assistant",
        // Servers accept null content next to tool calls, and some reject an empty string there.
        content: message.content === "" && toolCalls.length > 0 ? null : message.content,
        ...(toolCalls.length > 0
          ? {
              tool_calls: toolCalls.map((call) => ({
                id: call.id,
                type: "function" as const,
                function: { name: call.name, arguments: JSON.stringify(call.arguments) },
              })),
            }
          : {}),
      });
    } else {
      const content =
        message.isError && !/^error\b/i.test(message.content) ? `Error: ${message.content}` : message.content;
      wire.push({ role: "tool", tool_call_id: message.toolCallId, content });
    }
  }
  return wire;
}

/** The `tools` array of function tools. */
export function toOpenAITools(tools: readonly ToolSpec[]): ChatCompletionFunctionTool[] {
  return tools.map((tool) => ({
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  }));
}
