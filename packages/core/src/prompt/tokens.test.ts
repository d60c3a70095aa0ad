import { describe, expect, it } from "vitest";
import { countTokens, getTokenCounter } from "./tokens.js";

describe("countTokens", () => {
  it("counts tokens with a real BPE encoding", () => {
    expect(countTokens("")).toBe(0);
    expect(countTokens("hello world")).toBe(2);
    expect(countTokens("word ".repeat(100))).toBeGreaterThanOrEqual(100);
  });

  it("treats special-token strings as plain text instead of throwing", () => {
    for (const special of ["<|endoftext|>", "<|fim_prefix|>", "<|im_start|>", "<|endofprompt|>"]) {
      expect(() => countTokens(special)).not.toThrow();
      expect(countTokens(special)).toBeGreaterThan(1);
    }
  });

  it("supports the o200k_base encoding as well", () => {
    expect(getTokenCounter("o200k_base").count("<|endoftext|> hello")).toBeGreaterThan(2);
    expect(getTokenCounter("o200k_base").encoding).toBe("o200k_base");
  });

  it("shares one counter per encoding and answers repeats from its cache", () => {
    const counter = getTokenCounter();
    expect(getTokenCounter("cl100k_base")).toBe(counter);
    const text = "A description that is counted twice. ".repeat(50);
    const first = counter.count(text);
    const started = performance.now();
    for (let index = 0; index < 1_000; index++) counter.count(text);
    expect(counter.count(text)).toBe(first);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it("counts any Unicode text without throwing", () => {
    expect(countTokens("文献综述 😀 \u0000 \uD800 e\u0301")).toBeGreaterThan(0);
  });
});
