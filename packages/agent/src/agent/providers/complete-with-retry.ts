// The wiring both SDK-backed providers share: SDK client settings, one retried turn, and
// draining a stream into a reader while reporting progress to the retry loop.

import type { ChatCallOptions, ChatResponse } from "@skillbox/core/agent/providers/provider";
import { type AttemptContext, callWithRetry } from "./call-with-retry.js";
import {
  DEFAULT_PROVIDER_TIMEOUT_MS,
  PLACEHOLDER_API_KEY,
  type ProviderConnectionOptions,
} from "./provider-connection-options.js";
import { classifySdkError, type SdkErrorClasses } from "./provider-failure.js";

/**
 * Client settings common to both Stainless SDKs. Everything is passed explicitly so the SDK
 * reads no key from process.env and never retries on its own (callWithRetry does).
 */
export function createSdkClientOptions(options: ProviderConnectionOptions) {
  return {
    baseURL: options.baseUrl,
    apiKey: options.apiKey || PLACEHOLDER_API_KEY,
    maxRetries: 0,
    timeout: options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
    logLevel: "off" as const,
    ...(options.defaultHeaders ? { defaultHeaders: options.defaultHeaders } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
}

/** What one provider turn needs besides the request: who is called, and how to fetch or stream. */
export interface CompleteWithRetryOptions {
  provider: string;
  model: string;
  connection: ProviderConnectionOptions;
  errorClasses: SdkErrorClasses;
  callOptions: ChatCallOptions;
  fetchWhole(attempt: AttemptContext): Promise<ChatResponse>;
  stream(attempt: AttemptContext): Promise<ChatResponse>;
}

/** Sends one turn under the shared retry policy, streamed when `onText` is given; throws SkillboxError. */
export function completeWithRetry(options: CompleteWithRetryOptions): Promise<ChatResponse> {
  const { connection, callOptions } = options;
  const streaming = callOptions.onText !== undefined;
  return callWithRetry((attempt) => (streaming ? options.stream(attempt) : options.fetchWhole(attempt)), {
    target: { provider: options.provider, baseUrl: connection.baseUrl, model: options.model },
    classifyError: (error) => classifySdkError(error, options.errorClasses),
    timeoutMs: connection.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
    ...(connection.retry ? { retry: connection.retry } : {}),
    ...(callOptions.signal ? { signal: callOptions.signal } : {}),
    ...(callOptions.onText ? { onText: callOptions.onText } : {}),
  });
}

/** A stream accumulator: takes events, returns the text delta of each, and builds the final response. */
export interface StreamReader<Event> {
  add(event: Event): string;
  finish(): ChatResponse;
}

/** Feeds every streamed event to `reader`, restarting the idle timer and emitting text as it arrives. */
export async function drainStream<Event>(
  stream: AsyncIterable<Event>,
  reader: StreamReader<Event>,
  attempt: AttemptContext,
): Promise<ChatResponse> {
  for await (const event of stream) {
    attempt.touch();
    const delta = reader.add(event);
    if (delta) attempt.emitText(delta);
  }
  return reader.finish();
}
