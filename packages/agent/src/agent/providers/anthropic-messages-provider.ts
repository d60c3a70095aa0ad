// A ChatProvider over the Anthropic Messages API through the official `@anthropic-ai/sdk`.

import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError } from "@anthropic-ai/sdk";
import type { MessageCreateParamsBase } from "@anthropic-ai/sdk/resources/messages/messages";
import type {
  ChatCallOptions,
  ChatProvider,
  ChatRequest,
  ChatResponse,
} from "@skillbox/core/agent/providers/provider";
import type { AttemptContext } from "./call-with-retry.js";
import { completeWithRetry, createSdkClientOptions, drainStream } from "./complete-with-retry.js";
import type { ProviderConnectionOptions } from "./provider-connection-options.js";
import { AnthropicStreamReader, readAnthropicMessage } from "./read-anthropic-response.js";
import { toAnthropicMessages, toAnthropicTools } from "./to-anthropic-messages.js";

export interface AnthropicMessagesProviderOptions extends ProviderConnectionOptions {
  /** `max_tokens` for requests that set none; the Messages API requires one (default 8192). */
  defaultMaxTokens?: number;
}

/** Default for `AnthropicMessagesProviderOptions.defaultMaxTokens`. */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 8192;

/** Messages with streaming text (when `onText` is given) and tool use. */
export class AnthropicMessagesProvider implements ChatProvider {
  readonly name = "anthropic";
  readonly supportsTools: boolean;
  private readonly client: Anthropic;
  private readonly options: AnthropicMessagesProviderOptions;

  constructor(options: AnthropicMessagesProviderOptions) {
    this.options = options;
    this.supportsTools = options.supportsTools ?? true;
    // authToken: null keeps the SDK from reading ANTHROPIC_AUTH_TOKEN from process.env.
    this.client = new Anthropic({ ...createSdkClientOptions(options), authToken: null });
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

  private buildBody(request: ChatRequest): MessageCreateParamsBase {
    const body: MessageCreateParamsBase = {
      model: request.model,
      max_tokens: request.maxTokens ?? this.options.defaultMaxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS,
      messages: toAnthropicMessages(request.messages),
    };
    if (request.system) body.system = request.system;
    if (this.supportsTools && request.tools.length > 0) body.tools = toAnthropicTools(request.tools);
    return body;
  }

  private async fetchWhole(body: MessageCreateParamsBase, attempt: AttemptContext): Promise<ChatResponse> {
    const message = await this.client.messages.create(
      { ...body, stream: false },
      { signal: attempt.signal, maxRetries: 0 },
    );
    return readAnthropicMessage(message);
  }

  private async stream(body: MessageCreateParamsBase, attempt: AttemptContext): Promise<ChatResponse> {
    const stream = await this.client.messages.create(
      { ...body, stream: true },
      { signal: attempt.signal, maxRetries: 0 },
    );
    return drainStream(stream, new AnthropicStreamReader(), attempt);
  }
}
