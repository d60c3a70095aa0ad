// A ChatProvider over the OpenAI Chat Completions API through the official `openai` SDK, so it
// works with any OpenAI-compatible server: OpenAI, Ollama, vLLM, llama.cpp, LM Studio, gateways.

import type {
  ChatCallOptions,
  ChatProvider,
  ChatRequest,
  ChatResponse,
} from "@skillbox/core/agent/providers/provider";
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import type { ChatCompletionCreateParamsBase } from "openai/resources/chat/completions/completions";
import type { AttemptContext } from "./call-with-retry.js";
import { completeWithRetry, createSdkClientOptions, drainStream } from "./complete-with-retry.js";
import type { ProviderConnectionOptions } from "./provider-connection-options.js";
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
    // organization/project: null keep the SDK from reading OPENAI_ORG_ID/OPENAI_PROJECT_ID from process.env.
    this.client = new OpenAI({ ...createSdkClientOptions(options), organization: null, project: null });
  }

  /** Sends one turn; retries per the provider's policy and throws SkillboxError when it gives up. */
  complete(request: ChatRequest, callOptions: ChatCallOptions = {}): Promise<ChatResponse> {
    const body = this.buildBody(request);
    return completeWithRetry({
      provider: this.name,
      model: request.model,
      connection: this.options,
      errorClasses: { APIError, APIConnectionError, APIConnectionTimeoutError },
      callOptions,
      fetchWhole: (attempt) => this.fetchWhole(body, attempt),
      stream: (attempt) => this.stream(body, attempt),
    });
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
    return drainStream(stream, new OpenAIStreamReader(), attempt);
  }
}
