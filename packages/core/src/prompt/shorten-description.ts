// Shortening one Layer 1 description to a cap: whole sentences first, a cut mid-sentence only when
// even the first sentence is longer than the cap.

import { truncateText } from "./escape-text.js";

// A sentence ends at . ! ? (or their CJK forms) followed by a space and something that can start a
// sentence; "e.g. foo" and "v1.2" are not ends.
const SENTENCE_END = /[.!?](?=\s+["'([\p{Lu}\p{N}])|[。！？]/gu;

/**
 * `description` (one collapsed line) within `maxCharacters`: unchanged when it fits; else its
 * leading whole sentences that fit; else its first sentence (or the whole) cut at a word with "…".
 */
export function shortenDescription(description: string, maxCharacters: number): string {
  if (description.length <= maxCharacters) return description;
  let fitting = 0;
  for (const match of description.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    if (end > maxCharacters) break;
    fitting = end;
  }
  if (fitting > 0) return description.slice(0, fitting);
  return truncateText(description, maxCharacters);
}

/** Where the sentences of `description` end (the length of each whole-sentence prefix), in order. */
export function findSentenceEnds(description: string): number[] {
  return [...description.matchAll(SENTENCE_END)].map((match) => match.index + match[0].length);
}
