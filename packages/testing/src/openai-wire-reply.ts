// Builds OpenAI Chat Completions answers (JSON body or SSE chunks) from a scripted fake reply.

import {
  type FakeLlmReply,
  type FakeLlmRequest,
  prepareToolCalls,
  resolveStopReason,
  resolveUsage,
  splitIntoDeltas,
  splitJsonFragments,
} from "./fake-llm-script.js";

/** One server-sent event; `event` is omitted for OpenAI, which sends bare `data:` lines. */
export interface ServerSentEvent {
  event?: string;
  data: string;
}

const FINISH_REASONS = { end: "stop", "tool-calls": "tool_calls", "max-tokens": "length" } as const;

/** The non-streaming `chat.completion` body for a reply. */
export function buildOpenAICompletion(reply: FakeLlmReply, request: FakeLlmRequest): Record<string, unknown> {
  const toolCalls = prepareToolCalls(reply, "call_", request.index);
  const usage = resolveUsage(reply, request, toolCalls);
  const message: Record<string, unknown> = { role: "assistant", content: reply.text ?? null, refusal: null };
  if (toolCalls.length > 0) {
    message.tool_calls = toolCalls.map((call) => ({
      id: call.id,
      type: "function",
      function: { name: call.name, arguments: call.argumentsJson },
    }));
  }
  return {
    id: `chatcmpl-fake-${request.index}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: modelOf(request),
    choices: [{ index: 0, message, finish_reason: FINISH_REASONS[resolveStopReason(reply)], logprobs: null }],
    usage: toOpenAIUsage(usage),
  };
}

/** The `chat.completion.chunk` events for a streamed reply, ending with `[DONE]`. */
export function buildOpenAIChunks(reply: FakeLlmReply, request: FakeLlmRequest): ServerSentEvent[] {
  const toolCalls = prepareToolCalls(reply, "call_", request.index);
  const usage = resolveUsage(reply, request, toolCalls);
  const streamOptions = request.body.stream_options as { include_usage?: boolean } | undefined;
  const includeUsage = streamOptions?.include_usage === true;
  const base = {
    id: `chatcmpl-fake-${request.index}`,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: modelOf(request),
  };
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): ServerSentEvent => ({
    data: JSON.stringify({
      ...base,
      choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
      ...(includeUsage ? { usage: null } : {}),
    }),
  });

  const events = [chunk({ role: "assistant", content: "" })];
  for (const delta of splitIntoDeltas(reply.text ?? "")) events.push(chunk({ content: delta }));
  toolCalls.forEach((call, index) => {
    events.push(
      chunk({
        tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }],
      }),
    );
    for (const fragment of splitJsonFragments(call.argumentsJson)) {
      events.push(chunk({ tool_calls: [{ index, function: { arguments: fragment } }] }));
    }
  });
  events.push(chunk({}, FINISH_REASONS[resolveStopReason(reply)]));
  if (includeUsage) {
    events.push({ data: JSON.stringify({ ...base, choices: [], usage: toOpenAIUsage(usage) }) });
  }
  events.push({ data: "[DONE]" });
  return events;
}

/** An OpenAI-style error body. */
export function buildOpenAIError(message: string, type: string): Record<string, unknown> {
  return { error: { message, type, param: null, code: null } };
}

function toOpenAIUsage(usage: { inputTokens: number; outputTokens: number }): Record<string, number> {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
}

function modelOf(request: FakeLlmRequest): string {
  return typeof request.body.model === "string" ? request.body.model : "fake-model";
}
