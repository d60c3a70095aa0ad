// HTTP plumbing of the fake LLM server: bodies, headers, JSON and SSE answers, error shapes.

import type { IncomingMessage, ServerResponse } from "node:http";
import { buildAnthropicError } from "./anthropic-wire-reply.js";
import type { FakeLlmReply, FakeLlmRequest, FakeLlmWireFormat } from "./fake-llm-script.js";
import { buildOpenAIError, type ServerSentEvent } from "./openai-wire-reply.js";

/** Streams server-sent events, honouring the reply's chunk delay and scripted mid-stream hang-up. */
export async function writeEvents(
  response: ServerResponse,
  events: ServerSentEvent[],
  reply: FakeLlmReply,
  pause: (milliseconds: number | undefined) => Promise<void>,
): Promise<void> {
  response.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  response.flushHeaders();
  for (const [position, event] of events.entries()) {
    if (response.destroyed) return;
    if (position === reply.hangUpAfterEvents) {
      // Let what was written reach the client first, so it sees a stream cut off midway.
      await new Promise<void>((resolve) => response.write("", () => resolve()));
      return void response.socket?.destroy();
    }
    if (position > 0) await pause(reply.chunkDelayMs);
    response.write(`${event.event ? `event: ${event.event}\n` : ""}data: ${event.data}\n\n`);
  }
  response.end();
}

/** Writes a whole answer: objects as JSON, strings as plain text. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const contentType = typeof body === "string" ? "text/plain; charset=utf-8" : "application/json";
  response.writeHead(status, { "content-type": contentType, ...headers });
  response.end(text);
}

/** An error body in the shape the request's wire format uses. */
export function errorBody(format: FakeLlmWireFormat, message: string, type: string): Record<string, unknown> {
  return format === "anthropic" ? buildAnthropicError(message, type) : buildOpenAIError(message, type);
}

/** The error `type` a real server would use for this status. */
export function faultType(status: number): string {
  if (status === 429) return "rate_limit_error";
  if (status === 529) return "overloaded_error";
  return status >= 500 ? "api_error" : "invalid_request_error";
}

/** True when the request carries the key in either wire format's header. */
export function hasApiKey(request: FakeLlmRequest, apiKey: string): boolean {
  return request.headers.authorization === `Bearer ${apiKey}` || request.headers["x-api-key"] === apiKey;
}

/** The `GET /v1/models` body, Anthropic-shaped when the client sent `anthropic-version`. */
export function listModels(models: string[], request: FakeLlmRequest): Record<string, unknown> {
  if (request.headers["anthropic-version"] !== undefined) {
    const data = models.map((id) => ({
      type: "model",
      id,
      display_name: id,
      created_at: "2026-01-01T00:00:00Z",
    }));
    return { data, has_more: false, first_id: models[0] ?? null, last_id: models.at(-1) ?? null };
  }
  return {
    object: "list",
    data: models.map((id) => ({ id, object: "model", created: 0, owned_by: "skillbox" })),
  };
}

/** The whole request body as UTF-8 text. */
export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The body parsed as a JSON object, or undefined. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    // Not JSON: the caller answers 400 on model routes and ignores the body elsewhere.
    return undefined;
  }
}

/** Request headers with repeated values joined, names lower-cased by Node. */
export function flattenHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}
