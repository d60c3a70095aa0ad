// The factory that turns a resolved provider configuration into a ChatProvider.

import type { ChatProvider } from "@skillbox/core/agent/providers/provider";
import { SkillboxError } from "@skillbox/core/errors";
import { AnthropicMessagesProvider } from "./anthropic-messages-provider.js";
import { OpenAIChatProvider } from "./openai-chat-provider.js";
import type { ProviderConnectionOptions } from "./provider-connection-options.js";
import { PROVIDER_DEFAULTS, type ResolvedProviderConfig } from "./resolve-provider-config.js";

/** Transport settings that are not part of the configuration file: retries, timeout, fetch. */
export type CreateProviderOptions = Omit<ProviderConnectionOptions, "baseUrl" | "apiKey" | "supportsTools">;

/**
 * A ChatProvider for the configuration. Throws SkillboxError `config-error` when the official
 * OpenAI or Anthropic endpoint is used without an API key, since every call would fail with 401.
 */
export function createProvider(
  config: Pick<ResolvedProviderConfig, "provider" | "baseUrl" | "apiKey" | "supportsTools">,
  options: CreateProviderOptions = {},
): ChatProvider {
  const officialHost = new URL(PROVIDER_DEFAULTS[config.provider].baseUrl).hostname;
  if (!config.apiKey && new URL(config.baseUrl).hostname === officialHost) {
    const variable = config.provider === "anthropic" ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY";
    throw new SkillboxError(
      "config-error",
      `No API key for ${officialHost}. Set ${variable} or pass --api-key, or point --base-url at a local OpenAI-compatible server (e.g. http://localhost:11434/v1 for Ollama).`,
      { data: { provider: config.provider, baseUrl: config.baseUrl } },
    );
  }
  const connection: ProviderConnectionOptions = {
    ...options,
    baseUrl: config.baseUrl,
    supportsTools: config.supportsTools,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
  };
  return config.provider === "anthropic"
    ? new AnthropicMessagesProvider(connection)
    : new OpenAIChatProvider(connection);
}
