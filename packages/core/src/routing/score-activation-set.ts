// Scores an activation set from what the routing machinery returned for each prompt: offline (the
// skills search ranked, whether Layer 1 describes the expected skill, what suggestions offered) and
// with a model (which skill, if any, it loaded). Pure: outcomes in, measures out.

import type { ActivationCase } from "./read-activation-set.js";

/** One prompt with what search, Layer 1 and suggestions gave for it. */
export interface RankedCase extends ActivationCase {
  /** The file the case came from, for reports. */
  source: string;
  /** The search tool's skill names for the raw prompt, best first (at most the limit). */
  ranked: readonly string[];
  /** True when the expected skill has its own `name: description` line in Layer 1. */
  described: boolean;
  /** The suggestions for the prompt, best first (empty when none cleared the threshold). */
  suggested: readonly string[];
}

/** Measures over a group of positive prompts; shares in [0, 1], null when there is no prompt to share. */
export interface RankingMeasures {
  positives: number;
  /** Described in Layer 1, or in the search results. */
  reachable: number | null;
  /** The expected skill ranked first. */
  recallAt1: number | null;
  /** The expected skill anywhere in the results (at most `limit`). */
  recallAtLimit: number | null;
  /** Mean of 1/rank, a skill not in the results counting 0. */
  mrr: number | null;
  /** The expected skill among the suggestions. */
  suggested: number | null;
}

/** A skill that came first for prompts meant for another (null: search returned nothing). */
export interface TakenBy {
  skill: string | null;
  count: number;
}

/** One skill's offline measures. */
export interface SkillRankingScore extends RankingMeasures {
  skill: string;
  /** For its misses at rank 1: which skill came first instead, most often first. */
  takenBy: TakenBy[];
  /** Prompts that must not fire it (`should_trigger: false`). */
  nearMisses: number;
  /** Share of those for which it still ranked first. */
  nearMissTop1: number | null;
  /** Share of those for which it was suggested. */
  nearMissSuggested: number | null;
}

/** The offline score of a set. */
export interface RankingScore extends RankingMeasures {
  cases: number;
  limit: number;
  /** Prompts that should fire no skill at all. */
  negatives: number;
  /** Share of negatives for which search ranked some skill first. */
  negativesRanked: number | null;
  /** Share of negatives that got a suggestion. */
  negativesSuggested: number | null;
  nearMisses: number;
  nearMissTop1: number | null;
  nearMissSuggested: number | null;
  /** By skill name, in name order. */
  skills: SkillRankingScore[];
}

/** Scores ranked cases; `limit` is the number of results search was asked for. */
export function scoreRankedCases(cases: readonly RankedCase[], limit: number): RankingScore {
  const positives = cases.filter(isPositive);
  const negatives = cases.filter((item) => item.expectedSkill === null && item.rejectedSkill === undefined);
  const nearMisses = cases.filter((item) => item.rejectedSkill !== undefined);
  const skills = new Set<string>();
  for (const item of positives) skills.add(item.expectedSkill);
  for (const item of nearMisses) skills.add(item.rejectedSkill as string);
  const perSkill = [...skills].sort(compareNames).map((skill): SkillRankingScore => {
    const own = positives.filter((item) => item.expectedSkill === skill);
    const rejected = nearMisses.filter((item) => item.rejectedSkill === skill);
    const takenBy = new Map<string | null, number>();
    for (const item of own) {
      const first = item.ranked[0] ?? null;
      if (first !== skill) takenBy.set(first, (takenBy.get(first) ?? 0) + 1);
    }
    return {
      skill,
      ...measure(own),
      takenBy: [...takenBy]
        .map(([name, count]) => ({ skill: name, count }))
        .sort((left, right) => right.count - left.count || compareNames(left.skill ?? "", right.skill ?? "")),
      nearMisses: rejected.length,
      nearMissTop1: share(rejected.filter((item) => item.ranked[0] === skill).length, rejected.length),
      nearMissSuggested: share(
        rejected.filter((item) => item.suggested.includes(skill)).length,
        rejected.length,
      ),
    };
  });
  return {
    cases: cases.length,
    limit,
    ...measure(positives),
    negatives: negatives.length,
    negativesRanked: share(negatives.filter((item) => item.ranked.length > 0).length, negatives.length),
    negativesSuggested: share(negatives.filter((item) => item.suggested.length > 0).length, negatives.length),
    nearMisses: nearMisses.length,
    nearMissTop1: share(
      nearMisses.filter((item) => item.ranked[0] === item.rejectedSkill).length,
      nearMisses.length,
    ),
    nearMissSuggested: share(
      nearMisses.filter((item) => item.suggested.includes(item.rejectedSkill as string)).length,
      nearMisses.length,
    ),
    skills: perSkill,
  };
}

function measure(positives: readonly (RankedCase & { expectedSkill: string })[]): RankingMeasures {
  const ranks = positives.map((item) => item.ranked.indexOf(item.expectedSkill) + 1);
  const count = positives.length;
  return {
    positives: count,
    reachable: share(
      positives.filter((item, index) => item.described || (ranks[index] ?? 0) > 0).length,
      count,
    ),
    recallAt1: share(ranks.filter((rank) => rank === 1).length, count),
    recallAtLimit: share(ranks.filter((rank) => rank > 0).length, count),
    mrr: count === 0 ? null : ranks.reduce((sum, rank) => sum + (rank > 0 ? 1 / rank : 0), 0) / count,
    suggested: share(positives.filter((item) => item.suggested.includes(item.expectedSkill)).length, count),
  };
}

/** One prompt with the skill the model loaded in its turn. */
export interface LoadedCase extends ActivationCase {
  source: string;
  /** The first skill the model called load_skill on; null when it loaded none. */
  loaded: string | null;
}

/** One skill's model-mode measures; precision, recall and F1 are null when undefined (nothing to divide by). */
export interface SkillLoadScore {
  skill: string;
  positives: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

/** A wrong outcome and how often it happened: `expected` null with `rejected` for a near miss. */
export interface Confusion {
  expected: string | null;
  rejected?: string;
  loaded: string | null;
  count: number;
}

/** The model-mode score of a set. */
export interface LoadScore {
  cases: number;
  positives: number;
  /** Share of cases the model got right: the expected skill, none for a negative, not the rejected one for a near miss. */
  accuracy: number | null;
  /** Mean F1 over the skills that have positives and a defined F1. */
  macroF1: number | null;
  negatives: number;
  /** Share of negatives for which the model loaded some skill. */
  negativesLoaded: number | null;
  nearMisses: number;
  /** Share of near misses for which it loaded the rejected skill. */
  nearMissesLoaded: number | null;
  skills: SkillLoadScore[];
  /** Wrong outcomes, most frequent first. */
  confusion: Confusion[];
}

/**
 * Scores what the model loaded. For a skill S: a true positive is a prompt for S that loaded S; a
 * false positive loaded S for a prompt meant for another skill, for no skill, or that must not
 * fire S; a false negative is a prompt for S that loaded something else or nothing. A near miss that
 * loaded a third skill says nothing about that skill, so it counts for none.
 */
export function scoreLoadedCases(cases: readonly LoadedCase[]): LoadScore {
  const skills = new Set<string>();
  for (const item of cases) {
    if (item.expectedSkill !== null) skills.add(item.expectedSkill);
    if (item.rejectedSkill !== undefined) skills.add(item.rejectedSkill);
    if (item.loaded !== null) skills.add(item.loaded);
  }
  const perSkill = [...skills].sort(compareNames).map((skill): SkillLoadScore => {
    let truePositives = 0;
    let falsePositives = 0;
    let falseNegatives = 0;
    for (const item of cases) {
      if (item.expectedSkill === skill) {
        if (item.loaded === skill) truePositives++;
        else falseNegatives++;
      } else if (item.loaded === skill && (item.expectedSkill !== null || isNegativeFor(item, skill))) {
        falsePositives++;
      }
    }
    const precision = share(truePositives, truePositives + falsePositives);
    const recall = share(truePositives, truePositives + falseNegatives);
    const f1 =
      precision === null || recall === null
        ? null
        : precision + recall === 0
          ? 0
          : (2 * precision * recall) / (precision + recall);
    return {
      skill,
      positives: truePositives + falseNegatives,
      truePositives,
      falsePositives,
      falseNegatives,
      precision,
      recall,
      f1,
    };
  });
  const confusion = new Map<string, Confusion>();
  let correct = 0;
  for (const item of cases) {
    if (isCorrect(item)) {
      correct++;
      continue;
    }
    const key = JSON.stringify([item.expectedSkill, item.rejectedSkill ?? null, item.loaded]);
    const entry = confusion.get(key);
    if (entry !== undefined) entry.count++;
    else {
      const added: Confusion = { expected: item.expectedSkill, loaded: item.loaded, count: 1 };
      if (item.rejectedSkill !== undefined) added.rejected = item.rejectedSkill;
      confusion.set(key, added);
    }
  }
  const negatives = cases.filter((item) => item.expectedSkill === null && item.rejectedSkill === undefined);
  const nearMisses = cases.filter((item) => item.rejectedSkill !== undefined);
  const f1s = perSkill
    .filter((item) => item.positives > 0 && item.f1 !== null)
    .map((item) => item.f1 as number);
  return {
    cases: cases.length,
    positives: cases.filter((item) => item.expectedSkill !== null).length,
    accuracy: share(correct, cases.length),
    macroF1: f1s.length === 0 ? null : f1s.reduce((sum, value) => sum + value, 0) / f1s.length,
    negatives: negatives.length,
    negativesLoaded: share(negatives.filter((item) => item.loaded !== null).length, negatives.length),
    nearMisses: nearMisses.length,
    nearMissesLoaded: share(
      nearMisses.filter((item) => item.loaded === item.rejectedSkill).length,
      nearMisses.length,
    ),
    skills: perSkill,
    confusion: [...confusion.values()].sort(
      (left, right) => right.count - left.count || compareNames(confusionKey(left), confusionKey(right)),
    ),
  };
}

/** Orders confusions: prompts for a skill first, then negatives, then near misses; "none" last. */
function confusionKey(item: Confusion): string {
  const group = item.expected !== null ? "0" : item.rejected === undefined ? "1" : "2";
  return `${group}\u0000${item.expected ?? item.rejected ?? ""}\u0000${item.loaded ?? "\uffff"}`;
}

function isNegativeFor(item: LoadedCase, skill: string): boolean {
  return item.rejectedSkill === undefined || item.rejectedSkill === skill;
}

function isCorrect(item: LoadedCase): boolean {
  if (item.expectedSkill !== null) return item.loaded === item.expectedSkill;
  if (item.rejectedSkill !== undefined) return item.loaded !== item.rejectedSkill;
  return item.loaded === null;
}

/** Thresholds a CI job sets; each is a share in [0, 1]. */
export interface ActivationGates {
  /** Every skill with positive prompts needs at least this recall. */
  minRecall?: number;
  /** The share of positive prompts that are reachable needs to be at least this. */
  minReachable?: number;
}

/** One gate that failed, in words. */
export interface GateFailure {
  gate: "min-recall" | "min-reachable";
  /** The skill, for a per-skill gate. */
  skill?: string;
  value: number;
  threshold: number;
}

/**
 * The gates that fail. `--min-recall` reads the model's load recall when there is a model score,
 * else recall within the search results; `--min-reachable` reads the offline reachable share.
 */
export function checkActivationGates(
  gates: ActivationGates,
  ranking: RankingScore,
  loads?: LoadScore,
): GateFailure[] {
  const failures: GateFailure[] = [];
  if (gates.minRecall !== undefined) {
    const threshold = gates.minRecall;
    const recalls =
      loads === undefined
        ? ranking.skills.map((item) => ({ skill: item.skill, recall: item.recallAtLimit }))
        : loads.skills.map((item) => ({ skill: item.skill, recall: item.recall }));
    for (const { skill, recall } of recalls) {
      if (recall !== null && recall < threshold)
        failures.push({ gate: "min-recall", skill, value: recall, threshold });
    }
  }
  if (
    gates.minReachable !== undefined &&
    ranking.reachable !== null &&
    ranking.reachable < gates.minReachable
  ) {
    failures.push({ gate: "min-reachable", value: ranking.reachable, threshold: gates.minReachable });
  }
  return failures;
}

function isPositive(item: RankedCase): item is RankedCase & { expectedSkill: string } {
  return item.expectedSkill !== null;
}

function share(count: number, total: number): number | null {
  return total === 0 ? null : count / total;
}

function compareNames(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
