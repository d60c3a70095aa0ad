// Builds Anthropic Messages answers (JSON body or SSE events) from a scripted fake reply.

import {
  type FakeLlmReply,
  type FakeLlmRequest,
  prepareToolCalls,
  resolveStopReason,
  resolveUsage,
  splitIntoDeltas,
  splitJsonFragments,
} from "./fake-llm-script.js";
import type { ServerSentEvent } from "./openai-wire-reply.js";

const STOP_REASONS = { end: "end_turn", "tool-calls": "tool_use", "max-tokens": "max_tokens" } as const;

/** The non-streaming `message` body for a reply. Malformed arguments arrive as a raw string `input`. */
export function buildAnthropicMessage(reply: FakeLlmReply, request: FakeLlmRequest): Record<string, unknown> {
  const toolCalls = prepareToolCalls(reply, "toolu_fake_", request.index);
  const usage = resolveUsage(reply, request, toolCalls);
  const content: Record<string, unknown>[] = [];
  if (reply.text || toolCalls.length === 0) content.push({ type: "text", text: reply.text ?? "" });
  for (const call of toolCalls) {
    content.push({ type: "tool_use", id: call.id, name: call.name, input: parseOrRaw(call.argumentsJson) });
  }
  return {
    ...messageShell(request),
    content,
    stop_reason: STOP_REASONS[resolveStopReason(reply)],
    usage: { input_tokens: usage.inputTokens, output_tokens: usage.outputTokens },
  };
}

/** The event sequence of a streamed reply, from `message_start` to `message_stop`. */
export function buildAnthropicEvents(reply: FakeLlmReply, request: FakeLlmRequest): ServerSentEvent[] {
  const toolCalls = prepareToolCalls(reply, "toolu_fake_", request.index);
  const usage = resolveUsage(reply, request, toolCalls);
  const event = (type: string, data: Record<string, unknown>): ServerSentEvent => ({
    event: type,
    data: JSON.stringify({ type, ...data }),
  });

  const events = [
    event("message_start", {
      message: {
        ...messageShell(request),
        content: [],
        stop_reason: null,
        usage: { input_tokens: usage.inputTokens, output_tokens: 1 },
      },
    }),
    event("ping", {}),
  ];
  let index = 0;
  if (reply.text) {
    events.push(event("content_block_start", { index, content_block: { type: "text", text: "" } }));
    for (const text of splitIntoDeltas(reply.text)) {
      events.push(event("content_block_delta", { index, delta: { type: "text_delta", text } }));
    }
    events.push(event("content_block_stop", { index }));
    index += 1;
  }
  for (const call of toolCalls) {
    events.push(
      event("content_block_start", {
        index,
        content_block: { type: "tool_use", id: call.id, name: call.name, input: {} },
      }),
    );
    for (const partialJson of splitJsonFragments(call.argumentsJson)) {
      events.push(
        event("content_block_delta", {
          index,
          delta: { type: "input_json_delta", partial_json: partialJson },
        }),
      );
    }
    events.push(event("content_block_stop", { index }));
    index += 1;
  }
  events.push(
    event("message_delta", {
      delta: { stop_reason: STOP_REASONS[resolveStopReason(reply)], stop_sequence: null },
      usage: { output_tokens: usage.outputTokens },
    }),
    event("message_stop", {}),
  );
  return events;
}

/** An Anthropic-style error body. */
export function buildAnthropicError(message: string, type: string): Record<string, unknown> {
  return { type: "error", error: { type, message } };
}

function messageShell(request: FakeLlmRequest): Record<string, unknown> {
  const model = typeof request.body.model === "string" ? request.body.model : "fake-model";
  return { id: `msg_fake_${request.index}`, type: "message", role: "assistant", model, stop_sequence: null };
}

function parseOrRaw(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    // A scripted malformed payload: hand it over as text, as a broken proxy would.
    return json;
  }
}
