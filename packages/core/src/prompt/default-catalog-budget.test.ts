import { describe, expect, it } from "vitest";
import { contextWindowOf } from "./context-window.js";
import { defaultCatalogBudget, resolveCatalogBudget } from "./default-catalog-budget.js";

describe("defaultCatalogBudget", () => {
  it("is 2% of the context window, and 4,000 tokens when the window is unknown", () => {
    expect(defaultCatalogBudget(200_000)).toEqual({ tokens: 4000 });
    expect(defaultCatalogBudget(128_000)).toEqual({ tokens: 2560 });
    expect(defaultCatalogBudget(1_000_000)).toEqual({ tokens: 20_000 });
    expect(defaultCatalogBudget(undefined)).toEqual({ tokens: 4000 });
    expect(defaultCatalogBudget(Number.NaN)).toEqual({ tokens: 4000 });
  });

  it("yields to an explicit budget, and none means no limit", () => {
    expect(resolveCatalogBudget({ tokens: 123 }, 200_000)).toEqual({ tokens: 123 });
    expect(resolveCatalogBudget({ characters: 900 }, undefined)).toEqual({ characters: 900 });
    expect(resolveCatalogBudget("none", 200_000)).toBeUndefined();
    expect(resolveCatalogBudget(undefined, 400_000)).toEqual({ tokens: 8000 });
  });
});

describe("contextWindowOf", () => {
  it("knows the common model families, with or without a vendor prefix, and nothing else", () => {
    expect(contextWindowOf("gpt-4o-mini")).toBe(128_000);
    expect(contextWindowOf("openai/gpt-4.1")).toBe(1_047_576);
    expect(contextWindowOf("gpt-5-mini")).toBe(400_000);
    expect(contextWindowOf("claude-sonnet-4-5")).toBe(200_000);
    expect(contextWindowOf("o3-mini")).toBe(200_000);
    expect(contextWindowOf("gpt-4")).toBe(8_192);
    expect(contextWindowOf("llama3.1:8b")).toBeUndefined();
    expect(contextWindowOf("fake-model")).toBeUndefined();
    expect(contextWindowOf(undefined)).toBeUndefined();
  });
});
