// Ranked skill search for catalogs larger than the Layer 1 budget: BM25F over seven weighted fields
// (name parts, namespace, tags, description, when_to_use, body headings, body opening), long
// natural-language requests stripped of the words many skills share, a bonus for query phrases
// found as phrases or near each other, a coordination factor in large libraries, and a normalised
// confidence beside the raw score. Kept current incrementally with add/remove/update.
//
// Confidence (SearchHit.confidence, in [0, 1]): the share of the query's IDF mass that a skill
// matches. Each query term t can add at most w_t * idf_t * (k1 + 1) to a BM25 score (the
// saturation limit); confidence is the skill's BM25 score divided by the sum of those limits over
// every query term, the terms no skill contains included (at the highest IDF the library allows).
// A request of one term counts as two (the second unmatched), since one word is thin evidence.
// It does not grow with the library (IDF does, but numerator and denominator together), so a
// threshold on it means about the same over 30 skills and over 10,000: a skill that matches the
// rarest half of a request's words scores about the same share in both. An exact name match is 1.

import { analyzeSearchText, isStopWord, splitSearchWords, stemSearchWord } from "./analyze-search-text.js";
import { HEADING_SEPARATOR } from "./extract-body-terms.js";

/** The fields of a skill that search looks at. */
export interface SearchableSkill {
  name: string;
  description: string;
  whenToUse?: string;
  tags: string[];
  /**
   * The document's unique key (default: `name`). Several documents may share a name (copies of
   * one skill in several folders): search then returns the name once, scored by its best copy.
   */
  key?: string;
  /** Words for where the skill lives: its plugin or folder path under the root, its source, a name prefix. */
  namespace?: string;
  /** The body's heading terms, already analysed (see extractBodyTerms). */
  headingTerms?: string;
  /** The body opening's distinct terms, already analysed (see extractBodyTerms). */
  bodyTerms?: string;
}

/** One search result. */
export interface SearchHit {
  name: string;
  /** Relevance, higher is better; comparable only within one query. */
  score: number;
  /**
   * The share of the query's IDF mass this skill matches, in [0, 1] (see the top of this file):
   * comparable across queries and library sizes, for thresholds.
   */
  confidence: number;
  /**
   * How many distinct words of the query this skill holds, in any field (body opening included);
   * one-letter words and bare numbers do not count. Whether a skill shares several of a request's
   * words says more than one rare word does, at any library size.
   */
  matchedTerms: number;
}

/** A ranked index over skills, updated in place as the registry changes. */
export interface SearchIndex {
  /** The best `limit` matches for `query`, best first (ties by usage, then name); empty for an empty query. */
  search(query: string, limit?: number): SearchHit[];
  /** Adds a skill, replacing any skill with the same key. */
  add(skill: SearchableSkill): void;
  /** Removes a skill by key (its name unless it was given one); false when it was not indexed. */
  remove(key: string): boolean;
  /** Re-indexes a skill (same as add). */
  update(skill: SearchableSkill): void;
  /** True when a document has this key. */
  has(key: string): boolean;
  /** The number of documents. */
  readonly size: number;
}

/** How an index ranks. */
export interface SearchIndexOptions {
  /** A skill's usage score, to order skills of equal relevance (higher first); default none. */
  usageOf?: (name: string) => number;
  /** Pseudo-relevance feedback: expand the query with the strongest terms of the first pass's top skills. */
  feedback?: SearchFeedback;
  /** Ranking constants, for benchmarks that tune them (the defaults are the tuned ones). */
  ranking?: Partial<SearchRanking>;
}

/** The constants of the ranking (see the defaults below for what each does). */
export interface SearchRanking {
  /** Per field (name, namespace, tags, description, when_to_use, headings, body): how much a hit counts. */
  fieldWeights: readonly number[];
  /** Per field: BM25's length normalisation b. */
  fieldLengthNormalisation: readonly number[];
  /** BM25's saturation k1. */
  k1: number;
  /** A request with this many distinct terms or more is handled as a sentence. */
  longQueryTerms: number;
  /** In a sentence, terms in more than this share of skills are dropped. */
  longQueryCommonFraction: number;
  /** In a sentence, each term weighs (idf / highest idf) to this power. */
  longQueryIdfPower: number;
  /** Adjacent request terms found adjacent in a short field add this share of the pair's IDF. */
  phraseBonus: number;
  /**
   * Coordination: a score is multiplied by the share of the request's IDF mass the skill matches,
   * to this power (in a library of 1,000 skills or more; less below, none under 100).
   */
  coordinationPower: number;
  /** Two request terms near each other in the description or body opening add this share of the pair's IDF. */
  proximityBonus: number;
  /** How near (in terms; in the body opening, in distinct terms by first appearance). */
  proximityWindow: number;
}

/** Pseudo-relevance feedback settings (0 documents or terms turns it off). */
export interface SearchFeedback {
  /** Top skills of the first pass to take terms from. */
  documents: number;
  /** Terms added to the query. */
  terms: number;
  /** The strongest added term's weight, relative to a query word's. */
  weight: number;
}

// Fields, in packing order. Names and namespaces are short and deliberate, so a hit there says the
// most; body words the least (the opening of a body mentions much besides what the skill is for).
const NAME = 0;
const NAMESPACE = 1;
const TAGS = 2;
const DESCRIPTION = 3;
const WHEN_TO_USE = 4;
const HEADINGS = 5;
const BODY = 6;
const FIELD_COUNT = 7;
const FIELD_WEIGHTS = [3, 1.5, 1.5, 1, 1, 0.6, 0.3];
// Length normalisation per field (BM25's b): low for short deliberate fields.
const FIELD_LENGTH_NORMALISATION = [0.3, 0.3, 0.3, 0.5, 0.5, 0.5, 0.5];
// Term frequencies are packed 4 bits per field into one small integer (more saturates anyway).
const FIELD_BITS = 4;
const MAX_FIELD_FREQUENCY = 15;
// A word said more than three times in one field is said for emphasis or for ranking: the rest do
// not count (a name match then stays above a description that repeats the word).
const COUNTED_FIELD_FREQUENCY = 3;
const FREQUENCY_SPAN = 2 ** (FIELD_BITS * FIELD_COUNT);
const K1 = 0.8;
const PREFIX_WEIGHT = 0.5;
const MAX_PREFIX_EXPANSIONS = 40;
const MIN_PREFIX_LENGTH = 2;
// A request of this many distinct terms or more is a sentence, not keywords: drop the terms that
// many skills contain (a third, against half for short queries). Weighting the rest by IDF a
// second time (power > 0) and a k1 of 1.2 both measured worse on the routing bench's tune set
// (top-1 at 1,000 distractors 53% and 55%, against 59% with these values).
const LONG_QUERY_TERMS = 5;
const MIN_COMMON_SKILLS = 3;
const LONG_QUERY_COMMON_FRACTION = 0.3;
const LONG_QUERY_IDF_POWER = 0;
// Adjacent query terms found adjacent in a short field: a bonus, as a share of the pair's IDF.
const PHRASE_BONUS = 0.5;
const PHRASE_CANDIDATES = 30;
// Coordination: in a large library a skill that holds one rare word of a request outranks one that
// holds most of its words (BM25 adds terms up; a rare word's IDF alone outweighs three common ones).
// Scores are multiplied by the matched share of the request's IDF mass to this power. It only pays
// where rare words are rare: the power grows from 0 at 100 skills to its full value at 1,000.
// Tune set, top-5 at 10,000 distractors: 61.8% -> 64.7% (power 0.5: 63.0%, 1: 64.3% but -0.9 at
// 1,000); at 83 skills alone it would cost 2 points, hence the ramp.
const COORDINATION_POWER = 0.75;
const COORDINATION_FROM_SKILLS = 100;
const COORDINATION_FULL_AT_SKILLS = 1000;
// Proximity: two request terms within 8 terms of each other in the description or the body opening
// (where authors say what the skill is for) add 0.35 of the pair's lower IDF, on the 30 best
// candidates. Tune set at 10,000 distractors, top-1 / top-5 40.3% / 64.7% -> 43.7% / 66.0%, at 1,000
// 59.2% / 82.4% -> 60.5% / 83.6% (neighbouring settings: the same top-1 gain, top-5 within a prompt or two).
const PROXIMITY_BONUS = 0.35;
const PROXIMITY_WINDOW = 8;
const DEFAULT_FEEDBACK: SearchFeedback = { documents: 0, terms: 0, weight: 0 };
const DEFAULT_RANKING: SearchRanking = {
  fieldWeights: FIELD_WEIGHTS,
  fieldLengthNormalisation: FIELD_LENGTH_NORMALISATION,
  k1: K1,
  longQueryTerms: LONG_QUERY_TERMS,
  longQueryCommonFraction: LONG_QUERY_COMMON_FRACTION,
  longQueryIdfPower: LONG_QUERY_IDF_POWER,
  phraseBonus: PHRASE_BONUS,
  coordinationPower: COORDINATION_POWER,
  proximityBonus: PROXIMITY_BONUS,
  proximityWindow: PROXIMITY_WINDOW,
};
// Feedback terms in more than this share of skills are too common to steer.
const FEEDBACK_MAX_FRACTION = 0.05;
const MIN_CONFIDENCE_TERMS = 2;
// Scores this close are equal (floating-point sums in another order differ in the last bits).
const TIE_EPSILON = 1e-9;

/** Builds a search index over `skills` (a later document with the same key replaces an earlier one). */
export function createSearchIndex(
  skills: Iterable<SearchableSkill> = [],
  options: SearchIndexOptions = {},
): SearchIndex {
  // Per term: one number per skill holding it, id * FREQUENCY_SPAN + its packed field frequencies
  // (one unboxed double each: half the memory of separate ids and frequencies).
  const postings = new Map<string, number[]>();
  const idsByKey = new Map<string, number>();
  const idsByNormalisedName = new Map<string, Set<number>>();
  // Copies of one skill share a name: each name has a small integer slot, so picking each name's
  // best copy among thousands of scored documents needs no string-keyed map per search.
  const slotsByName = new Map<string, number>();
  const slotOf: number[] = [];
  const slotUsers: number[] = [];
  const freeSlots: number[] = [];
  // Per slot, the best-scored document of the current search (-1: none yet); reset after each.
  let bestOfSlot = new Int32Array(0);
  const documents: (SearchableSkill | undefined)[] = [];
  const lengths: number[] = [];
  const freeIds: number[] = [];
  const totalLengths = new Array<number>(FIELD_COUNT).fill(0);
  let sortedTerms: string[] | undefined;
  let scores = new Float64Array(0);
  // Per document, a bit for each of the query's first 31 terms it contains (for the phrase check).
  let matched = new Int32Array(0);
  // Per document, the IDF mass of the query terms it holds (weight * idf summed), for coordination.
  let matchedMass = new Float64Array(0);
  // Per document, its confidence (taken before feedback, coordination and bonuses change scores).
  let confidences = new Float64Array(0);
  const feedback = options.feedback ?? DEFAULT_FEEDBACK;
  const ranking: SearchRanking = { ...DEFAULT_RANKING, ...options.ranking };
  const fieldWeights = ranking.fieldWeights;
  const fieldNormalisation = ranking.fieldLengthNormalisation;
  const k1 = ranking.k1;

  function add(skill: SearchableSkill): void {
    const key = skill.key ?? skill.name;
    remove(key);
    const id = freeIds.pop() ?? documents.length;
    const packed = new Map<string, number>();
    const fields = analyzeFields(skill);
    for (let field = 0; field < FIELD_COUNT; field++) {
      const terms = fields[field] as string[];
      lengths[id * FIELD_COUNT + field] = terms.length;
      totalLengths[field] = (totalLengths[field] ?? 0) + terms.length;
      const shift = field * FIELD_BITS;
      for (const term of terms) {
        const current = packed.get(term) ?? 0;
        if (((current >>> shift) & MAX_FIELD_FREQUENCY) < COUNTED_FIELD_FREQUENCY)
          packed.set(term, current + (1 << shift));
      }
    }
    for (const [term, frequencies] of packed) {
      const posting = postings.get(term);
      if (posting === undefined) {
        postings.set(term, [id * FREQUENCY_SPAN + frequencies]);
        sortedTerms = undefined;
      } else posting.push(id * FREQUENCY_SPAN + frequencies);
    }
    documents[id] = skill;
    idsByKey.set(key, id);
    const normalised = normaliseName(skill.name);
    let sameName = idsByNormalisedName.get(normalised);
    if (sameName === undefined) {
      sameName = new Set();
      idsByNormalisedName.set(normalised, sameName);
    }
    sameName.add(id);
    let slot = slotsByName.get(skill.name);
    if (slot === undefined) {
      slot = freeSlots.pop() ?? slotUsers.length;
      slotsByName.set(skill.name, slot);
      slotUsers[slot] = 0;
    }
    slotUsers[slot] = (slotUsers[slot] ?? 0) + 1;
    slotOf[id] = slot;
  }

  function remove(key: string): boolean {
    const id = idsByKey.get(key);
    if (id === undefined) return false;
    const skill = documents[id] as SearchableSkill;
    // The terms are analysed again rather than kept per document: memory over a rare cost.
    const fields = analyzeFields(skill);
    const terms = new Set<string>();
    for (const field of fields) for (const term of field) terms.add(term);
    for (const term of terms) {
      const posting = postings.get(term);
      if (posting === undefined) continue;
      // Order within a posting does not matter: move the last one into the hole.
      let at = -1;
      for (let index = 0; index < posting.length; index++) {
        if (Math.floor((posting[index] as number) / FREQUENCY_SPAN) === id) {
          at = index;
          break;
        }
      }
      if (at === -1) continue;
      const last = posting.pop() as number;
      if (at < posting.length) posting[at] = last;
      if (posting.length === 0) {
        postings.delete(term);
        sortedTerms = undefined;
      }
    }
    for (let field = 0; field < FIELD_COUNT; field++) {
      totalLengths[field] = (totalLengths[field] ?? 0) - (lengths[id * FIELD_COUNT + field] ?? 0);
    }
    idsByNormalisedName.get(normaliseName(skill.name))?.delete(id);
    const slot = slotOf[id] as number;
    slotUsers[slot] = (slotUsers[slot] ?? 1) - 1;
    if (slotUsers[slot] === 0) {
      slotsByName.delete(skill.name);
      freeSlots.push(slot);
    }
    idsByKey.delete(key);
    documents[id] = undefined;
    freeIds.push(id);
    return true;
  }

  function search(query: string, limit = 5): SearchHit[] {
    const count = idsByKey.size;
    if (count === 0 || limit <= 0) return [];
    const exactIds = idsByNormalisedName.get(normaliseName(query));
    const parsed = parseQuery(query);
    if (parsed.weights.size === 0 && exactIds === undefined) return [];
    if (scores.length < documents.length) {
      scores = new Float64Array(Math.max(documents.length, scores.length * 2));
      matched = new Int32Array(scores.length);
      confidences = new Float64Array(scores.length);
      matchedMass = new Float64Array(scores.length);
    }
    if (bestOfSlot.length < slotUsers.length) bestOfSlot = new Int32Array(scores.length).fill(-1);
    const averages = totalLengths.map((total) => Math.max(total / count, 1));
    const touched: number[] = [];
    let bit = 0;
    for (const [term, weight] of parsed.weights) {
      const mask = bit < 31 ? 1 << bit : 0;
      parsed.bits.set(term, mask);
      bit++;
      accumulate(term, weight, mask, averages, touched);
    }
    const maximum = parsed.mass * (k1 + 1);
    for (const id of touched) confidences[id] = maximum > 0 ? Math.min(1, (scores[id] ?? 0) / maximum) : 0;
    if (feedback.documents > 0 && feedback.terms > 0 && touched.length > 0) {
      for (const [term, weight] of feedbackTerms(parsed, touched))
        accumulate(term, weight, 0, averages, touched);
    }
    applyCoordination(parsed, touched);
    // Both bonuses look at the same few best candidates, chosen once (before either adds).
    const candidates = bestCandidates(touched);
    // Both look at the candidates' analysed descriptions: each is analysed once.
    const descriptions = new Map<number, string[]>();
    const descriptionTerms = (id: number) => {
      let terms = descriptions.get(id);
      if (terms === undefined) {
        terms = analyzeSearchText((documents[id] as SearchableSkill).description);
        descriptions.set(id, terms);
      }
      return terms;
    };
    addPhraseBonus(parsed, candidates, descriptionTerms);
    addProximityBonus(parsed, candidates, descriptionTerms);
    // The exact name (hyphens, case and spacing aside) outranks every partial match.
    for (const id of exactIds ?? []) {
      if (scores[id] === 0) touched.push(id);
      scores[id] = (scores[id] ?? 0) + 2 * maximum + 10;
      confidences[id] = 1;
    }
    const hits = selectTop(touched, limit, parsed);
    for (const id of touched) {
      scores[id] = 0;
      matched[id] = 0;
      matchedMass[id] = 0;
      confidences[id] = 0;
    }
    return hits;
  }

  /** Adds one query term's BM25F share to every skill that holds it. */
  function accumulate(
    term: string,
    weight: number,
    mask: number,
    averages: number[],
    touched: number[],
  ): void {
    const posting = postings.get(term);
    if (posting === undefined) return;
    const idf = inverseDocumentFrequency(posting.length, idsByKey.size);
    for (let index = 0; index < posting.length; index++) {
      const value = posting[index] as number;
      const id = Math.floor(value / FREQUENCY_SPAN);
      const frequency = weightedFrequency(value - id * FREQUENCY_SPAN, id, averages);
      if (scores[id] === 0) touched.push(id);
      scores[id] = (scores[id] ?? 0) + (weight * idf * frequency * (k1 + 1)) / (frequency + k1);
      matched[id] = (matched[id] ?? 0) | mask;
      matchedMass[id] = (matchedMass[id] ?? 0) + weight * idf;
    }
  }

  /**
   * Multiplies each score by the share of the request's IDF mass the skill matches (to a power that
   * grows with the library): a skill holding more of the request's words beats one holding a single
   * rare word. After confidence is taken, which keeps its meaning.
   */
  function applyCoordination(parsed: ParsedQuery, touched: number[]): void {
    const ramp =
      Math.log(idsByKey.size / COORDINATION_FROM_SKILLS) /
      Math.log(COORDINATION_FULL_AT_SKILLS / COORDINATION_FROM_SKILLS);
    const power = ranking.coordinationPower * Math.min(1, Math.max(0, ramp));
    if (power <= 0 || parsed.mass <= 0) return;
    for (const id of touched) {
      const share = Math.min(1, (matchedMass[id] ?? 0) / parsed.mass);
      scores[id] = (scores[id] ?? 0) * share ** power;
    }
  }

  /**
   * Pseudo-relevance feedback (RM3-like): the terms that best characterise the first pass's top
   * skills, weighted by those skills' scores and the terms' IDF, added to the query with a low
   * weight. Requests and descriptions often share no word, while the skills a request does reach
   * share words with the ones it should.
   */
  function feedbackTerms(parsed: ParsedQuery, touched: number[]): Map<string, number> {
    const count = idsByKey.size;
    const top = [...touched]
      .sort((left, right) => (scores[right] ?? 0) - (scores[left] ?? 0))
      .slice(0, feedback.documents);
    const best = scores[top[0] as number] ?? 0;
    const weights = new Map<string, number>();
    if (best <= 0) return weights;
    for (const id of top) {
      const share = (scores[id] ?? 0) / best;
      const fields = analyzeFields(documents[id] as SearchableSkill);
      const seen = new Set<string>();
      for (let field = 0; field < FIELD_COUNT; field++) {
        for (const term of fields[field] as string[]) {
          if (seen.has(term) || parsed.weights.has(term)) continue;
          seen.add(term);
          const frequency = postings.get(term)?.length ?? 0;
          // Terms of one skill alone say nothing about the others; common ones say nothing at all.
          if (frequency < 2 || frequency > count * FEEDBACK_MAX_FRACTION) continue;
          const value = share * (fieldWeights[field] ?? 0) * inverseDocumentFrequency(frequency, count);
          weights.set(term, (weights.get(term) ?? 0) + value);
        }
      }
    }
    const chosen = [...weights].sort((left, right) => right[1] - left[1]).slice(0, feedback.terms);
    const strongest = chosen[0]?.[1] ?? 0;
    return new Map(chosen.map(([term, value]) => [term, (feedback.weight * value) / strongest]));
  }

  function weightedFrequency(packed: number, id: number, averages: number[]): number {
    let frequency = 0;
    for (let field = 0; field < FIELD_COUNT; field++) {
      const fieldFrequency = (packed >>> (field * FIELD_BITS)) & MAX_FIELD_FREQUENCY;
      if (fieldFrequency === 0) continue;
      const b = fieldNormalisation[field] ?? 0;
      const relative = (lengths[id * FIELD_COUNT + field] ?? 0) / (averages[field] as number);
      frequency += ((fieldWeights[field] ?? 0) * fieldFrequency) / (1 - b + b * relative);
    }
    return frequency;
  }

  /** The PHRASE_CANDIDATES best-scored skills (kept by insertion: cheaper than sorting thousands). */
  function bestCandidates(touched: readonly number[]): number[] {
    if (touched.length <= PHRASE_CANDIDATES) return [...touched];
    const best: number[] = [];
    for (const id of touched) {
      const score = scores[id] ?? 0;
      if (best.length === PHRASE_CANDIDATES && score <= (scores[best[best.length - 1] as number] ?? 0))
        continue;
      let position = best.length;
      while (position > 0 && score > (scores[best[position - 1] as number] ?? 0)) position--;
      best.splice(position, 0, id);
      if (best.length > PHRASE_CANDIDATES) best.pop();
    }
    return best;
  }

  /**
   * Adds a bonus to the best candidates for each pair of adjacent query terms that also stand
   * side by side in their name, description, when_to_use, tags or a heading ("pull request",
   * "code review"): word order carries meaning that a bag of words loses.
   */
  function addPhraseBonus(
    parsed: ParsedQuery,
    candidates: readonly number[],
    descriptionTerms: (id: number) => string[],
  ): void {
    if (parsed.pairs.length === 0 || candidates.length === 0) return;
    const count = idsByKey.size;
    const pairValues = parsed.pairs.map(([left, right]) => {
      const leftFrequency = postings.get(left)?.length ?? 0;
      const rightFrequency = postings.get(right)?.length ?? 0;
      return Math.min(
        inverseDocumentFrequency(leftFrequency, count),
        inverseDocumentFrequency(rightFrequency, count),
      );
    });
    const pairMasks = parsed.pairs.map(
      ([left, right]) => (parsed.bits.get(left) ?? 0) | (parsed.bits.get(right) ?? 0),
    );
    for (const id of candidates) {
      // Only a skill holding both words of a pair can hold the phrase: most candidates need no look.
      const has = matched[id] ?? 0;
      if (!pairMasks.some((mask) => mask !== 0 && (has & mask) === mask)) continue;
      const adjacent = adjacentPairs(documents[id] as SearchableSkill, descriptionTerms(id));
      let bonus = 0;
      parsed.pairs.forEach(([left, right], index) => {
        const mask = pairMasks[index] as number;
        if ((has & mask) === mask && adjacent.has(`${left} ${right}`))
          bonus += ranking.phraseBonus * (pairValues[index] as number);
      });
      scores[id] = (scores[id] ?? 0) + bonus;
    }
  }

  /**
   * Adds a bonus to the best candidates for each pair of request terms found near each other in
   * their description or body opening: words of one request that a skill uses together, in the
   * sentences that say what it does, are likelier its purpose than the same words far apart.
   */
  function addProximityBonus(
    parsed: ParsedQuery,
    candidates: readonly number[],
    descriptionTerms: (id: number) => string[],
  ): void {
    if (ranking.proximityBonus <= 0 || candidates.length === 0) return;
    const terms = [...parsed.weights.keys()].filter((term) => (parsed.bits.get(term) ?? 0) !== 0);
    if (terms.length < 2) return;
    const count = idsByKey.size;
    const idfs = new Map(
      terms.map((term) => [term, inverseDocumentFrequency(postings.get(term)?.length ?? 0, count)]),
    );
    const window = ranking.proximityWindow;
    for (const id of candidates) {
      const has = matched[id] ?? 0;
      const wanted = new Set(terms.filter((term) => (has & (parsed.bits.get(term) ?? 0)) !== 0));
      if (wanted.size < 2) continue;
      const skill = documents[id] as SearchableSkill;
      const near = new Set<string>();
      for (const sequence of [descriptionTerms(id), splitTerms(skill.bodyTerms)]) {
        const positions: number[] = [];
        sequence.forEach((term, position) => {
          if (wanted.has(term)) positions.push(position);
        });
        for (let first = 0; first < positions.length; first++) {
          const at = positions[first] as number;
          for (let second = first + 1; second < positions.length; second++) {
            const other = positions[second] as number;
            if (other - at > window) break;
            const left = sequence[at] as string;
            const right = sequence[other] as string;
            if (left !== right) near.add(left < right ? `${left} ${right}` : `${right} ${left}`);
          }
        }
      }
      let bonus = 0;
      for (const pair of near) {
        const [left = "", right = ""] = pair.split(" ");
        bonus += ranking.proximityBonus * Math.min(idfs.get(left) ?? 0, idfs.get(right) ?? 0);
      }
      scores[id] = (scores[id] ?? 0) + bonus;
    }
  }

  function selectTop(ids: number[], limit: number, parsed: ParsedQuery): SearchHit[] {
    // Copies of one skill share a name: the best copy stands for it (the first of equal copies), and
    // names come in the order their first copy was scored.
    const order: number[] = [];
    for (const id of ids) {
      const slot = slotOf[id] as number;
      const previous = bestOfSlot[slot] as number;
      if (previous === -1) {
        bestOfSlot[slot] = id;
        order.push(slot);
      } else if ((scores[id] ?? 0) > (scores[previous] ?? 0)) bestOfSlot[slot] = id;
    }
    const usage = new Map<string, number>();
    const usageOf = (name: string) => {
      let value = usage.get(name);
      if (value === undefined) {
        value = options.usageOf?.(name) ?? 0;
        usage.set(name, value);
      }
      return value;
    };
    const ranksBefore = (score: number, name: string, right: SearchHit) => {
      const gap = score - right.score;
      if (Math.abs(gap) > TIE_EPSILON * Math.max(1, Math.abs(score))) return gap > 0;
      const usageGap = usageOf(name) - usageOf(right.name);
      if (usageGap !== 0) return usageGap > 0;
      return name < right.name;
    };
    const top: SearchHit[] = [];
    for (const slot of order) {
      const id = bestOfSlot[slot] as number;
      bestOfSlot[slot] = -1;
      const name = (documents[id] as SearchableSkill).name;
      const score = scores[id] as number;
      // Most names rank below the last kept hit: they are dropped before any object is made.
      if (top.length === limit && !ranksBefore(score, name, top[top.length - 1] as SearchHit)) continue;
      let position = top.length;
      while (position > 0 && ranksBefore(score, name, top[position - 1] as SearchHit)) position--;
      top.splice(position, 0, matchedHit(name, score, confidences[id] ?? 0, parsed, id));
      if (top.length > limit) top.pop();
    }
    return top;
  }

  /**
   * A hit whose matchedTerms is counted when first read: callers that filter hits read it for the
   * few they keep, and counting may analyse the skill's fields. What it needs is taken now (the
   * per-search bits are cleared when the search returns).
   */
  function matchedHit(
    name: string,
    score: number,
    confidence: number,
    parsed: ParsedQuery,
    id: number,
  ): SearchHit {
    const has = matched[id] ?? 0;
    const skill = documents[id] as SearchableSkill;
    let count: number | undefined;
    return {
      name,
      score,
      confidence,
      get matchedTerms() {
        count ??= countMatchedTerms(parsed, has, skill);
        return count;
      },
    };
  }

  /**
   * The query's distinct words this skill holds. Scoring already set a bit per weighted term; words
   * without one (common words a sentence dropped, terms past the 31st) are looked up in the skill's
   * own fields, for the few hits returned only.
   */
  function countMatchedTerms(parsed: ParsedQuery, has: number, skill: SearchableSkill): number {
    let count = 0;
    let fields: Set<string> | undefined;
    for (const term of parsed.words) {
      const mask = parsed.bits.get(term) ?? 0;
      if (mask !== 0) {
        if ((has & mask) !== 0) count++;
        continue;
      }
      fields ??= new Set(analyzeFields(skill).flat());
      if (fields.has(term)) count++;
    }
    return count;
  }

  function parseQuery(query: string): ParsedQuery {
    const count = idsByKey.size;
    const words = splitSearchWords(query).filter((word) => !isStopWord(word));
    const sequence = words.map(resolveTerm);
    const distinct = [...new Set(sequence)];
    const documentFrequency = (term: string) => postings.get(term)?.length ?? 0;
    const long = distinct.length >= ranking.longQueryTerms;
    // A term in most skills barely changes the ranking but costs a pass over most postings; in a
    // sentence, words that many skills share ("create", "file", "help") drown the few that matter.
    // In a small library a word in one skill of three is not "common": a few skills never count as many.
    const commonLimit = Math.max(
      long ? count * ranking.longQueryCommonFraction : count / 2,
      MIN_COMMON_SKILLS,
    );
    const kept = distinct.filter((term) => documentFrequency(term) <= commonLimit);
    // Words no skill has cannot rank anything: when only they survive, keep the common ones instead.
    const terms = kept.some((term) => documentFrequency(term) > 0) ? kept : distinct;
    const idfs = terms.map((term) => inverseDocumentFrequency(documentFrequency(term), count));
    const highest = Math.max(...idfs, 0);
    const weights = new Map<string, number>();
    let mass = 0;
    terms.forEach((term, index) => {
      const idf = idfs[index] as number;
      const weight = long && highest > 0 ? (idf / highest) ** ranking.longQueryIdfPower : 1;
      if (weight <= 0) return;
      weights.set(term, weight);
      mass += weight * idf;
    });
    // One word is thin evidence ("thanks!" matching some description among 10,000): for confidence
    // a request counts as at least two terms, the missing one as rare as a term can be.
    if (terms.length < MIN_CONFIDENCE_TERMS)
      mass += (MIN_CONFIDENCE_TERMS - terms.length) * inverseDocumentFrequency(0, count);
    // The last word may be half typed (no trailing space): also match terms it starts, unless it is
    // a word of the index already ("user" is not half of "userscript").
    const last = words[words.length - 1];
    const lastTerm = sequence[sequence.length - 1];
    if (
      !long &&
      last !== undefined &&
      last.length >= MIN_PREFIX_LENGTH &&
      !(lastTerm !== undefined && postings.has(lastTerm)) &&
      !/[\s\p{P}]$/u.test(query)
    ) {
      for (const term of expandPrefix(last)) if (!weights.has(term)) weights.set(term, PREFIX_WEIGHT);
    }
    const keptSet = new Set(terms);
    const pairs: [string, string][] = [];
    const seenPairs = new Set<string>();
    for (let index = 0; index + 1 < sequence.length; index++) {
      const left = sequence[index] as string;
      const right = sequence[index + 1] as string;
      const pair = `${left} ${right}`;
      if (left === right || seenPairs.has(pair) || !keptSet.has(left) || !keptSet.has(right)) continue;
      seenPairs.add(pair);
      pairs.push([left, right]);
    }
    const countable = distinct.filter((term) => term.length >= 2 && !/^\d+$/.test(term));
    return { weights, mass, pairs, bits: new Map(), words: countable };
  }

  /** The stem of a query word, or a variant the index knows when the stem itself is unknown (gpus -> gpu). */
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
      .sort((left, right) => (postings.get(right)?.length ?? 0) - (postings.get(left)?.length ?? 0))
      .slice(0, MAX_PREFIX_EXPANSIONS);
  }

  for (const skill of skills) add(skill);
  // Arrays grown by push keep spare room (17 slots past a first push): copied to their exact size
  // after a bulk build.
  for (const [term, posting] of postings) postings.set(term, posting.slice());
  return {
    search,
    add,
    remove,
    update: add,
    has: (key) => idsByKey.has(key),
    get size() {
      return idsByKey.size;
    },
  };
}

/** A query's weighted terms, its IDF mass (the denominator of confidence) and adjacent term pairs. */
interface ParsedQuery {
  weights: Map<string, number>;
  mass: number;
  pairs: [string, string][];
  /** Each weighted term's bit in `matched` (0 past the 31st), set while scoring. */
  bits: Map<string, number>;
  /** The query's distinct terms that count for SearchHit.matchedTerms: not one letter, not a bare number. */
  words: string[];
}

function inverseDocumentFrequency(documentFrequency: number, count: number): number {
  return Math.log(1 + (count - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** The terms of each field, in field order. */
function analyzeFields(skill: SearchableSkill): string[][] {
  const fields: string[][] = new Array(FIELD_COUNT);
  fields[NAME] = nameTerms(skill.name);
  fields[NAMESPACE] = skill.namespace === undefined ? [] : analyzeSearchText(skill.namespace);
  fields[TAGS] = analyzeSearchText(skill.tags.join(" "));
  fields[DESCRIPTION] = analyzeSearchText(skill.description);
  fields[WHEN_TO_USE] = skill.whenToUse === undefined ? [] : analyzeSearchText(skill.whenToUse);
  fields[HEADINGS] = splitTerms(skill.headingTerms).filter((term) => term !== HEADING_SEPARATOR);
  fields[BODY] = splitTerms(skill.bodyTerms);
  return fields;
}

/** A name's parts (split on - _ . : and camelCase), stop words kept: in a name every part was chosen. */
function nameTerms(name: string): string[] {
  return splitSearchWords(name).map(stemSearchWord);
}

function splitTerms(terms: string | undefined): string[] {
  return terms === undefined || terms === "" ? [] : terms.split(" ");
}

/** The adjacent term pairs of a skill's short fields, as "left right" strings. */
function adjacentPairs(skill: SearchableSkill, descriptionTerms: readonly string[]): Set<string> {
  const pairs = new Set<string>();
  const addSequence = (terms: readonly string[]) => {
    for (let index = 0; index + 1 < terms.length; index++) pairs.add(`${terms[index]} ${terms[index + 1]}`);
  };
  addSequence(nameTerms(skill.name));
  addSequence(descriptionTerms);
  if (skill.whenToUse !== undefined) addSequence(analyzeSearchText(skill.whenToUse));
  for (const tag of skill.tags) addSequence(analyzeSearchText(tag));
  addSequence(splitTerms(skill.headingTerms));
  return pairs;
}

function normaliseName(text: string): string {
  return splitSearchWords(text).join("-");
}
