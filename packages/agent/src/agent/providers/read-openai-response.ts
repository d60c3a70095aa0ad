// Reads OpenAI Chat Completions answers (whole or streamed) into a Skillbox ChatResponse.

import { parseToolArguments } from "@skillbox/core/agent/providers/parse-tool-arguments";
import type { ChatResponse, ToolCall } from "@skillbox/core/agent/providers/provider";
import type { ChatCompletion, ChatCompletionChunk } from "openai/resources/chat/completions/completions";
import { IncompleteStreamError } from "./provider-failure.js";

/** Reads a non-streamed completion. */
export function readOpenAICompletion(completion: ChatCompletion): ChatResponse {
  const choice = completion.choices?.[0];
  const toolCalls: ToolCall[] = [];
  for (const [position, call] of (choice?.message?.tool_calls ?? []).entries()) {
    if (call.type !== "function") continue;
    toolCalls.push({
      id: call.id || `call_${position}`,
      name: call.function.name,
      ...parseToolArguments(call.function.arguments),
    });
  }
  return {
    text: choice?.message?.content ?? "",
    toolCalls,
    stopReason: toStopReason(choice?.finish_reason, toolCalls.length),
    usage: {
      inputTokens: completion.usage?.prompt_tokens ?? 0,
      outputTokens: completion.usage?.completion_tokens ?? 0,
    },
  };
}

interface PartialToolCall {
  id: string;
  name: string;
  argumentsText: string;
}

/** Accumulates streamed chunks: text deltas, tool-call fragments by index, finish reason, usage. */
export class OpenAIStreamReader {
  private text = "";
  private readonly toolCalls = new Map<number, PartialToolCall>();
  private finishReason: string | null | undefined;
  private usage = { inputTokens: 0, outputTokens: 0 };

  /** Adds one chunk; returns its text delta ("" when it has none). */
  add(chunk: ChatCompletionChunk): string {
    if (chunk.usage) {
      this.usage = {
        inputTokens: chunk.usage.prompt_tokens ?? 0,
        outputTokens: chunk.usage.completion_tokens ?? 0,
      };
    }
    const choice = chunk.choices?.[0];
    if (!choice) return "";
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    for (const [position, fragment] of (choice.delta?.tool_calls ?? []).entries()) {
      // Some servers omit `index` when they send each call whole.
      const index = typeof fragment.index === "number" ? fragment.index : this.toolCalls.size + position;
      const call = this.toolCalls.get(index) ?? { id: "", name: "", argumentsText: "" };
      if (fragment.id) call.id = fragment.id;
      if (fragment.function?.name) call.name += fragment.function.name;
      if (fragment.function?.arguments) call.argumentsText += fragment.function.arguments;
      this.toolCalls.set(index, call);
    }
    const delta = choice.delta?.content ?? "";
    this.text += delta;
    return delta;
  }

  /** The finished response; throws IncompleteStreamError when no chunk carried a finish reason. */
  finish(): ChatResponse {
    if (!this.finishReason)
      throw new IncompleteStreamError("the stream ended before the model finished its answer");
    const toolCalls = [...this.toolCalls.entries()]
      .sort(([left], [right]) => left - right)
      .map(([index, call]) => ({
        id: call.id || `call_${index}`,
        name: call.name,
        ...parseToolArguments(call.argumentsText),
      }));
    return {
      text: this.text,
      toolCalls,
      stopReason: toStopReason(this.finishReason, toolCalls.length),
      usage: this.usage,
    };
  }
}

function toStopReason(
  finishReason: string | null | undefined,
  toolCallCount: number,
): ChatResponse["stopReason"] {
  // Some OpenAI-compatible servers say "stop" even when the turn ends in tool calls.
  if (toolCallCount > 0 && (finishReason === "stop" || finishReason === "tool_calls")) return "tool-calls";
  if (finishReason === "tool_calls" || finishReason === "function_call") return "tool-calls";
  if (finishReason === "stop") return "end";
  if (finishReason === "length") return "max-tokens";
  return "other";
}
