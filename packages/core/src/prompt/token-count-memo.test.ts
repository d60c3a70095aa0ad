import { describe, expect, it } from "vitest";
import { createTokenCountMemo, hashTokenText } from "./token-count-memo.js";
import { countTokens, getTokenCounter, keepTokenCountsIn, saveTokenCounts } from "./tokens.js";

describe("createTokenCountMemo", () => {
  it("gives back after encoding and decoding every count it was given", () => {
    const memo = createTokenCountMemo();
    const texts = Array.from(
      { length: 500 },
      (_, index) => `<skill>skill-${index} does ${"x".repeat(index % 40)}</skill>`,
    );
    texts.forEach((text, index) => {
      memo.set(text, index * 3);
    });
    expect(memo.changed).toBe(true);
    const decoded = createTokenCountMemo(memo.encode());
    expect(decoded.changed).toBe(false);
    expect(decoded.size).toBe(500);
    for (const [index, text] of texts.entries()) expect(decoded.get(text)).toBe(index * 3);
    expect(decoded.get("a text never counted")).toBeUndefined();
  });

  it("reads a damaged or foreign file as an empty memo instead of throwing", () => {
    const good = (() => {
      const memo = createTokenCountMemo();
      memo.set("hello", 1);
      return memo.encode();
    })();
    for (const bytes of [
      new Uint8Array(0),
      new Uint8Array(7),
      good.slice(0, good.length - 3),
      new TextEncoder().encode('{"json": true}'),
    ]) {
      const memo = createTokenCountMemo(bytes);
      expect(memo.size).toBe(0);
      expect(memo.get("hello")).toBeUndefined();
    }
    // A buffer that does not start at offset 0 of its ArrayBuffer (as readFileSync's may not) still decodes.
    const shifted = new Uint8Array(good.length + 5);
    shifted.set(good, 5);
    expect(createTokenCountMemo(shifted.subarray(5)).get("hello")).toBe(1);
  });

  it("keeps the counts this process used when it trims to its limit", () => {
    const old = createTokenCountMemo();
    for (let index = 0; index < 50; index++) old.set(`old ${index}`, index);
    const memo = createTokenCountMemo(old.encode());
    expect(memo.get("old 42")).toBe(42);
    memo.set("new one", 7);
    const trimmed = createTokenCountMemo(memo.encode(2));
    expect(trimmed.size).toBe(2);
    expect(trimmed.get("old 42")).toBe(42);
    expect(trimmed.get("new one")).toBe(7);
  });

  it("hashes distinct texts apart, including ones that differ in one character or only in length", () => {
    const hashes = new Set<number>();
    for (let index = 0; index < 50_000; index++)
      hashes.add(hashTokenText(`skill-${index}: ${index % 7 === 0 ? "é" : "e"}`));
    hashes.add(hashTokenText(""));
    hashes.add(hashTokenText("\u0000"));
    expect(hashes.size).toBe(50_002);
    for (const hash of hashes) expect(Number.isSafeInteger(hash)).toBe(true);
  });
});

describe("keepTokenCountsIn", () => {
  it("answers from saved counts without the tokenizer, and saves the counts it had to make", () => {
    let saved: Uint8Array | undefined;
    const seeded = createTokenCountMemo();
    // A count no tokenizer would give proves the answer came from the saved memo.
    seeded.set("a text whose count was saved by an earlier process", 999);
    keepTokenCountsIn({ read: () => seeded.encode(), write: (bytes) => (saved = bytes) });
    try {
      expect(countTokens("a text whose count was saved by an earlier process")).toBe(999);
      const fresh = "a text first counted in this process, by the tokenizer";
      const counted = getTokenCounter().count(fresh);
      expect(counted).toBeGreaterThan(5);
      expect(counted).toBeLessThan(30);
      saveTokenCounts();
      const reread = createTokenCountMemo(saved);
      expect(reread.get(fresh)).toBe(counted);
      expect(reread.get("a text whose count was saved by an earlier process")).toBe(999);
      // Nothing new since: a second save writes nothing.
      saved = undefined;
      saveTokenCounts();
      expect(saved).toBeUndefined();
    } finally {
      keepTokenCountsIn(undefined);
    }
  });

  it("counts with the tokenizer when the storage cannot be read or written", () => {
    keepTokenCountsIn({
      read: () => {
        throw new Error("EACCES");
      },
      write: () => {
        throw new Error("ENOSPC");
      },
    });
    try {
      expect(countTokens("hello there, unreadable memo")).toBeGreaterThan(3);
      expect(() => saveTokenCounts()).not.toThrow();
    } finally {
      keepTokenCountsIn(undefined);
    }
  });
});
