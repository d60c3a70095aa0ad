// Task-aware suggestions: at the start of a user turn, the library is searched with the person's
// message (and the working folder's files, for skills with `paths`), and the few skills that clear
// a confidence threshold are offered in that turn — never in the system prompt, which stays
// byte-identical so providers' prompt caches keep working.

import { readdirSync } from "node:fs";
import type { SkillRecord } from "../../registry/index/skill-record.js";
import { analyzeSearchText } from "../../registry/search/analyze-search-text.js";
import type { SkillRegistry } from "../../registry/skill-registry-types.js";
import type { Layer1Coverage } from "./layer1-coverage.js";

/** When suggestions are made: `auto` only while Layer 1 leaves some skill undescribed. */
export type SuggestionSetting = "auto" | "on" | "off";

/** One suggested skill. */
export interface SkillSuggestion {
  name: string;
  description: string;
  /** How sure the match is, in [0, 1]; the same scale at any library size. */
  confidence: number;
  /** The search score (raw, grows with the library); for ordering and diagnostics. */
  score: number;
}

/** The registry calls suggestions make. */
export type SuggestionRegistry = Pick<
  SkillRegistry,
  "search" | "get" | "isModelInvocable" | "modelVisibility" | "matchingForPaths" | "activateForPaths"
>;

export interface SkillSuggesterOptions {
  registry: SuggestionRegistry;
  /** Default `auto`. */
  setting?: SuggestionSetting;
  /** Skills per turn at most; default 3. */
  limit?: number;
  /**
   * Confidence a skill needs when it holds four of the request's words (all of a shorter
   * request); one holding two or three, or a one-word request, needs three times as much. Default
   * DEFAULT_SUGGESTION_THRESHOLD.
   */
  threshold?: number;
  /** Confidence a skill Layer 1 already describes needs to be suggested again as a nudge; default DEFAULT_NUDGE_THRESHOLD. */
  nudgeThreshold?: number;
  /** What Layer 1 covers now; without it, no skill counts as described and `auto` means on. */
  layer1?: () => Layer1Coverage;
  /** The working folder: its top-level entries are context for skills with `paths`. */
  cwd?: string;
}

export interface SuggestOptions {
  /** Skills not to suggest (loaded in this session, or suggested already). */
  exclude?: (name: string) => boolean;
}

export interface SkillSuggester {
  /** The best skills for `text`, best first; empty when none clears the threshold or the setting says no. */
  suggest(text: string, options?: SuggestOptions): SkillSuggestion[];
  /** Stops following the registry. */
  close(): void;
}

// Calibrated on the routing bench's tune set (bench/routing, `--set tune`: 238 labelled prompts and
// 20 that should fire nothing, among 0, 1,000 and 10,000 real skills from public repositories; see
// docs/routing.md). Confidence alone could not keep unrelated requests out at 10,000 real skills:
// there, some skill matches one or two of any request's rarer words ("capital" in "What's the
// capital of Australia?", "puppy" in a dog-name question) at 0.2-0.37, as high as many right
// answers. What separates them is how many of the request's words the skill shares, and that does
// not depend on the library's size: a skill sharing four words (or all of a shorter request)
// needs DEFAULT_SUGGESTION_THRESHOLD, one sharing two or three needs three times that, one sharing
// fewer is never suggested for a longer request.
/** The confidence a skill sharing four of the request's words needs to be suggested. */
export const DEFAULT_SUGGESTION_THRESHOLD = 0.1;
/** The confidence a skill Layer 1 already describes needs: a nudge only when the request plainly fits. */
export const DEFAULT_NUDGE_THRESHOLD = 0.3;
// Words of the request the skill holds in any field (body opening included, as the index counts
// them): four (all of a shorter request) make a match on the threshold, two or three need this
// multiple of it. Tune set, recall@3 / negatives at 1,000 and 10,000 distractors: 61.3% / 5% and
// 54.2% / 5% (three words on the threshold: 67.2% / 10% and 54.2% / 20%; words counted over name, namespace,
// tags, description and when_to_use only, as before: 57.6% / 5% and 50.0% / 0%).
const STRONG_SHARED_WORDS = 4;
const WEAK_SHARED_WORDS = 2;
const WEAK_MATCH_FACTOR = 3;
// A skill whose `paths` match the working folder's files is likelier to be meant.
const CONTEXT_BONUS = 0.1;
const CANDIDATES = 12;
const MAX_FOLDER_ENTRIES = 200;
// Paths the message names: `src/app.tsx`, `./build/out.log`, `config.yaml`.
const MENTIONED_PATH = /(?:[\w.-]+\/)*[\w-]+\.[A-Za-z][\w]{0,9}\b|(?:\.{0,2}\/)?(?:[\w.-]+\/)+[\w.-]+/g;

/** Creates the suggester over a registry. */
export function createSkillSuggester(options: SkillSuggesterOptions): SkillSuggester {
  const { registry } = options;
  const setting = options.setting ?? "auto";
  const limit = options.limit ?? 3;
  const threshold = options.threshold ?? DEFAULT_SUGGESTION_THRESHOLD;
  const nudgeThreshold = options.nudgeThreshold ?? DEFAULT_NUDGE_THRESHOLD;

  return {
    suggest(text, suggestOptions = {}) {
      const message = text.trim();
      // `/name` already chose its skill.
      if (setting === "off" || message === "" || message.startsWith("/") || limit <= 0) return [];
      const coverage = options.layer1?.();
      if (setting === "auto" && coverage !== undefined && !coverage.overBudget) return [];
      // A sent message is complete: the trailing newline stops the index from expanding the last
      // word as if it were half typed.
      const query = `${message}\n`;
      const requestWords = countRequestWords(message);
      const contextPaths = [...mentionedPaths(message), ...folderEntries(options.cwd)];
      const inContext = new Set(
        contextPaths.length === 0 ? [] : registry.matchingForPaths(contextPaths).map((record) => record.name),
      );
      const exclude = suggestOptions.exclude ?? (() => false);
      const picked: (SkillSuggestion & { record: SkillRecord })[] = [];
      for (const hit of registry.search(query, CANDIDATES)) {
        const { record } = hit;
        if (exclude(record.name) || !isOffered(registry, record, inContext)) continue;
        // The index's own confidence: the hit's share of the request's IDF mass, on one scale at any library size.
        const rule = suggestionRule(requestWords, hit, {
          inContext: inContext.has(record.name),
          described: coverage?.describes(record.name) === true,
          threshold,
          nudgeThreshold,
        });
        if (rule.needed === undefined || rule.confidence < rule.needed) continue;
        const { confidence } = rule;
        picked.push({
          name: record.name,
          description: record.metadata.description,
          confidence,
          score: hit.score,
          record,
        });
      }
      picked.sort((left, right) => right.confidence - left.confidence || right.score - left.score);
      const chosen = picked.slice(0, limit);
      // A `paths` skill waiting for a matching file is offered because the folder has one: activate
      // it, as touching that file would, so load_skill takes it.
      const waiting = chosen.filter((item) => registry.modelVisibility(item.record) === "waiting-for-paths");
      if (waiting.length > 0) {
        const names = new Set(waiting.map((item) => item.name));
        registry.activateForPaths(
          contextPaths.filter((item) =>
            registry.matchingForPaths([item]).some((record) => names.has(record.name)),
          ),
        );
      }
      return chosen.map(({ record: _record, ...suggestion }) => suggestion);
    },
    // Nothing to release: the search index keeps what confidence needs. Callers close the suggester
    // with the agent all the same, so a suggester that follows the registry again needs no change there.
    close: () => {},
  };
}

/** How many distinct words of a request can count as shared with a skill. */
export function countRequestWords(message: string): number {
  return new Set(analyzeSearchText(message).filter(isWord)).size;
}

/** Why a search hit is suggested or not: the words it shares and the confidence it then needs. */
interface SuggestionRule {
  /** The request's words the skill holds, plus one when the working folder's files match its `paths`. */
  shared: number;
  /** The confidence it needs; undefined when it shares too few words to be suggested at all. */
  needed: number | undefined;
  /** Its confidence, with the working-folder bonus. */
  confidence: number;
}

/**
 * The suggestion rule for one hit. Evidence is `strong` when the skill holds four of the request's
 * words (all of a shorter request) and needs `threshold`; `weak` when it holds two or three, or
 * the request is one word, and needs three times as much; a skill holding fewer than two words of a
 * longer request (one common word is no evidence among 10,000 skills), or none of a one-word one,
 * is never suggested. A skill Layer 1 describes needs at least the nudge threshold.
 */
export function suggestionRule(
  requestWords: number,
  hit: { confidence: number; matchedTerms: number },
  options: { inContext?: boolean; described?: boolean; threshold?: number; nudgeThreshold?: number } = {},
): SuggestionRule {
  const threshold = options.threshold ?? DEFAULT_SUGGESTION_THRESHOLD;
  const shared = hit.matchedTerms + (options.inContext === true ? 1 : 0);
  const confidence =
    options.inContext === true ? Math.min(1, hit.confidence + CONTEXT_BONUS) : hit.confidence;
  let evidence: "strong" | "weak" | undefined;
  if (requestWords < 2) evidence = shared >= 1 ? "weak" : undefined;
  else if (shared >= Math.min(STRONG_SHARED_WORDS, requestWords)) evidence = "strong";
  else evidence = shared >= WEAK_SHARED_WORDS ? "weak" : undefined;
  if (evidence === undefined) return { shared, needed: undefined, confidence };
  const needed = Math.max(
    evidence === "strong" ? threshold : threshold * WEAK_MATCH_FACTOR,
    options.described === true ? (options.nudgeThreshold ?? DEFAULT_NUDGE_THRESHOLD) : 0,
  );
  return { shared, needed, confidence };
}

/**
 * A word that can count as shared: not one letter (the "s" of "what's") and not a bare number
 * ("17 times 23" shares "23" with some description among thousands).
 */
function isWord(term: string): boolean {
  return term.length >= 2 && !/^\d+$/.test(term);
}

/** Loadable now, or a `paths` skill the working folder's files would activate. */
function isOffered(
  registry: SuggestionRegistry,
  record: SkillRecord,
  inContext: ReadonlySet<string>,
): boolean {
  if (registry.isModelInvocable(record)) return true;
  return inContext.has(record.name) && registry.modelVisibility(record) === "waiting-for-paths";
}

function mentionedPaths(message: string): string[] {
  return [...new Set(message.match(MENTIONED_PATH) ?? [])].filter((item) => !/^\d/.test(item));
}

/** The working folder's top-level entries (a bounded, cheap look: one readdir). */
function folderEntries(cwd: string | undefined): string[] {
  if (cwd === undefined) return [];
  try {
    return readdirSync(cwd).slice(0, MAX_FOLDER_ENTRIES);
  } catch {
    // A missing or unreadable folder gives no context; the message alone still counts.
    return [];
  }
}
