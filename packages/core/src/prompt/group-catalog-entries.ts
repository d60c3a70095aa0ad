// The areas of an over-budget Layer 1 map: the skills that get no line of their own, grouped by
// namespace (else by the first segment of their names), each summed up in a few distinctive words
// and example names so the model knows the area exists and what to search for.

import { firstNameSegment } from "../registry/index/skill-namespace.js";
import type { CatalogEntry } from "./catalog-entry.js";
import { collapseToLine } from "./escape-text.js";

/** One area of the map as a format renders it. */
export interface CatalogArea {
  /** A namespace (`azure`) or a shared name prefix (`azure-*`). */
  label: string;
  /** Skills of the area in the map (not listed one by one). */
  count: number;
  /** The area's most distinctive words, from its skills' names and descriptions. */
  words: string[];
  /** A few of its skills' names, in listing order. */
  examples: string[];
}

/** The map's last line: the areas there was no room for. */
export interface CatalogAreaRest {
  count: number;
  areas: number;
  /** Names of skills from the first of those areas. */
  examples: string[];
}

const SUMMARY_WORDS = 5;
const EXAMPLE_NAMES = 3;
// Words are drawn from this many skills of an area and this much of each description, and weighed
// against the largest areas only: enough to say what an area is about, and bounded at 10,000 skills.
const SAMPLED_MEMBERS = 12;
const SAMPLED_CHARACTERS = 240;
const COMPARED_AREAS = 32;

/** The areas of a listing's entries, by index: what the map is drawn from whichever skills it holds. */
export interface CatalogAreas {
  /** Each area's label: a namespace (`azure`) or a shared name prefix (`azure-*`). */
  readonly labels: readonly string[];
  /** Each area's entries, as indices into the entries, in their order. */
  readonly members: readonly (readonly number[])[];
  /** The area of each entry. */
  readonly areaOf: Int32Array;
}

/**
 * Groups `entries` into areas: by namespace where one is set, else by the first segment of the name
 * (`azure-*`, or `pdf` when every skill of the area is named just that). A listing rebuilt with the
 * same skills in the same order (the next turn) gets the areas it had, summaries included.
 */
export function groupCatalogEntries(entries: readonly CatalogEntry[]): CatalogAreas {
  const slot = recentAreas.findIndex((recent) => sameSkills(recent.entries, entries));
  if (slot >= 0) {
    const [recent] = recentAreas.splice(slot, 1) as [RecentAreas];
    recentAreas.unshift(recent);
    return recent.areas;
  }
  const areas = computeAreas(entries);
  recentAreas.unshift({ entries, areas });
  if (recentAreas.length > RECENT_SLOTS) recentAreas.pop();
  return areas;
}

// The last few groupings: Layer 1 is rebuilt every turn over the same skills, and more than one
// listing may be built per turn (the system prompt, the load tool's description).
const RECENT_SLOTS = 4;
interface RecentAreas {
  entries: readonly CatalogEntry[];
  areas: CatalogAreas;
}
const recentAreas: RecentAreas[] = [];

function sameSkills(left: readonly CatalogEntry[], right: readonly CatalogEntry[]): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) {
    const a = left[index] as CatalogEntry;
    const b = right[index] as CatalogEntry;
    if (a === b) continue;
    if (a.name !== b.name || a.namespace !== b.namespace || a.description !== b.description) return false;
  }
  return true;
}

function computeAreas(entries: readonly CatalogEntry[]): CatalogAreas {
  const byNamespace = new Map<string, number>();
  const byPrefix = new Map<string, number>();
  const labels: string[] = [];
  const members: number[][] = [];
  const prefixed: boolean[] = [];
  const areaOf = new Int32Array(entries.length);
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index] as CatalogEntry;
    const namespace = entry.namespace;
    const isNamespace = namespace !== undefined && namespace !== "";
    const label = isNamespace ? namespace : segmentOf(entry.name);
    const keys = isNamespace ? byNamespace : byPrefix;
    let area = keys.get(label);
    if (area === undefined) {
      area = labels.length;
      keys.set(label, area);
      labels.push(label);
      members.push([]);
      prefixed.push(false);
    }
    (members[area] as number[]).push(index);
    areaOf[index] = area;
    // A name longer than its first segment has more after it: the area is a prefix (`azure-*`).
    if (!isNamespace && entry.name.length > label.length) prefixed[area] = true;
  }
  return { labels: labels.map((label, area) => (prefixed[area] ? `${label}-*` : label)), members, areaOf };
}

// Names are the same strings turn after turn: their first segments are worth keeping.
const segments = new Map<string, string>();

function segmentOf(name: string): string {
  let segment = segments.get(name);
  if (segment === undefined) {
    segment = firstNameSegment(name);
    if (segments.size >= 100_000) segments.clear();
    segments.set(name, segment);
  }
  return segment;
}

const summarizers = new WeakMap<CatalogAreas, AreaSummarizer>();

/** The summarizer of `areas` (grouped from `entries`), kept as long as the areas are. */
export function summarizerOf(entries: readonly CatalogEntry[], areas: CatalogAreas): AreaSummarizer {
  let summarizer = summarizers.get(areas);
  if (summarizer === undefined) {
    summarizer = new AreaSummarizer(entries, areas);
    summarizers.set(areas, summarizer);
  }
  return summarizer;
}

/** An area's summary words, weighed against the largest areas so they are the ones that set it apart. */
export class AreaSummarizer {
  private readonly areaFrequency = new Map<string, number>();
  private readonly compared: number;
  private readonly common = new Map<number, Map<string, number>>();
  private readonly summaries = new Map<number, string[]>();

  constructor(
    private readonly entries: readonly CatalogEntry[],
    private readonly areas: CatalogAreas,
  ) {
    const largest = areas.members
      .map((list, area) => ({ area, size: list.length }))
      .sort((left, right) => right.size - left.size || left.area - right.area)
      .slice(0, COMPARED_AREAS);
    for (const { area } of largest) {
      for (const word of this.commonWords(area).keys()) {
        this.areaFrequency.set(word, (this.areaFrequency.get(word) ?? 0) + 1);
      }
    }
    this.compared = Math.max(1, largest.length);
  }

  /** The area's most distinctive words (at most five), from its first skills' names and descriptions. */
  words(area: number): string[] {
    let words = this.summaries.get(area);
    if (words !== undefined) return words;
    const label = this.areas.labels[area] as string;
    const labelWords = new Set(label.replace(/-\*$/u, "").split(/[-_.]+/u));
    const sampled = Math.min((this.areas.members[area] as readonly number[]).length, SAMPLED_MEMBERS);
    // A word most of the area shares and few other areas do sums the area up.
    const scored: { word: string; score: number }[] = [];
    for (const [word, count] of this.commonWords(area)) {
      if (labelWords.has(word)) continue;
      const rarity = Math.log((this.compared + 1) / ((this.areaFrequency.get(word) ?? 0) + 0.5));
      scored.push({ word, score: (count / sampled) * Math.max(rarity, 0.05) });
    }
    scored.sort(
      (left, right) =>
        right.score - left.score || (left.word < right.word ? -1 : left.word > right.word ? 1 : 0),
    );
    words = scored.slice(0, SUMMARY_WORDS).map((item) => item.word);
    this.summaries.set(area, words);
    return words;
  }

  // The words of the area's first skills, with how many of them use each (at least two of them,
  // when two or more are sampled).
  private commonWords(area: number): Map<string, number> {
    let common = this.common.get(area);
    if (common !== undefined) return common;
    const sample = (this.areas.members[area] as readonly number[]).slice(0, SAMPLED_MEMBERS);
    const frequency = new Map<string, number>();
    for (const index of sample) {
      for (const word of wordsOf(this.entries[index] as CatalogEntry)) {
        frequency.set(word, (frequency.get(word) ?? 0) + 1);
      }
    }
    const needed = Math.min(2, sample.length);
    common = new Map([...frequency].filter(([, count]) => count >= needed));
    this.common.set(area, common);
    return common;
  }
}

/**
 * The map's areas for the entries not `selected`: each area that holds any, largest first, then by
 * label, with its count, words and first names.
 */
export function listHiddenAreas(
  entries: readonly CatalogEntry[],
  areas: CatalogAreas,
  selected: Uint8Array,
): { area: number; count: number }[] {
  const counts = new Int32Array(areas.labels.length);
  for (let index = 0; index < entries.length; index++) {
    if (selected[index] !== 1) (counts[areas.areaOf[index] as number] as number)++;
  }
  const result: { area: number; count: number }[] = [];
  for (let area = 0; area < counts.length; area++) {
    const count = counts[area] as number;
    if (count > 0) result.push({ area, count });
  }
  const label = (area: number) => areas.labels[area] as string;
  return result.sort(
    (left, right) =>
      right.count - left.count ||
      (label(left.area) < label(right.area) ? -1 : label(left.area) > label(right.area) ? 1 : 0),
  );
}

/** Names of the first `limit` entries of `area` that are not `selected`. */
export function hiddenNames(
  entries: readonly CatalogEntry[],
  areas: CatalogAreas,
  area: number,
  selected: Uint8Array,
  limit = EXAMPLE_NAMES,
): string[] {
  const names: string[] = [];
  for (const index of areas.members[area] as readonly number[]) {
    if (selected[index] === 1) continue;
    names.push(collapseToLine((entries[index] as CatalogEntry).name));
    if (names.length >= limit) break;
  }
  return names;
}

// Unique words of a skill: its name's segments and the opening of its description. Kept by
// description, which stays the same string while the skill is unchanged.
const wordCache = new Map<string, readonly string[]>();

function wordsOf(entry: CatalogEntry): readonly string[] {
  const key = `${entry.name}\n${entry.description}`;
  let words = wordCache.get(key);
  if (words === undefined) {
    const text = `${entry.name} ${entry.description.slice(0, SAMPLED_CHARACTERS)}`.toLowerCase();
    const unique = new Set<string>();
    for (const word of text.split(/[^\p{L}\p{N}]+/u)) {
      if (word.length >= 3 && !STOP_WORDS.has(word) && !/^\p{N}/u.test(word)) unique.add(word);
    }
    words = [...unique];
    if (wordCache.size >= 20_000) wordCache.clear();
    wordCache.set(key, words);
  }
  return words;
}

// English function words and the words every skill description uses ("use this skill when the user
// asks"): they say nothing about an area.
const STOP_WORDS = new Set(
  (
    "the and for with that this from into when what which while where who whom whose why how are was " +
    "were been being have has had having does did doing done can could should would will shall may might " +
    "must not nor but yet also any all each every both either neither some such than then them they their " +
    "there these those its it's our ours your yours you his her hers him she one two more most other others " +
    "own same too very just only even about above after again against before below between during out off " +
    "over under further once here use used uses using user users skill skills agent agents claude assistant " +
    "ask asks asked asking help helps helping need needs needed want wants task tasks work works working " +
    "like including include includes provide provides providing support supports via etc e.g new get gets " +
    "make makes making way ways well based specific specifically handle handles handling perform performs " +
    "trigger triggers triggered invoke invoked request requests requested mention mentions mentioned related " +
    "relevant whenever without within across through upon onto per let lets"
  ).split(" "),
);
