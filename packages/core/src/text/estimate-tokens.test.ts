import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";
import { estimateTokens, overestimateTokens } from "./estimate-tokens.js";

describe("estimateTokens", () => {
  it("counts four characters a token, rounded up", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("abcde")).toBe(2);
  });
});

describe("overestimateTokens", () => {
  it("counts three ASCII characters a token and more for other scripts", () => {
    expect(overestimateTokens("")).toBe(0);
    expect(overestimateTokens("abcdef")).toBe(2);
    expect(overestimateTokens("Привет")).toBe(6);
    expect(overestimateTokens("文献")).toBe(3);
    expect(overestimateTokens("🚀")).toBe(3);
  });

  it("never counts more tokens than the text has UTF-8 bytes, lone surrogates included", () => {
    for (const text of ["a", "é", "文", "🚀", "\uD800", "\uDC00x", "e\u0301 😀 文献 abc"]) {
      expect(overestimateTokens(text)).toBeLessThanOrEqual(Buffer.byteLength(text, "utf8"));
    }
  });
});
