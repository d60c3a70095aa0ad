// Maps Skillbox's ChatMessage history and tool specs to the Anthropic Messages wire format.

import type {
  Tool as AnthropicTool,
  ContentBlockParam,
  MessageParam,
} from "@anthropic-ai/sdk/resources/messages/messages";
import type { ChatMessage, ToolSpec } from "@skillbox/core/agent/providers/provider";

/**
 * The `messages` array. Tool results travel as `tool_result` blocks in a user turn; consecutive
 * turns of one role (several tool results, then a user message) are merged into one turn, and empty
 * text is dropped because the API rejects empty text blocks.
 */
export function toAnthropicMessages(messages: readonly ChatMessage[]): MessageParam[] {
  const turns: { role: "user" | "assistant"; content: ContentBlockParam[] }[] = [];
  const append = (role: "user" | "assistant", blocks: ContentBlockParam[]) => {
    if (blocks.length === 0) return;
    const last = turns.at(-1);
    if (last && last.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  };
  for (const message of messages) {
    if (message.role === "user") {
      append("user", textBlocks(message.content));
    } else if (message.role === "assistant") {
      const toolUses: ContentBlockParam[] = (message.toolCalls ?? []).map((call) => ({
        type: "tool_use",
        id: call.id,
        name: call.name,
        input: call.arguments,
      }));
      append("assistant", [...textBlocks(message.content), ...toolUses]);
    } else {
      append("user", [
        {
          type: "tool_result",
          tool_use_id: message.toolCallId,
          content: message.content,
          ...(message.isError ? { is_error: true } : {}),
        },
      ]);
    }
  }
  return turns;
}

/** The `tools` array; `input_schema` must be an object schema, so `type: "object"` is filled in. */
export function toAnthropicTools(tools: readonly ToolSpec[]): AnthropicTool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: { ...tool.inputSchema, type: "object" },
  }));
}

function textBlocks(text: string): ContentBlockParam[] {
  return text.trim() === "" ? [] : [{ type: "text", text }];
}
