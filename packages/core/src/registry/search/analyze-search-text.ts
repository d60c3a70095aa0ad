// Text analysis for skill search: words split on punctuation, hyphens and camelCase, lowercased,
// stop words dropped, English words stemmed with Porter2 (the Snowball English stemmer, from the
// maintained wink-porter2-stemmer package), and CJK runs cut into character bigrams.

import porter2 from "wink-porter2-stemmer";

// English function words (articles, pronouns, auxiliaries, prepositions, conjunctions, question
// words): what a request is phrased with, never what it is about. A closed grammatical list, not a
// list of product words or synonyms; request words such as "help" or "want" are left to IDF.
const STOP_WORDS = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below " +
    "between both but by can could did do does doing down during each else few for from further had has " +
    "have having he her here hers herself him himself his how i if in into is it its itself just me might " +
    "more most must my myself no nor not now of off on once only or other our ours ourselves out over own " +
    "same shall she should so some such than that the their theirs them themselves then there these they " +
    "this those through to too under until up upon very was we were what whatever when where whether which " +
    "while who whom whose why will with would yet you your yours yourself yourselves use used uses using " +
    "please let lets also etc via"
  ).split(" "),
);

const CAMEL_LOWER_UPPER = /([\p{Ll}\p{N}])(\p{Lu})/gu;
const CAMEL_ACRONYM = /(\p{Lu})(\p{Lu}\p{Ll})/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_RUNS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;

// ASCII text (the common case) takes a character scanner instead of Unicode regular expressions,
// several times faster: bodies are analysed in bulk when a library is first searched.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range is the point.
const ASCII_ONLY = /^[\u0000-\u007f]*$/;
const NON_ASCII_RUN = /[\u0080-\uffff]+/g;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Splits text into lowercased words (camelCase and hyphens split), before stop words and stemming. */
export function splitSearchWords(text: string): string[] {
  if (ASCII_ONLY.test(text)) return splitAsciiWords(text);
  // Dashes, arrows, quotes and emoji are not words: text whose only non-ASCII characters are such
  // symbols takes the fast path too.
  text = text.replace(NON_ASCII_RUN, (run) => (LETTER_OR_DIGIT.test(run) ? run : " "));
  if (ASCII_ONLY.test(text)) return splitAsciiWords(text);
  const spaced = text.replace(CAMEL_LOWER_UPPER, "$1 $2").replace(CAMEL_ACRONYM, "$1 $2");
  const words: string[] = [];
  for (const match of spaced.matchAll(WORD)) {
    const word = match[0].toLowerCase();
    if (!CJK.test(word)) {
      words.push(word);
      continue;
    }
    // CJK has no spaces between words: index overlapping character bigrams (one char alone stays).
    for (const run of word.match(CJK_RUNS) ?? []) {
      if (!CJK.test(run)) {
        words.push(run);
        continue;
      }
      const characters = Array.from(run);
      if (characters.length === 1) words.push(run);
      for (let index = 0; index + 1 < characters.length; index++) {
        words.push(`${characters[index]}${characters[index + 1]}`);
      }
    }
  }
  return words;
}

/**
 * The ASCII words of `text`: runs of letters and digits, split where a lower-case letter or digit
 * meets an upper-case one (parseYaml) and before the last capital of an acronym (HTTPServer).
 */
function splitAsciiWords(text: string): string[] {
  const words: string[] = [];
  let start = -1;
  for (let index = 0; index <= text.length; index++) {
    const code = index < text.length ? text.charCodeAt(index) : 32;
    const upper = code >= 65 && code <= 90;
    const lower = code >= 97 && code <= 122;
    if (!upper && !lower && !(code >= 48 && code <= 57)) {
      if (start !== -1) words.push(text.slice(start, index).toLowerCase());
      start = -1;
      continue;
    }
    if (start === -1) {
      start = index;
      continue;
    }
    const previous = text.charCodeAt(index - 1);
    const previousUpper = previous >= 65 && previous <= 90;
    if (upper && !previousUpper) {
      words.push(text.slice(start, index).toLowerCase());
      start = index;
    } else if (lower && previousUpper && index - 1 > start) {
      const before = text.charCodeAt(index - 2);
      if (before >= 65 && before <= 90) {
        words.push(text.slice(start, index - 1).toLowerCase());
        start = index - 1;
      }
    }
  }
  return words;
}

// Vocabularies repeat: remembering stems makes indexing several times faster. Bounded by clearing.
const STEM_CACHE_LIMIT = 100_000;
const stems = new Map<string, string>();

/** The indexed terms of a text: its words, minus stop words, stemmed. */
export function analyzeSearchText(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitSearchWords(text)) {
    if (STOP_WORDS.has(word)) continue;
    let stem = stems.get(word);
    if (stem === undefined) {
      stem = stemSearchWord(word);
      if (stems.size >= STEM_CACHE_LIMIT) stems.clear();
      stems.set(word, stem);
    }
    terms.push(stem);
  }
  return terms;
}

/** True for words the analyser drops. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/**
 * The stem of one lowercased word, the same for documents and queries: Porter2 for plain English
 * words (deploy, deploys, deployed, deploying and deployment share one stem); short words, digits
 * and words with other letters are left alone.
 */
export function stemSearchWord(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  return porter2(word);
}
