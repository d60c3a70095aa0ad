import { isSkillboxError } from "@skillbox/core/errors";
import {
  type CacheStore,
  createTranslationCacheKey,
  InMemoryCacheStore,
} from "@skillbox/core/store/cache-store";
import { afterEach, describe, expect, it } from "vitest";
import { openStore, type SkillboxStore } from "./open-store.js";
import { SqliteCacheStore } from "./sqlite-cache-store.js";

const openStores: SkillboxStore[] = [];

afterEach(() => {
  for (const store of openStores.splice(0)) store.close();
});

interface Clock {
  now: number;
}

const implementations: Array<[string, (clock: Clock) => CacheStore]> = [
  ["InMemoryCacheStore", (clock) => new InMemoryCacheStore({ now: () => clock.now })],
  [
    "SqliteCacheStore",
    (clock) => {
      const store = openStore({ path: ":memory:" });
      openStores.push(store);
      return new SqliteCacheStore(store, { now: () => clock.now });
    },
  ],
];

describe.each(implementations)("%s", (_name, createCache) => {
  it("stores JSON values by namespace and key", () => {
    const cache = createCache({ now: 0 });
    cache.set("translations", "k", { text: "Bonjour" });
    cache.set("index", "k", [1, 2]);
    expect(cache.get("translations", "k")).toEqual({ text: "Bonjour" });
    expect(cache.get("index", "k")).toEqual([1, 2]);
    expect(cache.get("translations", "missing")).toBeUndefined();
  });

  it("replaces a value written twice", () => {
    const cache = createCache({ now: 0 });
    cache.set("n", "k", 1);
    cache.set("n", "k", 2);
    expect(cache.get("n", "k")).toBe(2);
  });

  it("hides entries once their TTL has passed and prunes them", () => {
    const clock = { now: 1000 };
    const cache = createCache(clock);
    cache.set("n", "short", "a", { ttlMs: 100 });
    cache.set("n", "forever", "b");
    clock.now = 1099;
    expect(cache.get("n", "short")).toBe("a");
    clock.now = 1100;
    expect(cache.get("n", "short")).toBeUndefined();
    expect(cache.prune()).toBe(1);
    expect(cache.get("n", "forever")).toBe("b");
  });

  it("deletes one entry or a whole namespace", () => {
    const cache = createCache({ now: 0 });
    cache.set("n", "a", 1);
    cache.set("n", "b", 2);
    cache.set("other", "a", 3);
    expect(cache.delete("n", "a")).toBe(true);
    expect(cache.delete("n", "a")).toBe(false);
    expect(cache.clear("n")).toBe(1);
    expect(cache.get("n", "b")).toBeUndefined();
    expect(cache.get("other", "a")).toBe(3);
  });

  it("refuses a negative TTL and values JSON cannot hold", () => {
    const cache = createCache({ now: 0 });
    expect(() => cache.set("n", "k", 1, { ttlMs: -1 })).toThrow(/TTL/);
    let caught: unknown;
    try {
      cache.set("n", "k", undefined);
    } catch (error) {
      caught = error;
    }
    expect(isSkillboxError(caught, "invalid-argument")).toBe(true);
  });
});

describe("createTranslationCacheKey", () => {
  it("keys by a SHA-256 of the text, the language and the model", () => {
    const key = createTranslationCacheKey({ text: "Hello", targetLanguage: "fr", model: "gpt-x" });
    expect(key).toBe("185f8db32271fe25f561a6fc938b2e264306ec304eda518007d1764826381969:fr:gpt-x");
    expect(createTranslationCacheKey({ text: "Hello", targetLanguage: "de", model: "gpt-x" })).not.toBe(key);
  });
});
