import { describe, expect, it } from "vitest";
import { readEmbeddingsSetting, resolveEmbeddingsApiKey } from "./embeddings-config.js";

describe("readEmbeddingsSetting", () => {
  it("reads a setting, trimming the base URL's trailing slashes, keys in a fixed order", () => {
    expect(
      readEmbeddingsSetting({
        timeoutMs: 5000,
        model: " nomic-embed-text ",
        baseUrl: "http://localhost:11434/v1/",
        apiKeyEnv: "MY_KEY",
        batchSize: 32,
      }),
    ).toEqual({
      baseUrl: "http://localhost:11434/v1",
      model: "nomic-embed-text",
      apiKeyEnv: "MY_KEY",
      batchSize: 32,
      timeoutMs: 5000,
    });
    expect(
      Object.keys(readEmbeddingsSetting({ model: "m", baseUrl: "https://api.openai.com/v1" }) as object),
    ).toEqual(["baseUrl", "model"]);
  });

  it.each([
    ["not an object", "http://x", /expected \{ "baseUrl"/],
    ["an unknown key", { baseUrl: "http://x/v1", model: "m", dims: 3 }, /unknown key "dims"/],
    ["no base URL", { model: "m" }, /baseUrl must be an http/],
    ["a base URL of another scheme", { baseUrl: "file:///v1", model: "m" }, /baseUrl must be an http/],
    ["no model", { baseUrl: "http://x/v1" }, /model must name/],
    ["an empty model", { baseUrl: "http://x/v1", model: " " }, /model must name/],
    [
      "a key variable that is no name",
      { baseUrl: "http://x/v1", model: "m", apiKeyEnv: "MY-KEY" },
      /apiKeyEnv/,
    ],
    ["a batch of 0", { baseUrl: "http://x/v1", model: "m", batchSize: 0 }, /batchSize/],
    ["a fractional timeout", { baseUrl: "http://x/v1", model: "m", timeoutMs: 1.5 }, /timeoutMs/],
  ])("names what is wrong with %s", (_case, value, problem) => {
    const read = readEmbeddingsSetting(value);
    expect(typeof read).toBe("string");
    expect(read).toMatch(problem);
  });
});

describe("resolveEmbeddingsApiKey", () => {
  const config = (baseUrl: string, apiKeyEnv?: string) => ({
    baseUrl,
    model: "m",
    ...(apiKeyEnv === undefined ? {} : { apiKeyEnv }),
  });

  it("reads the variable apiKeyEnv names, and says so when it is not set", () => {
    expect(resolveEmbeddingsApiKey(config("http://x/v1", "MINE"), { MINE: "k1" })).toEqual({
      key: "k1",
      variable: "MINE",
    });
    const missing = resolveEmbeddingsApiKey(config("http://x/v1", "MINE"), {
      SKILLBOX_EMBEDDINGS_API_KEY: "k2",
    });
    expect(missing.key).toBeUndefined();
    expect(missing.problem).toMatch(/apiKeyEnv names MINE, which is not set/);
  });

  it("reads SKILLBOX_EMBEDDINGS_API_KEY by default", () => {
    expect(resolveEmbeddingsApiKey(config("http://x/v1"), { SKILLBOX_EMBEDDINGS_API_KEY: "k2" }).key).toBe(
      "k2",
    );
  });

  it("falls back to OPENAI_API_KEY for OpenAI's own API only, never for another host", () => {
    const env = { OPENAI_API_KEY: "sk-openai" };
    expect(resolveEmbeddingsApiKey(config("https://api.openai.com/v1"), env)).toEqual({
      key: "sk-openai",
      variable: "OPENAI_API_KEY",
    });
    expect(resolveEmbeddingsApiKey(config("http://localhost:11434/v1"), env).key).toBeUndefined();
    expect(
      resolveEmbeddingsApiKey(config("https://api.openai.com.evil.example/v1"), env).key,
    ).toBeUndefined();
    expect(resolveEmbeddingsApiKey(config("http://api.openai.com/v1"), env).key).toBeUndefined();
  });
});
