// The script a fake LLM server replays: scripted replies, faults, and the request a step may read.

/** One tool call the fake model makes. A string `arguments` is sent verbatim, even if it is not JSON. */
export interface FakeToolCall {
  id?: string;
  name: string;
  arguments?: Record<string, unknown> | string;
}

/** A successful model turn: text, tool calls, or both. */
export interface FakeLlmReply {
  text?: string;
  toolCalls?: FakeToolCall[];
  /** Defaults to `tool-calls` when there are tool calls, else `end`. */
  stopReason?: "end" | "tool-calls" | "max-tokens";
  /** Defaults to an estimate of about four characters per token. */
  usage?: { inputTokens: number; outputTokens: number };
  /** Send every tool call's arguments as truncated, unparseable JSON. */
  malformedToolArguments?: boolean;
  /** Wait this long before answering at all. */
  delayMs?: number;
  /** Streaming only: wait this long between events. */
  chunkDelayMs?: number;
  /** Streaming only: drop the connection after this many events have been written. */
  hangUpAfterEvents?: number;
}

/** An HTTP error answer, e.g. `{ status: 429, headers: { "retry-after": "1" } }`. */
export interface FakeLlmFault {
  status: number;
  /** JSON body (objects) or raw text (strings); defaults to the wire format's error shape. */
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
}

/** Drop the connection without answering. */
export interface FakeLlmHangUp {
  hangUp: true;
  delayMs?: number;
}

/** What one scripted step answers. */
export type FakeLlmResponse = FakeLlmReply | FakeLlmFault | FakeLlmHangUp;

/** A scripted step: a fixed answer, or a function computing one from the request. */
export type FakeLlmStep =
  | FakeLlmResponse
  | ((request: FakeLlmRequest) => FakeLlmResponse | Promise<FakeLlmResponse>);

/** Which wire format a request used. */
export type FakeLlmWireFormat = "openai" | "anthropic" | "other";

/** One request the fake server received, recorded for assertions. */
export interface FakeLlmRequest {
  /** 0-based arrival order over all requests. */
  index: number;
  method: string;
  path: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** The parsed JSON body; `{}` when there was none or it was not JSON. */
  body: Record<string, unknown>;
  format: FakeLlmWireFormat;
  stream: boolean;
}

/** True when the step answers with an HTTP error. */
export function isFakeLlmFault(response: FakeLlmResponse): response is FakeLlmFault {
  return "status" in response && typeof response.status === "number";
}

/** True when the step drops the connection. */
export function isFakeLlmHangUp(response: FakeLlmResponse): response is FakeLlmHangUp {
  return "hangUp" in response && response.hangUp === true;
}

/** A reply's tool calls with ids and argument strings filled in, as both wire formats send them. */
export interface PreparedToolCall {
  id: string;
  name: string;
  argumentsJson: string;
}

/** Fills in ids and argument text, truncating the JSON when the reply asks for malformed arguments. */
export function prepareToolCalls(
  reply: FakeLlmReply,
  idPrefix: string,
  requestIndex: number,
): PreparedToolCall[] {
  return (reply.toolCalls ?? []).map((call, position) => {
    const argumentsJson =
      typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments ?? {});
    return {
      id: call.id ?? `${idPrefix}${requestIndex}_${position}`,
      name: call.name,
      // Dropping the closing brace leaves JSON no parser accepts.
      argumentsJson: reply.malformedToolArguments ? argumentsJson.slice(0, -1) : argumentsJson,
    };
  });
}

/** The reply's stop reason, inferred from its tool calls when not scripted. */
export function resolveStopReason(reply: FakeLlmReply): "end" | "tool-calls" | "max-tokens" {
  return reply.stopReason ?? ((reply.toolCalls?.length ?? 0) > 0 ? "tool-calls" : "end");
}

/** The reply's usage, estimated at about four characters per token when not scripted. */
export function resolveUsage(
  reply: FakeLlmReply,
  request: FakeLlmRequest,
  toolCalls: PreparedToolCall[],
): { inputTokens: number; outputTokens: number } {
  if (reply.usage) return reply.usage;
  const outputCharacters =
    (reply.text ?? "").length + toolCalls.reduce((sum, call) => sum + call.argumentsJson.length, 0);
  return {
    inputTokens: Math.ceil(JSON.stringify(request.body).length / 4),
    outputTokens: Math.ceil(outputCharacters / 4),
  };
}

/** Splits text into word-sized stream deltas (each keeps its trailing whitespace). */
export function splitIntoDeltas(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/** Splits a JSON string into two fragments, so clients must join partial arguments. */
export function splitJsonFragments(json: string): string[] {
  if (json.length < 2) return [json];
  const middle = Math.floor(json.length / 2);
  return [json.slice(0, middle), json.slice(middle)];
}
