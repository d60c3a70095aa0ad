// The part of a skill's body that search indexes: the terms of its headings and of its opening
// (first ~2 KB, Markdown stripped), taken once when the file is scanned and kept in the saved
// index, so that searching never reads a body again.

import { analyzeSearchText } from "./analyze-search-text.js";

/** How much of the body's start is indexed (characters). */
export const BODY_SEARCH_CHARACTERS = 2048;
/** At most this many distinct body terms per skill (first seen first): bounded memory at 10,000 skills. */
export const MAX_BODY_TERMS = 96;
const MAX_HEADING_TERMS = 48;
/** Separates headings in `headings`, so that words of two headings never count as a phrase. */
export const HEADING_SEPARATOR = "|";

/** Analysed terms of a body's opening, as space-separated strings (compact to keep and to save). */
export interface BodyTerms {
  /** Heading terms in order, headings separated by `HEADING_SEPARATOR`. */
  headings: string;
  /** Distinct terms of the rest of the opening, in order of first appearance. */
  body: string;
}

const FENCE = /^\s{0,3}(```|~~~)/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const IMAGE = /!\[[^\]]*\]\([^)]*\)/g;
const LINK = /\[([^\]]*)\]\([^)]*\)/g;
const URL = /\b(?:https?|ftp|file):\/\/\S+/g;
const HTML_TAG = /<\/?[A-Za-z][^>]*>/g;

/**
 * The terms of `body`'s first BODY_SEARCH_CHARACTERS characters: headings apart, fenced code, images,
 * link targets, URLs and HTML tags left out (they are rarely words a request uses).
 */
export function extractBodyTerms(body: string): BodyTerms {
  const opening = body.length > BODY_SEARCH_CHARACTERS ? body.slice(0, BODY_SEARCH_CHARACTERS) : body;
  const headings: string[] = [];
  let headingCount = 0;
  const seen = new Set<string>();
  const terms: string[] = [];
  let inFence = false;
  for (const line of opening.split("\n")) {
    if (FENCE.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const heading = HEADING.exec(line);
    if (heading !== null) {
      if (headingCount >= MAX_HEADING_TERMS) continue;
      const words = analyzeSearchText(stripMarkdown(heading[1] ?? "")).filter(isUsefulTerm);
      if (words.length === 0) continue;
      const room = words.slice(0, MAX_HEADING_TERMS - headingCount);
      headingCount += room.length;
      headings.push(room.join(" "));
      continue;
    }
    if (terms.length >= MAX_BODY_TERMS) continue;
    for (const term of analyzeSearchText(stripMarkdown(line))) {
      if (!isUsefulTerm(term) || seen.has(term)) continue;
      seen.add(term);
      terms.push(term);
      if (terms.length >= MAX_BODY_TERMS) break;
    }
  }
  return { headings: headings.join(` ${HEADING_SEPARATOR} `), body: terms.join(" ") };
}

function stripMarkdown(line: string): string {
  if (line.indexOf("](") !== -1) line = line.replace(IMAGE, " ").replace(LINK, "$1");
  if (line.indexOf("://") !== -1) line = line.replace(URL, " ");
  if (line.indexOf("<") !== -1) line = line.replace(HTML_TAG, " ");
  return line;
}

// Lone digits and letters, and long runs (hashes, base64), only add noise to the vocabulary.
function isUsefulTerm(term: string): boolean {
  return term.length >= 2 && term.length <= 30 && !/^\d+$/.test(term);
}
