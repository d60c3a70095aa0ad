// Provider settings: precedence flags > config > env > defaults, model aliases, and the factory.

import { createFakeLlmServer } from "@skillbox/testing";
import { describe, expect, it } from "vitest";
import { AnthropicMessagesProvider } from "./anthropic-messages-provider.js";
import { createProvider } from "./create-provider.js";
import { OpenAIChatProvider } from "./openai-chat-provider.js";
import { resolveModelAlias, resolveProviderConfig } from "./resolve-provider-config.js";

describe("resolveProviderConfig", () => {
  it("defaults to the OpenAI API when nothing is set", () => {
    expect(resolveProviderConfig()).toEqual({
      provider: "openai",
      model: "gpt-5-mini",
      baseUrl: "https://api.openai.com/v1",
      models: {},
      supportsTools: true,
      sources: { provider: "default", model: "default", baseUrl: "default" },
    });
  });

  it("takes flags over the config file over the environment", () => {
    const env = { OPENAI_BASE_URL: "http://env:1/v1", OPENAI_API_KEY: "env-key" };
    const config = { provider: "openai", model: "config-model", baseUrl: "http://config:2/v1" };
    expect(resolveProviderConfig({ env })).toMatchObject({ baseUrl: "http://env:1/v1", apiKey: "env-key" });
    expect(resolveProviderConfig({ env, config })).toMatchObject({
      model: "config-model",
      baseUrl: "http://config:2/v1",
      sources: { model: "config", baseUrl: "config", apiKey: "env" },
    });
    const flags = { model: "flag-model", baseUrl: "http://flag:3/v1/", apiKey: "flag-key" };
    expect(resolveProviderConfig({ env, config, flags })).toMatchObject({
      model: "flag-model",
      baseUrl: "http://flag:3/v1",
      apiKey: "flag-key",
      sources: { model: "flag", baseUrl: "flag", apiKey: "flag" },
    });
  });

  it("picks Anthropic from an environment that only has Anthropic variables", () => {
    const resolved = resolveProviderConfig({
      env: { ANTHROPIC_API_KEY: "sk-ant", ANTHROPIC_BASE_URL: "http://proxy:4" },
    });
    expect(resolved).toMatchObject({
      provider: "anthropic",
      baseUrl: "http://proxy:4",
      apiKey: "sk-ant",
      model: "claude-sonnet-5-5",
      sources: { provider: "env" },
    });
    expect(resolved.models.haiku).toBe("claude-haiku-5-5");
  });

  it("ignores the config file's model and URL when a flag picks another provider", () => {
    const config = {
      provider: "openai",
      model: "llama3.2",
      baseUrl: "http://localhost:11434/v1",
      models: { haiku: "llama3.2:1b" },
    };
    const resolved = resolveProviderConfig({ flags: { provider: "anthropic" }, config });
    expect(resolved).toMatchObject({
      provider: "anthropic",
      model: "claude-sonnet-5-5",
      baseUrl: "https://api.anthropic.com",
    });
    expect(resolved.models.haiku).toBe("claude-haiku-5-5");
  });

  it("merges configured aliases over the provider's defaults and honours supportsTools", () => {
    const resolved = resolveProviderConfig({
      config: { provider: "anthropic", models: { opus: "claude-opus-4-8", haiku: "" }, supportsTools: false },
    });
    expect(resolved.models).toEqual({
      haiku: "claude-haiku-5-5",
      sonnet: "claude-sonnet-5-5",
      opus: "claude-opus-4-8",
    });
    expect(resolved.supportsTools).toBe(false);
    expect(
      resolveProviderConfig({ config: { supportsTools: false }, flags: { supportsTools: true } })
        .supportsTools,
    ).toBe(true);
  });

  it("rejects an unknown provider and a base URL that is not http(s)", () => {
    expect(() => resolveProviderConfig({ flags: { provider: "gemini" } })).toThrow(
      /Unknown provider "gemini" \(from flag\)/,
    );
    expect(() => resolveProviderConfig({ config: { baseUrl: "localhost:11434" } })).toThrow(
      /not an http\(s\) URL/,
    );
  });
});

describe("resolveModelAlias", () => {
  const config = { models: { haiku: "small-model", sonnet: "mid-model" } };

  it("maps configured aliases and keeps the current model otherwise", () => {
    expect(resolveModelAlias("haiku", config, "current")).toBe("small-model");
    expect(resolveModelAlias("sonnet", config, "current")).toBe("mid-model");
    expect(resolveModelAlias("opus", config, "current")).toBe("current");
    expect(resolveModelAlias("inherit", config, "current")).toBe("current");
    expect(resolveModelAlias(undefined, config, "current")).toBe("current");
    expect(resolveModelAlias("gpt-9000", config, "current")).toBe("current");
  });
});

describe("createProvider", () => {
  it("builds the adapter for the provider with the configured tool support", () => {
    const openai = createProvider(
      resolveProviderConfig({ flags: { baseUrl: "http://localhost:11434/v1", supportsTools: false } }),
    );
    expect(openai).toBeInstanceOf(OpenAIChatProvider);
    expect(openai.supportsTools).toBe(false);
    const anthropic = createProvider(
      resolveProviderConfig({ flags: { provider: "anthropic", apiKey: "sk-ant" } }),
    );
    expect(anthropic).toBeInstanceOf(AnthropicMessagesProvider);
  });

  it("refuses the official endpoints without an API key, saying which variable to set", () => {
    expect(() => createProvider(resolveProviderConfig())).toThrow(/Set OPENAI_API_KEY or pass --api-key/);
    expect(() => createProvider(resolveProviderConfig({ flags: { provider: "anthropic" } }))).toThrow(
      /ANTHROPIC_API_KEY/,
    );
  });

  it("produces a provider that reaches the configured server with the key from the environment", async () => {
    const server = await createFakeLlmServer({ script: [{ text: "configured" }], apiKey: "env-key" });
    try {
      const config = resolveProviderConfig({
        env: { OPENAI_BASE_URL: server.openaiBaseUrl, OPENAI_API_KEY: "env-key" },
      });
      const provider = createProvider(config, { retry: { maxRetries: 0 } });
      const response = await provider.complete({
        model: config.model,
        system: "",
        messages: [{ role: "user", content: "hi" }],
        tools: [],
      });
      expect(response.text).toBe("configured");
      expect(server.requests[0]?.body).toMatchObject({ model: "gpt-5-mini" });
      expect(server.requests[0]?.body).not.toHaveProperty("tools");
    } finally {
      await server.close();
    }
  });
});
