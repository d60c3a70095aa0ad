// The token estimate of chat messages, for compaction budgets: the plain-text estimate of each
// message's text and tool calls plus a small per-message overhead.

import type { ChatMessage } from "@skillbox/core/agent/providers/provider";
import { estimateTokensOfLength } from "@skillbox/core/text/estimate-tokens";

// Messages are not changed once in the history, so each is measured once; checking the budget
// before every turn then stays cheap on long sessions.
const measured = new WeakMap<ChatMessage, number>();

/** Characters every message costs beyond its text (role, framing). */
const MESSAGE_OVERHEAD_CHARS = 16;

/** Tokens in a message: its text, its tool calls' names and arguments, and a small per-message overhead. */
export function estimateMessageTokens(message: ChatMessage): number {
  const cached = measured.get(message);
  if (cached !== undefined) return cached;
  const tokens = estimateTokensOfLength(countCharacters(message));
  measured.set(message, tokens);
  return tokens;
}

/** Tokens in a whole history. */
export function estimateMessagesTokens(messages: readonly ChatMessage[]): number {
  let total = 0;
  for (const message of messages) total += estimateMessageTokens(message);
  return total;
}

function countCharacters(message: ChatMessage): number {
  let characters = message.content.length + MESSAGE_OVERHEAD_CHARS;
  if (message.role === "assistant") {
    for (const call of message.toolCalls ?? [])
      characters += call.name.length + JSON.stringify(call.arguments).length + MESSAGE_OVERHEAD_CHARS;
  }
  return characters;
}
