// Cheap token estimates, where a real tokenizer (prompt/tokens.ts) would cost more than the precision
// is worth or is not installed.

/** The ratio the plain estimate assumes. */
export const CHARACTERS_PER_TOKEN = 4;

/**
 * Tokens in a text, estimated as characters / 4, rounded up: body-size warnings and compaction
 * budgets, where being close on average is enough.
 */
export function estimateTokens(text: string): number {
  return estimateTokensOfLength(text.length);
}

/** Tokens in a text of `characters` characters (for sums of several texts). */
export function estimateTokensOfLength(characters: number): number {
  return Math.ceil(characters / CHARACTERS_PER_TOKEN);
}

/**
 * Tokens in a text, estimated from above for budgets that must hold without a tokenizer: 3 ASCII
 * characters a token, 1 token per 2 UTF-8 bytes of other characters (1 for Cyrillic or Greek, 1.5
 * for CJK), 3 per character outside the Basic Multilingual Plane (emoji), rounded up. Prose and code
 * average about 4 ASCII characters a token in cl100k_base and o200k_base, and CJK up to 1.3 tokens a
 * character, where characters / 4 counts low for nearly half of this repository's files; this comes
 * out 1.3 to 1.6 times the real count on English and at or above it on the other scripts.
 * Digit runs, hex strings and short lines of symbols can still count low. Never more than the
 * text's UTF-8 bytes, which bound any BPE count.
 */
export function overestimateTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) ascii++;
    else if (code < 0x800) other += 1;
    else if (code >= 0xd800 && code < 0xdc00 && isLowSurrogate(text.charCodeAt(index + 1))) {
      other += 3;
      index++;
    } else other += 1.5;
  }
  return Math.ceil(ascii / 3 + other);
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code < 0xe000;
}
