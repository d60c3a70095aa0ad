// Ranked skill search (BM25F over name, description, when_to_use and tags), for catalogs larger
// than the Layer 1 budget; kept current incrementally with add/remove/update.

import { analyzeSearchText, isStopWord, splitSearchWords, stemSearchWord } from "./analyze-search-text.js";

/** The fields of a skill that search looks at. */
export interface SearchableSkill {
  name: string;
  description: string;
  whenToUse?: string;
  tags: string[];
}

/** One search result: the skill's name and its relevance (higher is better). */
export interface SearchHit {
  name: string;
  score: number;
}

/** A ranked index over skills, updated in place as the registry changes. */
export interface SearchIndex {
  /** The best `limit` matches for `query`, best first (ties by name); empty for an empty query. */
  search(query: string, limit?: number): SearchHit[];
  /** Adds a skill, replacing any skill with the same name. */
  add(skill: SearchableSkill): void;
  /** Removes a skill by name; false when it was not indexed. */
  remove(name: string): boolean;
  /** Re-indexes a skill (same as add). */
  update(skill: SearchableSkill): void;
  has(name: string): boolean;
  readonly size: number;
}

// Field order: name, description, when_to_use, tags. Names and tags are short and deliberate,
// so a hit there says more; their lengths matter less (low b).
const FIELD_WEIGHTS = [3, 1, 0.8, 2] as const;
const FIELD_LENGTH_NORMALISATION = [0.3, 0.75, 0.75, 0.3] as const;
const FIELD_COUNT = 4;
const K1 = 1.2;
const PREFIX_WEIGHT = 0.5;
const MAX_PREFIX_EXPANSIONS = 40;
const MIN_PREFIX_LENGTH = 2;
// Per-field term frequencies are packed 8 bits each into one number.
const MAX_FIELD_FREQUENCY = 255;
const FIELD_UNITS = [1, 256, 65_536, 16_777_216] as const;

/** The skills containing one term, with their per-field frequencies packed 8 bits per field. */
interface Posting {
  ids: number[];
  frequencies: number[];
}

/** Builds a search index over `skills` (names are unique keys; a later duplicate replaces an earlier one). */
export function createSearchIndex(skills: Iterable<SearchableSkill> = []): SearchIndex {
  const postings = new Map<string, Posting>();
  const idsByName = new Map<string, number>();
  const idsByNormalisedName = new Map<string, Set<number>>();
  const names: (string | undefined)[] = [];
  const termsById: (string[] | undefined)[] = [];
  const lengths: number[] = [];
  const freeIds: number[] = [];
  const totalLengths = [0, 0, 0, 0];
  let sortedTerms: string[] | undefined;
  let scores = new Float64Array(0);

  function add(skill: SearchableSkill): void {
    remove(skill.name);
    const id = freeIds.pop() ?? names.length;
    const fields = [skill.name, skill.description, skill.whenToUse ?? "", skill.tags.join(" ")];
    const packed = new Map<string, number>();
    for (let field = 0; field < FIELD_COUNT; field++) {
      const terms = analyzeSearchText(fields[field] as string);
      lengths[id * FIELD_COUNT + field] = terms.length;
      totalLengths[field] = (totalLengths[field] ?? 0) + terms.length;
      const unit = FIELD_UNITS[field] as number;
      for (const term of terms) {
        const current = packed.get(term) ?? 0;
        if (Math.floor(current / unit) % 256 < MAX_FIELD_FREQUENCY) packed.set(term, current + unit);
      }
    }
    for (const [term, frequencies] of packed) {
      let posting = postings.get(term);
      if (posting === undefined) {
        posting = { ids: [], frequencies: [] };
        postings.set(term, posting);
        sortedTerms = undefined;
      }
      posting.ids.push(id);
      posting.frequencies.push(frequencies);
    }
    names[id] = skill.name;
    termsById[id] = [...packed.keys()];
    idsByName.set(skill.name, id);
    const normalised = normaliseName(skill.name);
    let sameName = idsByNormalisedName.get(normalised);
    if (sameName === undefined) {
      sameName = new Set();
      idsByNormalisedName.set(normalised, sameName);
    }
    sameName.add(id);
  }

  function remove(name: string): boolean {
    const id = idsByName.get(name);
    if (id === undefined) return false;
    for (const term of termsById[id] ?? []) {
      const posting = postings.get(term);
      if (posting === undefined) continue;
      // Order within a posting does not matter: swap the last one into the hole.
      const position = posting.ids.indexOf(id);
      const lastId = posting.ids.pop() as number;
      const lastFrequencies = posting.frequencies.pop() as number;
      if (position >= 0 && position < posting.ids.length) {
        posting.ids[position] = lastId;
        posting.frequencies[position] = lastFrequencies;
      }
      if (posting.ids.length === 0) {
        postings.delete(term);
        sortedTerms = undefined;
      }
    }
    for (let field = 0; field < FIELD_COUNT; field++) {
      totalLengths[field] = (totalLengths[field] ?? 0) - (lengths[id * FIELD_COUNT + field] ?? 0);
    }
    idsByNormalisedName.get(normaliseName(name))?.delete(id);
    idsByName.delete(name);
    names[id] = undefined;
    termsById[id] = undefined;
    freeIds.push(id);
    return true;
  }

  function search(query: string, limit = 5): SearchHit[] {
    const count = idsByName.size;
    if (count === 0 || limit <= 0) return [];
    const weighted = queryTerms(query);
    if (weighted.size === 0 && !idsByNormalisedName.has(normaliseName(query))) return [];
    if (scores.length < names.length) scores = new Float64Array(Math.max(names.length, scores.length * 2));
    const averages = totalLengths.map((total) => Math.max(total / count, 1));
    const touched: number[] = [];
    let idfTotal = 0;
    for (const [term, weight] of weighted) {
      const posting = postings.get(term);
      if (posting === undefined) continue;
      const documentFrequency = posting.ids.length;
      const idf = Math.log(1 + (count - documentFrequency + 0.5) / (documentFrequency + 0.5));
      idfTotal += idf * weight;
      for (let index = 0; index < documentFrequency; index++) {
        const id = posting.ids[index] as number;
        const frequencies = posting.frequencies[index] as number;
        let frequency = 0;
        for (let field = 0; field < FIELD_COUNT; field++) {
          const fieldFrequency = (frequencies >>> (field * 8)) & 0xff;
          if (fieldFrequency === 0) continue;
          const b = FIELD_LENGTH_NORMALISATION[field] as number;
          const relative = (lengths[id * FIELD_COUNT + field] ?? 0) / (averages[field] as number);
          frequency += ((FIELD_WEIGHTS[field] as number) * fieldFrequency) / (1 - b + b * relative);
        }
        if (scores[id] === 0) touched.push(id);
        scores[id] = (scores[id] ?? 0) + (weight * idf * frequency * (K1 + 1)) / (frequency + K1);
      }
    }
    // The exact name (hyphens, case and spacing aside) outranks every partial match.
    for (const id of idsByNormalisedName.get(normaliseName(query)) ?? []) {
      if (scores[id] === 0) touched.push(id);
      scores[id] = (scores[id] ?? 0) + 2 * idfTotal + 10;
    }
    const hits = selectTop(touched, limit);
    for (const id of touched) scores[id] = 0;
    return hits;
  }

  function selectTop(ids: number[], limit: number): SearchHit[] {
    const top: SearchHit[] = [];
    for (const id of ids) {
      const hit = { name: names[id] as string, score: scores[id] as number };
      if (top.length === limit && !ranksBefore(hit, top[top.length - 1] as SearchHit)) continue;
      let position = top.length;
      while (position > 0 && ranksBefore(hit, top[position - 1] as SearchHit)) position--;
      top.splice(position, 0, hit);
      if (top.length > limit) top.pop();
    }
    return top;
  }

  function queryTerms(query: string): Map<string, number> {
    const weighted = new Map<string, number>();
    const words = splitSearchWords(query).filter((word) => !isStopWord(word));
    for (const word of words) weighted.set(resolveTerm(word), 1);
    // The last word may be half typed (no trailing space): also match terms it starts.
    const last = words[words.length - 1];
    if (last !== undefined && last.length >= MIN_PREFIX_LENGTH && !/[\s\p{P}]$/u.test(query)) {
      for (const term of expandPrefix(last)) if (!weighted.has(term)) weighted.set(term, PREFIX_WEIGHT);
    }
    // A term in most skills barely changes the ranking but costs a pass over most postings:
    // skip it when the query has rarer terms to rank by.
    const common = [...weighted.keys()].filter(
      (term) => (postings.get(term)?.ids.length ?? 0) > idsByName.size / 2,
    );
    if (common.length < weighted.size) for (const term of common) weighted.delete(term);
    return weighted;
  }

  /** The stem of a query word, or a variant the index knows when the stem itself is unknown (apis -> api). */
  function resolveTerm(word: string): string {
    const stem = stemSearchWord(word);
    if (postings.has(stem) || !word.endsWith("s")) return stem;
    for (const variant of [word.slice(0, -1), word.slice(0, -2)]) {
      const alternative = stemSearchWord(variant);
      if (variant.length >= 2 && postings.has(alternative)) return alternative;
    }
    return stem;
  }

  function expandPrefix(prefix: string): string[] {
    sortedTerms ??= [...postings.keys()].sort();
    let low = 0;
    let high = sortedTerms.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((sortedTerms[middle] as string) < prefix) low = middle + 1;
      else high = middle;
    }
    const matches: string[] = [];
    for (let index = low; index < sortedTerms.length; index++) {
      const term = sortedTerms[index] as string;
      if (!term.startsWith(prefix)) break;
      if (term !== prefix) matches.push(term);
    }
    if (matches.length <= MAX_PREFIX_EXPANSIONS) return matches;
    // Too many completions: keep the most common ones, the likeliest intended words.
    return matches
      .sort((left, right) => (postings.get(right)?.ids.length ?? 0) - (postings.get(left)?.ids.length ?? 0))
      .slice(0, MAX_PREFIX_EXPANSIONS);
  }

  for (const skill of skills) add(skill);
  return {
    search,
    add,
    remove,
    update: add,
    has: (name) => idsByName.has(name),
    get size() {
      return idsByName.size;
    },
  };
}

function ranksBefore(left: SearchHit, right: SearchHit): boolean {
  return left.score > right.score || (left.score === right.score && left.name < right.name);
}

function normaliseName(text: string): string {
  return splitSearchWords(text).join("-");
}
