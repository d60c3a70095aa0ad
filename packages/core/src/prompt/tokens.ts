// Token counting with a real BPE tokenizer (js-tiktoken), loaded lazily once, with counts cached by
// string. js-tiktoken is an optional peer dependency: without it counts are an estimate from above
// (text/estimate-tokens.ts), so budgets still hold, and nothing is printed (this floor never prints;
// docs/routing.md and the package README say so).

import type { Tiktoken, TiktokenBPE } from "js-tiktoken/lite";
import { overestimateTokens } from "../text/estimate-tokens.js";
import { createTokenCountMemo, type TokenCountMemo } from "./token-count-memo.js";

/** The BPE encodings the counter can use: cl100k_base loads about twice as fast as o200k_base. */
export type TokenEncodingName = "cl100k_base" | "o200k_base";

/**
 * Counts tokens in text; repeated strings are answered from a cache. Exact with js-tiktoken
 * installed; without it, an estimate that errs high (see overestimateTokens).
 */
export interface TokenCounter {
  readonly encoding: TokenEncodingName;
  count(text: string): number;
}

/** The encoding used when none is named. */
export const DEFAULT_TOKEN_ENCODING: TokenEncodingName = "cl100k_base";

// Beyond this many cached strings the cache starts over: cheap, and bounded memory.
const CACHE_LIMIT = 200_000;

/** Where an encoding's counts are kept between processes (a file in the workspace's cache folder). */
export interface TokenCountStorage {
  /** The saved bytes, or undefined when there are none. */
  read(): Uint8Array | undefined;
  write(bytes: Uint8Array): void;
}

const counters = new Map<TokenEncodingName, TokenCounter>();
const storages = new Map<TokenEncodingName, TokenCountStorage>();
const memos = new Map<TokenEncodingName, TokenCountMemo>();

/**
 * Keeps `encoding`'s counts in `storage` (undefined: in memory only): counts are read from it at the
 * first count that misses the in-process cache, and written back by saveTokenCounts. One storage per
 * encoding per process; the last call wins (the counts are the same whichever file holds them).
 */
export function keepTokenCountsIn(
  storage: TokenCountStorage | undefined,
  encoding: TokenEncodingName = DEFAULT_TOKEN_ENCODING,
): void {
  if (storage === undefined) storages.delete(encoding);
  else storages.set(encoding, storage);
  memos.delete(encoding);
}

/** Writes the counts this process added to their storage. Never throws: the counts are only a cache. */
export function saveTokenCounts(): void {
  for (const [encoding, memo] of memos) {
    if (!memo.changed) continue;
    try {
      storages.get(encoding)?.write(memo.encode());
      // A second save writes only if counts were added since.
      memo.markSaved();
    } catch {
      // A read-only or full disk costs the next process a tokenizer load, nothing more.
    }
  }
}

function memoFor(encoding: TokenEncodingName): TokenCountMemo | undefined {
  const storage = storages.get(encoding);
  if (storage === undefined) return undefined;
  let memo = memos.get(encoding);
  if (memo === undefined) {
    let bytes: Uint8Array | undefined;
    try {
      bytes = storage.read();
    } catch {
      bytes = undefined;
    }
    memo = createTokenCountMemo(bytes);
    memos.set(encoding, memo);
  }
  return memo;
}

/** The shared counter for an encoding; the tokenizer itself loads on the first count (~0.5-1.5 s). */
export function getTokenCounter(encoding: TokenEncodingName = DEFAULT_TOKEN_ENCODING): TokenCounter {
  let counter = counters.get(encoding);
  if (counter === undefined) {
    counter = createTokenCounter(encoding);
    counters.set(encoding, counter);
  }
  return counter;
}

/**
 * Counts the tokens of `text`; special-token strings such as `<|endoftext|>` count as plain text.
 * Without js-tiktoken installed, the count is overestimateTokens' (at or above the real one).
 */
export function countTokens(text: string, encoding: TokenEncodingName = DEFAULT_TOKEN_ENCODING): number {
  return getTokenCounter(encoding).count(text);
}

function createTokenCounter(encoding: TokenEncodingName): TokenCounter {
  // null: js-tiktoken is not installed, and every count is the estimate.
  let tokenizer: Tiktoken | null | undefined;
  const cache = new Map<string, number>();
  return {
    encoding,
    count(text) {
      if (text === "") return 0;
      const cached = cache.get(text);
      if (cached !== undefined) return cached;
      // Estimates are cheap and never saved, so a later install's exact counts are not mixed with them.
      if (tokenizer === null) return overestimateTokens(text);
      const memo = memoFor(encoding);
      let count = memo?.get(text);
      if (count === undefined) {
        tokenizer ??= loadTokenizer(encoding);
        if (tokenizer === null) return overestimateTokens(text);
        // Empty allowed and disallowed special sets: `<|endoftext|>` is encoded as ordinary text
        // instead of throwing (the default disallows every special token).
        count = tokenizer.encode(text, [], []).length;
        memo?.set(text, count);
      }
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(text, count);
      return count;
    },
  };
}

/** The tokenizer, or null when js-tiktoken is not installed. */
function loadTokenizer(encoding: TokenEncodingName): Tiktoken | null {
  // require() keeps the multi-megabyte rank tables out of module start-up until a count is needed.
  let lite: { Tiktoken: typeof Tiktoken };
  let ranks: TiktokenBPE | { default: TiktokenBPE };
  // createRequire, not a plain require(): js-tiktoken is an optional peer a bundler must not demand.
  // A CommonJS bundle of core has no import.meta.url: no tokenizer, so counts are the estimate.
  if (typeof import.meta.url !== "string") return null;
  const require = process.getBuiltinModule("node:module").createRequire(import.meta.url);
  try {
    lite = require("js-tiktoken/lite") as typeof lite;
    ranks = require(`js-tiktoken/ranks/${encoding}`) as typeof ranks;
  } catch (error) {
    // Only a missing package falls back; a broken one is a real failure and says so.
    if ((error as { code?: unknown }).code === "MODULE_NOT_FOUND") return null;
    throw error;
  }
  return new lite.Tiktoken("default" in ranks ? ranks.default : ranks);
}
