// Token counting with a real BPE tokenizer (js-tiktoken), loaded lazily once, with counts cached by string.

import { createRequire } from "node:module";
import type { Tiktoken, TiktokenBPE } from "js-tiktoken/lite";

/** The BPE encodings the counter can use: cl100k_base loads about twice as fast as o200k_base. */
export type TokenEncodingName = "cl100k_base" | "o200k_base";

/** Counts tokens in text; repeated strings are answered from a cache. */
export interface TokenCounter {
  readonly encoding: TokenEncodingName;
  count(text: string): number;
}

/** The encoding used when none is named. */
export const DEFAULT_TOKEN_ENCODING: TokenEncodingName = "cl100k_base";

// Beyond this many cached strings the cache starts over: cheap, and bounded memory.
const CACHE_LIMIT = 200_000;

const require = createRequire(import.meta.url);
const counters = new Map<TokenEncodingName, TokenCounter>();

/** The shared counter for an encoding; the tokenizer itself loads on the first count (~0.5-1.5 s). */
export function getTokenCounter(encoding: TokenEncodingName = DEFAULT_TOKEN_ENCODING): TokenCounter {
  let counter = counters.get(encoding);
  if (counter === undefined) {
    counter = createTokenCounter(encoding);
    counters.set(encoding, counter);
  }
  return counter;
}

/** Counts the tokens of `text`; special-token strings such as `<|endoftext|>` count as plain text. */
export function countTokens(text: string, encoding: TokenEncodingName = DEFAULT_TOKEN_ENCODING): number {
  return getTokenCounter(encoding).count(text);
}

function createTokenCounter(encoding: TokenEncodingName): TokenCounter {
  let tokenizer: Tiktoken | undefined;
  const cache = new Map<string, number>();
  return {
    encoding,
    count(text) {
      if (text === "") return 0;
      const cached = cache.get(text);
      if (cached !== undefined) return cached;
      tokenizer ??= loadTokenizer(encoding);
      // Empty allowed and disallowed special sets: `<|endoftext|>` is encoded as ordinary text
      // instead of throwing (the default disallows every special token).
      const count = tokenizer.encode(text, [], []).length;
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(text, count);
      return count;
    },
  };
}

function loadTokenizer(encoding: TokenEncodingName): Tiktoken {
  // require() keeps the multi-megabyte rank tables out of module start-up until a count is needed.
  const { Tiktoken: TiktokenClass } = require("js-tiktoken/lite") as { Tiktoken: typeof Tiktoken };
  const ranks = require(`js-tiktoken/ranks/${encoding}`) as TiktokenBPE | { default: TiktokenBPE };
  return new TiktokenClass("default" in ranks ? ranks.default : ranks);
}
