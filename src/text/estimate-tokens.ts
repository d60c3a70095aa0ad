// A cheap token estimate (about four characters per token) for compaction budgets.
import type { ChatMessage } from "../agent/providers/provider.js";

/** Tokens in a text, estimated as characters / 4, rounded up. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

// Messages are not changed once in the history, so each is measured once; checking the budget
// before every turn then stays cheap on long sessions.
const measured = new WeakMap<ChatMessage, number>();

/** Tokens in a message: its text, its tool calls' names and arguments, and a small per-message overhead. */
export function estimateMessageTokens(message: ChatMessage): number {
  const cached = measured.get(message);
  if (cached !== undefined) return cached;
  const tokens = measureMessage(message);
  measured.set(message, tokens);
  return tokens;
}

function measureMessage(message: ChatMessage): number {
  let characters = message.content.length + 16;
  if (message.role === "assistant") {
    for (const call of message.toolCalls ?? [])
      characters += call.name.length + JSON.stringify(call.arguments).length + 16;
  }
  return Math.ceil(characters / 4);
}

/** Tokens in a whole history. */
export function estimateMessagesTokens(messages: readonly ChatMessage[]): number {
  let total = 0;
  for (const message of messages) total += estimateMessageTokens(message);
  return total;
}
