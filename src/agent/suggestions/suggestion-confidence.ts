// How sure a search hit is, in [0, 1], meaning the same over 30 skills as over 10,000: the hit's
// score divided by the score of a document holding every query term in its name. Raw BM25 scores
// grow with the library (idf is log N / df), so a threshold on them would fire more as it grows.
// The search index is to report this itself (`confidence` on its hits); until it does, this file
// keeps its own document frequencies over the same fields, and a hit that brings a confidence wins.

import {
  analyzeSearchText,
  isStopWord,
  splitSearchWords,
  stemSearchWord,
} from "../../registry/search/analyze-search-text.js";
import type { SkillRegistry } from "../../registry/skill-registry-types.js";

/** A search hit as the registry gives it; `confidence` once the index reports one. */
export interface ScoredHit {
  score: number;
  confidence?: number;
}

/** The registry calls the confidence scale reads. */
export type ConfidenceRegistry = Pick<SkillRegistry, "list" | "on">;

/** Turns hits of one query into confidences. */
export interface ConfidenceScale {
  /** A function from a hit of `query` to its confidence in [0, 1]. */
  forQuery(query: string): (hit: ScoredHit) => number;
  /** Stops following the registry's changes. */
  close(): void;
}

// The index's BM25 constants (search-index.ts): k1, and the name field's weight. A term in a short
// name scores idf × w(k1 + 1) / (w + k1); the ideal document has that for every query term.
const K1 = 1.2;
const NAME_WEIGHT = 3;
const IDEAL_TERM_FACTOR = (NAME_WEIGHT * (K1 + 1)) / (NAME_WEIGHT + K1);
// One word is thin evidence ("thanks!" matching a description somewhere in 10,000 skills): a query
// counts as at least this many terms, the missing ones as rare as a term can be.
const MIN_QUERY_TERMS = 2;

/** A scale over the registry's winners, rebuilt after the registry reports a change. */
export function createConfidenceScale(registry: ConfidenceRegistry): ConfidenceScale {
  let frequencies: Map<string, number> | undefined;
  let documents = 0;
  const stale = () => {
    frequencies = undefined;
  };
  const unsubscribe = [
    registry.on("skill-added", stale),
    registry.on("skill-changed", stale),
    registry.on("skill-removed", stale),
  ];

  const build = (): Map<string, number> => {
    const records = registry.list({ includeShadowed: false });
    const counts = new Map<string, number>();
    for (const record of records) {
      const { metadata } = record;
      const text = [record.name, metadata.description, metadata.whenToUse ?? "", metadata.tags.join(" ")];
      for (const term of new Set(analyzeSearchText(text.join("\n")))) {
        counts.set(term, (counts.get(term) ?? 0) + 1);
      }
    }
    documents = records.length;
    return counts;
  };

  return {
    forQuery(query) {
      let ideal: number | undefined;
      const idealScore = (): number => {
        // Listing the records may load the registry and emit its first events: build after that.
        const table = frequencies ?? build();
        frequencies = table;
        const count = Math.max(documents, 1);
        const idf = (frequency: number) => Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5));
        const terms = queryTerms(query, table);
        // The index skips terms most skills contain when the query has rarer ones: so does the ideal.
        const rare = terms.filter((term) => (table.get(term) ?? 0) <= count / 2);
        const counted = rare.length > 0 ? rare : terms;
        let mass = 0;
        for (const term of counted) mass += idf(table.get(term) ?? 0);
        mass += Math.max(0, MIN_QUERY_TERMS - counted.length) * idf(0);
        return IDEAL_TERM_FACTOR * mass;
      };
      return (hit) => {
        if (hit.confidence !== undefined) return clamp(hit.confidence);
        ideal ??= idealScore();
        return ideal > 0 ? clamp(hit.score / ideal) : 0;
      };
    },
    close() {
      for (const stop of unsubscribe) stop();
    },
  };
}

/** The query's distinct terms as the index resolves them (stop words out, stemmed, plural variants). */
function queryTerms(query: string, frequencies: ReadonlyMap<string, number>): string[] {
  const terms = new Set<string>();
  for (const word of splitSearchWords(query)) {
    if (isStopWord(word)) continue;
    let term = stemSearchWord(word);
    if (!frequencies.has(term) && word.endsWith("s")) {
      for (const variant of [word.slice(0, -1), word.slice(0, -2)]) {
        const alternative = stemSearchWord(variant);
        if (variant.length >= 2 && frequencies.has(alternative)) {
          term = alternative;
          break;
        }
      }
    }
    terms.add(term);
  }
  return [...terms];
}

function clamp(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}
