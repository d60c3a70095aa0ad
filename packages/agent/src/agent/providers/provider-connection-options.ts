// Options every provider adapter takes: where the server is, how to authenticate, how patient to be.

import type { RetryOptions } from "./call-with-retry.js";

/** Connection settings shared by the OpenAI and Anthropic adapters. */
export interface ProviderConnectionOptions {
  /** Full base URL, e.g. `https://api.openai.com/v1`, `http://localhost:11434/v1`, `https://api.anthropic.com`. */
  baseUrl: string;
  /** Optional for local servers; a placeholder is sent when absent. */
  apiKey?: string;
  /** False for models without tool calling: requests are then sent without tools (default true). */
  supportsTools?: boolean;
  retry?: RetryOptions;
  /** The longest wait for an answer to start or for the next streamed chunk (default 300 000 ms). */
  timeoutMs?: number;
  /** Extra headers on every request (proxies, gateways). */
  defaultHeaders?: Record<string, string>;
  /** A fetch implementation to use instead of the global one (proxies, instrumentation). */
  fetch?: typeof fetch;
}

/** Default for `ProviderConnectionOptions.timeoutMs`: generous, because local models can be slow to start. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 300_000;

/** Sent when no key is configured: local OpenAI-compatible servers ignore it, and the SDKs require one. */
export const PLACEHOLDER_API_KEY = "skillbox-no-key";
