// Text analysis for skill search: words split on punctuation, hyphens and camelCase, lowercased,
// stop words dropped, light stemming (plural s, -ing, -ed), and CJK runs cut into character bigrams.

const STOP_WORDS = new Set(
  "a an and are as at be by for from how i if in into is it its of on or that the this to use used uses using when with you your".split(
    " ",
  ),
);

const CAMEL_LOWER_UPPER = /([\p{Ll}\p{N}])(\p{Lu})/gu;
const CAMEL_ACRONYM = /(\p{Lu})(\p{Lu}\p{Ll})/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_RUNS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;

// ASCII text (the common case) takes a path without Unicode property escapes, several times faster.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range is the point.
const ASCII_ONLY = /^[\u0000-\u007f]*$/;
const ASCII_CAMEL_LOWER_UPPER = /([a-z0-9])([A-Z])/g;
const ASCII_CAMEL_ACRONYM = /([A-Z])([A-Z][a-z])/g;
const ASCII_WORD = /[A-Za-z0-9]+/g;

/** Splits text into lowercased words (camelCase and hyphens split), before stop words and stemming. */
export function splitSearchWords(text: string): string[] {
  if (ASCII_ONLY.test(text)) {
    const spaced = text.replace(ASCII_CAMEL_LOWER_UPPER, "$1 $2").replace(ASCII_CAMEL_ACRONYM, "$1 $2");
    return (spaced.match(ASCII_WORD) ?? []).map((word) => word.toLowerCase());
  }
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
 * A light English stemmer, applied the same way to documents and queries: plurals (`-ies`, `-es`
 * after s/x/z/ch/sh, `-s` but not `-ss`, `-is`, `-us` except four-letter acronyms like `apis`), `-ing` and `-ed` (undoubling `runn` -> `run`), then a final silent `e`,
 * so that configure/configured/configuring/configures share one stem. Short words are left alone.
 */
export function stemSearchWord(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  let stem = word;
  if (stem.endsWith("ies") && stem.length > 4) stem = `${stem.slice(0, -3)}y`;
  else if (/(?:ss|x|z|ch|sh)es$/.test(stem)) stem = stem.slice(0, -2);
  else if (stem.endsWith("s") && !stem.endsWith("ss") && (!/[iu]s$/.test(stem) || isAcronymPlural(stem))) {
    stem = stem.slice(0, -1);
  }
  // A suffix comes off only when a syllable is left: string and bring keep their -ing, speed its -ed.
  if (stem.endsWith("ing") && stem.length >= 6 && hasVowel(stem.slice(0, -3))) {
    stem = undouble(stem.slice(0, -3));
  } else if (
    stem.endsWith("ed") &&
    !stem.endsWith("eed") &&
    stem.length >= 5 &&
    hasVowel(stem.slice(0, -2))
  ) {
    stem = undouble(stem.slice(0, -2));
  }
  if (stem.endsWith("e") && stem.length >= 4 && !/[aeiou]e$/.test(stem)) stem = stem.slice(0, -1);
  return stem;
}

// status, analysis and focus are singular, but four-letter apis, clis, uris, gpus are plurals.
const FOUR_LETTER_SINGULARS = new Set(["axis", "plus", "thus", "this", "iris", "onus"]);

function isAcronymPlural(word: string): boolean {
  return word.length === 4 && !FOUR_LETTER_SINGULARS.has(word);
}

function hasVowel(text: string): boolean {
  return /[aeiouy]/.test(text);
}

function undouble(stem: string): string {
  // running -> runn -> run, planned -> plann -> plan; but add, install, pass keep their doubles.
  return stem.length >= 4 && /([bdgmnprt])\1$/.test(stem) ? stem.slice(0, -1) : stem;
}
