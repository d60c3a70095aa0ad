// A ChatProvider over the OpenAI Chat Completions API through the official `openai` SDK, so it
// works with any OpenAI-compatible server: OpenAI, Ollama, vLLM, llama.cpp, LM Studio, gateways.

import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import type { ChatCompletionCreateParamsBase } from "openai/resources/chat/completions/completions";
import type { ChatCallOptions, ChatProvider, ChatRequest, ChatResponse } from "../provider.js";
import { type AttemptContext, callWithRetry } from "./call-with-retry.js";
import {
  DEFAULT_PROVIDER_TIMEOUT_MS,
  PLACEHOLDER_API_KEY,
  type ProviderConnectionOptions,
} from "./provider-connection-options.js";
import { classifySdkError } from "./provider-failure.js";
import { OpenAIStreamReader, readOpenAICompletion } from "./read-openai-response.js";
import { toOpenAIMessages, toOpenAITools } from "./to-openai-messages.js";

export interface OpenAIChatProviderOptions extends ProviderConnectionOptions {
  /**
   * The field that carries `ChatRequest.maxTokens`. OpenAI's reasoning models accept only
   * `max_completion_tokens`; some local servers know only `max_tokens`. Default: `max_completion_tokens`
   * for api.openai.com, `max_tokens` elsewhere.
   */
  maxTokensField?: "max_tokens" | "max_completion_tokens";
}

/** Chat Completions with streaming text (when `onText` is given) and function tools. */
export class OpenAIChatProvider implements ChatProvider {
  readonly name = "openai";
  readonly supportsTools: boolean;
  private readonly client: OpenAI;
  private readonly options: OpenAIChatProviderOptions;

  constructor(options: OpenAIChatProviderOptions) {
    this.options = options;
    this.supportsTools = options.supportsTools ?? true;
    // Everything is passed explicitly so the SDK reads nothing from process.env and never retries.
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      apiKey: options.apiKey || PLACEHOLDER_API_KEY,
      organization: null,
      project: null,
      maxRetries: 0,
      timeout: options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
      logLevel: "off",
      ...(options.defaultHeaders ? { defaultHeaders: options.defaultHeaders } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  /** Sends one turn; retries per the provider's policy and throws SkillboxError when it gives up. */
  complete(request: ChatRequest, callOptions: ChatCallOptions = {}): Promise<ChatResponse> {
    const body = this.buildBody(request);
    const streaming = callOptions.onText !== undefined;
    return callWithRetry(
      (attempt) => (streaming ? this.stream(body, attempt) : this.fetchWhole(body, attempt)),
      {
        target: { provider: this.name, baseUrl: this.options.baseUrl, model: request.model },
        classifyError: (error) =>
          classifySdkError(error, { APIError, APIConnectionError, APIConnectionTimeoutError }),
        timeoutMs: this.options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
        ...(this.options.retry ? { retry: this.options.retry } : {}),
        ...(callOptions.signal ? { signal: callOptions.signal } : {}),
        ...(callOptions.onText ? { onText: callOptions.onText } : {}),
      },
    );
  }

  private buildBody(request: ChatRequest): ChatCompletionCreateParamsBase {
    const body: ChatCompletionCreateParamsBase = {
      model: request.model,
      messages: toOpenAIMessages(request.system, request.messages),
    };
    // An empty `tools` array is rejected by several servers, so it is left out instead.
    if (this.supportsTools && request.tools.length > 0) body.tools = toOpenAITools(request.tools);
    if (request.maxTokens !== undefined) body[this.maxTokensField()] = request.maxTokens;
    return body;
  }

  private maxTokensField(): "max_tokens" | "max_completion_tokens" {
    if (this.options.maxTokensField) return this.options.maxTokensField;
    return new URL(this.options.baseUrl).hostname === "api.openai.com"
      ? "max_completion_tokens"
      : "max_tokens";
  }

  private async fetchWhole(
    body: ChatCompletionCreateParamsBase,
    attempt: AttemptContext,
  ): Promise<ChatResponse> {
    const completion = await this.client.chat.completions.create(
      { ...body, stream: false },
      { signal: attempt.signal, maxRetries: 0 },
    );
    return readOpenAICompletion(completion);
  }

  private async stream(body: ChatCompletionCreateParamsBase, attempt: AttemptContext): Promise<ChatResponse> {
    const stream = await this.client.chat.completions.create(
      { ...body, stream: true, stream_options: { include_usage: true } },
      { signal: attempt.signal, maxRetries: 0 },
    );
    const reader = new OpenAIStreamReader();
    for await (const chunk of stream) {
      attempt.touch();
      const delta = reader.add(chunk);
      if (delta) attempt.emitText(delta);
    }
    return reader.finish();
  }
}
