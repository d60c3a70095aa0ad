// What went wrong in one model call, read from either SDK's errors, and the SkillboxError users see.

import { SkillboxError } from "@skillbox/core/errors";

/** One failed attempt, reduced to what the retry policy and the final message need. */
export interface ProviderFailure {
  kind: "http" | "connection" | "timeout" | "other";
  /** HTTP status; absent for errors sent inside a stream. */
  status?: number;
  /** The server's or the transport's own words. */
  message: string;
  /** From `retry-after-ms` / `retry-after`, when the server sent one. */
  retryAfterMs?: number;
}

/** The endpoint a call went to, named in every error message. */
export interface ProviderTarget {
  provider: string;
  baseUrl: string;
  model: string;
}

/** The error classes both Stainless-generated SDKs (openai, @anthropic-ai/sdk) export. */
export interface SdkErrorClasses {
  APIError: abstract new (...args: never[]) => Error;
  APIConnectionError: abstract new (...args: never[]) => Error;
  APIConnectionTimeoutError: abstract new (...args: never[]) => Error;
}

/** Thrown by the adapters when a stream ends before the model said it was done. */
export class IncompleteStreamError extends Error {
  override readonly name = "IncompleteStreamError";
}

/** Classifies an error thrown by an SDK call or by reading its stream. */
export function classifySdkError(error: unknown, classes: SdkErrorClasses): ProviderFailure {
  if (error instanceof classes.APIConnectionTimeoutError) return { kind: "timeout", message: error.message };
  if (error instanceof classes.APIConnectionError || error instanceof IncompleteStreamError) {
    return { kind: "connection", message: describeCause(error) };
  }
  if (error instanceof classes.APIError) {
    const apiError = error as Error & { status?: number; headers?: Headers; error?: unknown };
    const failure: ProviderFailure = { kind: "http", message: serverMessage(apiError) };
    if (typeof apiError.status === "number") failure.status = apiError.status;
    const retryAfterMs = parseRetryAfter(apiError.headers);
    if (retryAfterMs !== undefined) failure.retryAfterMs = retryAfterMs;
    return failure;
  }
  // fetch reports a dropped socket or an unreachable host as a TypeError ("fetch failed", "terminated").
  if (error instanceof TypeError) return { kind: "connection", message: describeCause(error) };
  return { kind: "other", message: error instanceof Error ? error.message : String(error) };
}

/** True when another attempt may succeed: connection trouble, timeouts, 408, 409, 429 and 5xx. */
export function isRetryableFailure(failure: ProviderFailure): boolean {
  if (failure.kind === "connection" || failure.kind === "timeout") return true;
  if (failure.kind !== "http") return false;
  // An error event inside a stream has no status; servers send those for overload.
  if (failure.status === undefined) return true;
  return failure.status === 408 || failure.status === 409 || failure.status === 429 || failure.status >= 500;
}

/** Milliseconds to wait from `retry-after-ms` or `retry-after` (seconds or an HTTP date). */
export function parseRetryAfter(headers: Headers | undefined, now = Date.now()): number | undefined {
  const milliseconds = Number.parseFloat(headers?.get?.("retry-after-ms") ?? "");
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers?.get?.("retry-after");
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The SkillboxError for a failure that ends the call: what happened, and what to check. */
export function createProviderError(
  failure: ProviderFailure,
  target: ProviderTarget,
  details: { attempts: number; outputDelivered: boolean; cause: unknown },
): SkillboxError {
  const tries = details.attempts > 1 ? ` after ${details.attempts} attempts` : "";
  const status = failure.status === undefined ? "" : `HTTP ${failure.status}: `;
  const unretried = details.outputDelivered
    ? " Not retried: part of the answer had already been streamed."
    : "";
  const message = `The ${target.provider} model call to ${target.baseUrl} (model "${target.model}") failed${tries}: ${status}${failure.message}. ${adviceFor(failure, target)}${unretried}`;
  return new SkillboxError(failure.kind === "timeout" ? "provider-timeout" : "provider-error", message, {
    cause: details.cause,
    data: { ...target, attempts: details.attempts, kind: failure.kind, status: failure.status },
  });
}

function adviceFor(failure: ProviderFailure, target: ProviderTarget): string {
  const keyVariable = target.provider === "anthropic" ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY";
  if (failure.kind === "timeout") {
    return "Check that the server is up and not overloaded, or raise the request timeout.";
  }
  if (failure.kind === "connection")
    return "Check the base URL and that the server is running and reachable.";
  if (failure.kind === "other")
    return "Check that the base URL points at a server speaking this wire format.";
  const code = failure.status ?? 0;
  if (code === 401 || code === 403) return `Check the API key (${keyVariable} or --api-key).`;
  if (code === 404) {
    return "Check the base URL (OpenAI-compatible servers usually end in /v1) and the model name.";
  }
  if (code === 429) return "The server is rate limiting: wait, lower the request rate, or check your quota.";
  if (code >= 500 || code === 0) return "The server failed: try again later or check its logs.";
  return "Check the model name and whether this model supports tool calls.";
}

function serverMessage(error: Error & { error?: unknown }): string {
  // The Anthropic SDK keeps the whole `{ type: "error", error: { message } }` body; OpenAI's the inner one.
  const body = error.error as { message?: unknown; error?: { message?: unknown } } | undefined;
  const inner = body?.error?.message ?? body?.message;
  if (typeof inner === "string" && inner.length > 0) return inner.replace(/\.$/, "");
  return error.message.replace(/^\d{3} /, "").replace(/\.$/, "");
}

function describeCause(error: Error): string {
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const detail = cause ? `${cause.message}${hasCode(cause) ? ` (${cause.code})` : ""}` : "";
  return detail && !error.message.includes(detail) ? `${error.message} (${detail})` : error.message;
}

function hasCode(error: Error): error is Error & { code: string } {
  return typeof (error as { code?: unknown }).code === "string";
}
