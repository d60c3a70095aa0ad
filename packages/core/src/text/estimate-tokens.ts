// A cheap token estimate (about four characters per token): body-size warnings and compaction
// budgets, where a real tokenizer (prompt/tokens.ts) would cost more than the precision is worth.

/** The ratio the estimate assumes. */
export const CHARACTERS_PER_TOKEN = 4;

/** Tokens in a text, estimated as characters / 4, rounded up. */
export function estimateTokens(text: string): number {
  return estimateTokensOfLength(text.length);
}

/** Tokens in a text of `characters` characters (for sums of several texts). */
export function estimateTokensOfLength(characters: number): number {
  return Math.ceil(characters / CHARACTERS_PER_TOKEN);
}
