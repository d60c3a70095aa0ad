// Reads Anthropic Messages answers (whole or streamed) into a Skillbox ChatResponse.

import type { Message, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages/messages";
import { parseToolArguments } from "@skillbox/core/agent/providers/parse-tool-arguments";
import type { ChatResponse, ToolCall } from "@skillbox/core/agent/providers/provider";
import { IncompleteStreamError } from "./provider-failure.js";

/** Reads a non-streamed message. A string `input` (some proxies send one) is parsed as JSON. */
export function readAnthropicMessage(message: Message): ChatResponse {
  let text = "";
  const toolCalls: ToolCall[] = [];
  for (const block of message.content ?? []) {
    if (block.type === "text") text += block.text;
    if (block.type === "tool_use")
      toolCalls.push({ id: block.id, name: block.name, ...parseToolArguments(block.input) });
  }
  return {
    text,
    toolCalls,
    stopReason: toStopReason(message.stop_reason, toolCalls.length),
    usage: { inputTokens: countInputTokens(message.usage), outputTokens: message.usage?.output_tokens ?? 0 },
  };
}

type PartialBlock = { type: "text"; text: string } | { type: "tool"; id: string; name: string; json: string };

/** Accumulates stream events: text and tool-input deltas by block index, stop reason, usage. */
export class AnthropicStreamReader {
  private readonly blocks = new Map<number, PartialBlock>();
  private stopReason: string | null = null;
  private stopped = false;
  private usage = { inputTokens: 0, outputTokens: 0 };

  /** Adds one event; returns its text delta ("" when it has none). */
  add(event: RawMessageStreamEvent): string {
    switch (event.type) {
      case "message_start":
        this.usage = {
          inputTokens: countInputTokens(event.message.usage),
          outputTokens: event.message.usage?.output_tokens ?? 0,
        };
        return "";
      case "content_block_start": {
        const block = event.content_block;
        if (block.type === "text") this.blocks.set(event.index, { type: "text", text: block.text ?? "" });
        if (block.type === "tool_use")
          this.blocks.set(event.index, { type: "tool", id: block.id, name: block.name, json: "" });
        return block.type === "text" ? (block.text ?? "") : "";
      }
      case "content_block_delta": {
        const block = this.blocks.get(event.index);
        if (event.delta.type === "text_delta" && block?.type === "text") {
          block.text += event.delta.text;
          return event.delta.text;
        }
        if (event.delta.type === "input_json_delta" && block?.type === "tool")
          block.json += event.delta.partial_json;
        return "";
      }
      case "message_delta":
        if (event.delta.stop_reason) this.stopReason = event.delta.stop_reason;
        // `output_tokens` here is the running total, not an increment.
        if (typeof event.usage?.output_tokens === "number")
          this.usage.outputTokens = event.usage.output_tokens;
        if (typeof event.usage?.input_tokens === "number")
          this.usage.inputTokens = countInputTokens(event.usage);
        return "";
      case "message_stop":
        this.stopped = true;
        return "";
      default:
        return "";
    }
  }

  /** The finished response; throws IncompleteStreamError when `message_stop` never came. */
  finish(): ChatResponse {
    if (!this.stopped)
      throw new IncompleteStreamError("the stream ended before the model finished its answer");
    let text = "";
    const toolCalls: ToolCall[] = [];
    for (const [, block] of [...this.blocks.entries()].sort(([left], [right]) => left - right)) {
      if (block.type === "text") text += block.text;
      else toolCalls.push({ id: block.id, name: block.name, ...parseToolArguments(block.json) });
    }
    return {
      text,
      toolCalls,
      stopReason: toStopReason(this.stopReason, toolCalls.length),
      usage: this.usage,
    };
  }
}

interface AnthropicUsage {
  input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

// `input_tokens` excludes cached prompt tokens; the whole prompt is the sum.
function countInputTokens(usage: AnthropicUsage | undefined | null): number {
  return (
    (usage?.input_tokens ?? 0) +
    (usage?.cache_creation_input_tokens ?? 0) +
    (usage?.cache_read_input_tokens ?? 0)
  );
}

function toStopReason(
  stopReason: string | null | undefined,
  toolCallCount: number,
): ChatResponse["stopReason"] {
  if (stopReason === "tool_use" || (toolCallCount > 0 && stopReason === "end_turn")) return "tool-calls";
  if (stopReason === "end_turn" || stopReason === "stop_sequence") return "end";
  if (stopReason === "max_tokens") return "max-tokens";
  return "other";
}
