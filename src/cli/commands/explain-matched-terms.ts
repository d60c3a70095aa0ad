// Which words of a request matched which fields of a skill, for `skillbox explain`. The search
// index scores without keeping this, so it is worked out again here with the index's own analysis
// (the same splitting, stop words and stems) over the same fields the index holds.

import { relative } from "node:path";
import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";
import {
  analyzeSearchText,
  isStopWord,
  splitSearchWords,
  stemSearchWord,
} from "@skillbox/core/registry/search/analyze-search-text";
import { extractBodyTerms, HEADING_SEPARATOR } from "@skillbox/core/registry/search/extract-body-terms";
import { namespaceWords } from "@skillbox/core/registry/search/namespace-words";

/** The fields search indexes, in the order of their weight. */
export type SearchField = "name" | "namespace" | "tags" | "description" | "when_to_use" | "headings" | "body";

const FIELDS: readonly SearchField[] = [
  "name",
  "namespace",
  "tags",
  "description",
  "when_to_use",
  "headings",
  "body",
];

/** A word of the request as search reads it: the word written, and its stem. */
export interface QueryWord {
  word: string;
  stem: string;
}

/** The request's words that count for search: stop words dropped, one per stem, in order. */
export function readQueryWords(prompt: string): QueryWord[] {
  const seen = new Set<string>();
  const words: QueryWord[] = [];
  for (const word of splitSearchWords(prompt)) {
    if (isStopWord(word)) continue;
    const stem = stemSearchWord(word);
    if (seen.has(stem)) continue;
    seen.add(stem);
    words.push({ word, stem });
  }
  return words;
}

/** The request's words a skill matched, overall and by field (fields with none are left out). */
export interface MatchedTerms {
  words: string[];
  fields: Partial<Record<SearchField, string[]>>;
}

/** Matches the request's words against a skill's indexed fields; `body` is its SKILL.md body, when read. */
export function matchTerms(words: readonly QueryWord[], record: SkillRecord, body?: string): MatchedTerms {
  const terms = fieldTerms(record, body);
  const fields: Partial<Record<SearchField, string[]>> = {};
  const matched = new Set<string>();
  for (const field of FIELDS) {
    const present = terms[field];
    const hits = words.filter((item) => matchesField(item, present)).map((item) => item.word);
    if (hits.length === 0) continue;
    fields[field] = hits;
    for (const hit of hits) matched.add(hit);
  }
  return { words: words.map((item) => item.word).filter((word) => matched.has(word)), fields };
}

/** True when the field holds the word's stem, or (as the index resolves plurals) a singular's. */
function matchesField(item: QueryWord, present: ReadonlySet<string>): boolean {
  if (present.has(item.stem)) return true;
  if (!item.word.endsWith("s")) return false;
  return [item.word.slice(0, -1), item.word.slice(0, -2)].some(
    (variant) => variant.length >= 2 && present.has(stemSearchWord(variant)),
  );
}

function fieldTerms(record: SkillRecord, body: string | undefined): Record<SearchField, Set<string>> {
  const { metadata } = record;
  const bodyTerms = body === undefined ? { headings: "", body: "" } : extractBodyTerms(body);
  return {
    name: new Set(splitSearchWords(record.name).map(stemSearchWord)),
    namespace: new Set(
      analyzeSearchText(namespaceWords(record.name, relative(record.root.path, record.directory))),
    ),
    tags: new Set(analyzeSearchText(labelsOf(record).join(" "))),
    description: new Set(analyzeSearchText(metadata.description)),
    when_to_use: new Set(analyzeSearchText(metadata.whenToUse ?? "")),
    headings: new Set(
      bodyTerms.headings.split(" ").filter((term) => term !== "" && term !== HEADING_SEPARATOR),
    ),
    body: new Set(bodyTerms.body.split(" ").filter((term) => term !== "")),
  };
}

/** Tags, `keywords:` and `metadata:` tags, keywords and category: the labels search indexes. */
function labelsOf(record: SkillRecord): string[] {
  const { metadata } = record;
  const labels = [...metadata.tags];
  const take = (value: unknown) => {
    if (typeof value === "string") labels.push(value);
    else if (Array.isArray(value)) for (const item of value) if (typeof item === "string") labels.push(item);
  };
  take(metadata.extra.keywords);
  for (const key of ["tags", "keywords", "category"]) take(metadata.metadata?.[key]);
  return labels;
}
