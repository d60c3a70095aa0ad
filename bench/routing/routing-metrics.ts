// The routing bench's measures over per-prompt outcomes: reachable (described in Layer 1 or in the
// search top 5), top-1, top-5, MRR over the returned top 5, and for suggestions recall at 3 on
// positives and the share of negatives that get any suggestion.

/** What happened to one prompt. */
export interface CaseOutcome {
  /** The skill the prompt should fire; null for a prompt that should fire none. */
  expectedSkill: string | null;
  /** For a trigger eval's `should_trigger: false`: the skill it must not fire. */
  rejectedSkill?: string;
  /** search_skills' names, best first. */
  searched: readonly string[];
  /** True when the expected skill has its own `- name: description` line in Layer 1. */
  describedInLayer1: boolean;
  /** suggest(text)'s names, best first; undefined when createSkills() has no suggest. */
  suggested?: readonly string[];
}

export interface RoutingSummary {
  cases: number;
  positives: number;
  /** Shares of positives, 0..1. */
  reachable: number;
  top1: number;
  top5: number;
  /** Mean reciprocal rank within the returned list (0 when not in it). */
  mrr: number;
  /** Positives with the expected skill among the first 3 suggestions; undefined without suggest. */
  suggestRecall3?: number;
  /** Prompts that should fire nothing (no rejected skill either) and how many got a suggestion. */
  negatives: number;
  suggestRateOnNegatives?: number;
  /** Near misses (`should_trigger: false`) and the share whose rejected skill came first in search. */
  nearMisses: number;
  nearMissTop1?: number;
}

/** 1-based rank of `name` in `names`, or 0 when absent. */
export function rankOf(names: readonly string[], name: string): number {
  return names.indexOf(name) + 1;
}

/** Mean of 1/rank over ranks, a rank of 0 (not found) counting 0. */
export function meanReciprocalRank(ranks: readonly number[]): number {
  if (ranks.length === 0) return 0;
  return ranks.reduce((sum, rank) => sum + (rank > 0 ? 1 / rank : 0), 0) / ranks.length;
}

export function summarizeOutcomes(outcomes: readonly CaseOutcome[]): RoutingSummary {
  const positives = outcomes.filter(
    (outcome): outcome is CaseOutcome & { expectedSkill: string } => outcome.expectedSkill !== null,
  );
  const negatives = outcomes.filter(
    (outcome) => outcome.expectedSkill === null && outcome.rejectedSkill === undefined,
  );
  const nearMisses = outcomes.filter((outcome) => outcome.rejectedSkill !== undefined);
  const ranks = positives.map((outcome) => rankOf(outcome.searched.slice(0, 5), outcome.expectedSkill));
  const share = (count: number, total: number) => (total === 0 ? 0 : count / total);
  const summary: RoutingSummary = {
    cases: outcomes.length,
    positives: positives.length,
    reachable: share(
      positives.filter((outcome, index) => outcome.describedInLayer1 || (ranks[index] ?? 0) > 0).length,
      positives.length,
    ),
    top1: share(ranks.filter((rank) => rank === 1).length, positives.length),
    top5: share(ranks.filter((rank) => rank > 0).length, positives.length),
    mrr: meanReciprocalRank(ranks),
    negatives: negatives.length,
    nearMisses: nearMisses.length,
  };
  if (nearMisses.length > 0) {
    summary.nearMissTop1 = share(
      nearMisses.filter((outcome) => outcome.searched[0] === outcome.rejectedSkill).length,
      nearMisses.length,
    );
  }
  if (outcomes.some((outcome) => outcome.suggested !== undefined)) {
    summary.suggestRecall3 = share(
      positives.filter((outcome) => (outcome.suggested ?? []).slice(0, 3).includes(outcome.expectedSkill))
        .length,
      positives.length,
    );
    summary.suggestRateOnNegatives = share(
      negatives.filter((outcome) => (outcome.suggested ?? []).length > 0).length,
      negatives.length,
    );
  }
  return summary;
}

/** Names of skills that have their own `- name: description` line in a Layer 1 text. */
export function describedNames(layer1: string): Set<string> {
  const names = new Set<string>();
  for (const line of layer1.split("\n")) {
    // `- name: description` (xml and markdown formats; a bold `**name**` too); a bare `- name` or a
    // group summary line without a description does not count.
    const match = /^\s*- (?:\*\*)?([^\s:*]+)(?:\*\*)?: \S/.exec(line);
    if (match?.[1] !== undefined) names.add(unescapeXml(match[1]));
  }
  return names;
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}
