// Why one skill is or is not offered to the model for a prompt: not found (and the closest names),
// shadowed by a same-named skill in a higher root, its state, `paths` not yet matched,
// disable-model-invocation, no line of its own in Layer 1 (budget), and where search and
// suggestions rank it for this prompt.

import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  countRequestWords,
  type SkillSuggestion,
  suggestionRule,
} from "@skillbox/core/agent/suggestions/create-skill-suggester";
import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";
import type { SkillRegistry } from "@skillbox/core/registry/skill-registry-types";
import { splitFrontmatter } from "@skillbox/core/skills/split-frontmatter";
import type { SkillState } from "@skillbox/core/store/skill-state";
import { suggestSkillNames } from "@skillbox/core/tools/suggest-skill-names";
import { type MatchedTerms, matchTerms, type QueryWord } from "./explain-matched-terms.js";
import type { Layer1Line } from "./explain-routing-view.js";

/** Why a skill is not offered (or is offered less than fully), as a code and a sentence. */
export interface SkillReason {
  code:
    | "not-found"
    | "shadowed"
    | "state-off"
    | "state-user-only"
    | "name-only"
    | "disable-model-invocation"
    | "paths"
    | "budget"
    | "shortened"
    | "low-score"
    | "not-suggested";
  message: string;
}

/** One copy of the name, for the shadowing story. */
export interface SkillCopy {
  qualifiedName: string;
  directory: string;
  shadowed: boolean;
}

export interface SkillExplanation {
  /** What was asked for. */
  query: string;
  found: boolean;
  /** Names close to the query, when it was not found. */
  closest?: string[];
  name?: string;
  qualifiedName?: string;
  directory?: string;
  state?: SkillState;
  /** How Layer 1 shows it; null when Layer 1 does not list it at all. */
  layer1?: Layer1Line | null;
  /** Where search ranks it for the prompt (1-based; null when it matches none of its words). */
  rank?: number | null;
  score?: number;
  confidence?: number;
  matched?: MatchedTerms;
  suggested?: boolean;
  /** Described in Layer 1 (whole or shortened), within the search results, or suggested. */
  offered: boolean;
  /** The ways it is offered: `layer1`, `search`, `suggestion`. */
  offeredBy: ("layer1" | "search" | "suggestion")[];
  /** Why not (or what holds it back), most fundamental first. */
  reasons: SkillReason[];
  copies?: SkillCopy[];
}

export interface ExplainSkillInput {
  /** A name, a qualified name (`<root label>:<name>`), or the skill's folder. */
  query: string;
  registry: SkillRegistry;
  stateOf(name: string): SkillState;
  cwd: string;
  /** The prompt's words; empty when no prompt was given. */
  words: readonly QueryWord[];
  prompt: string;
  layer1: readonly { name: string; line: Layer1Line }[];
  /** How many results search_skills returns. */
  limit: number;
  /** The ranking for the prompt, as deep as it was looked for (skills the model may load). */
  ranking: readonly { name: string; score: number; confidence: number; matchedTerms: number }[];
  suggestions: readonly SkillSuggestion[];
  suggestionSetting: string;
}

/** Explains one skill for one prompt. */
export function explainSkill(input: ExplainSkillInput): SkillExplanation {
  const { registry, query } = input;
  const record = findRecord(registry, query, input.cwd);
  if (record === undefined) {
    const names = [...new Set(registry.list({ includeShadowed: true }).map((item) => item.name))];
    const closest = suggestSkillNames(query, names);
    return {
      query,
      found: false,
      closest,
      offered: false,
      offeredBy: [],
      reasons: [
        {
          code: "not-found",
          message: `No skill is named '${query}' in the skill roots${
            closest.length > 0 ? `; the closest names are ${closest.join(", ")}` : ""
          }. Run skillbox list to see them, or give the library with --dir.`,
        },
      ],
    };
  }

  const reasons: SkillReason[] = [];
  const copies = registry
    .list({ includeShadowed: true })
    .filter((item) => item.name === record.name)
    .map((item) => ({
      qualifiedName: item.qualifiedName,
      directory: item.directory,
      shadowed: item.shadowed,
    }));
  if (record.shadowed) {
    const winner = registry.get(record.name);
    reasons.push({
      code: "shadowed",
      message: `This copy (${record.qualifiedName}, ${record.directory}) is shadowed: the same name in a higher-precedence root wins, ${
        record.shadowedBy ?? winner?.qualifiedName ?? "another copy"
      }${winner === undefined ? "" : ` at ${winner.directory}`}. The model only ever gets that one; rename this skill or remove the other to change it.`,
    });
  }
  const state = input.stateOf(record.name);
  if (state === "off") {
    reasons.push({
      code: "state-off",
      message: `Its state is off: neither the model nor a person can use it. Run skillbox state ${record.name} on to offer it.`,
    });
  } else if (state === "user-only") {
    reasons.push({
      code: "state-user-only",
      message: `Its state is user-only: a person can run /${record.name}, the model is not offered it. Run skillbox state ${record.name} on to offer it.`,
    });
  } else if (state === "name-only") {
    reasons.push({
      code: "name-only",
      message: `Its state is name-only: Layer 1 and search show its name without a description. Run skillbox state ${record.name} on to describe it.`,
    });
  }
  if (record.metadata.disableModelInvocation) {
    reasons.push({
      code: "disable-model-invocation",
      message: "Its frontmatter sets disable-model-invocation: true: only a person can run it (/name).",
    });
  }
  if (record.conditional && !record.activated) {
    const matching = matchingFolderEntries(registry, record, input.cwd);
    reasons.push({
      code: "paths",
      message: `It has paths (${record.metadata.paths.join(", ")}): it is offered only once a file matching them is read or written in the session.${
        matching.length > 0
          ? ` In the working folder ${matching.slice(0, 3).join(", ")} match${matching.length === 1 ? "es" : ""}, so suggestions may still offer it.`
          : " No file in the working folder matches yet."
      }`,
    });
  }

  const listed = input.layer1.find((item) => item.name === record.name && !record.shadowed);
  const layer1 = listed?.line ?? null;
  if (layer1 === "no-line") {
    const withLines = input.layer1.filter((item) => item.line !== "no-line").length;
    reasons.push({
      code: "budget",
      message: `Layer 1 has no line for it: past the budget only ${withLines} of ${input.layer1.length} listed skills get one, the rest are counted in the map of areas. The model finds it only through search or a suggestion; raise --budget (or prompt.budgetTokens) or make it more used to list it.`,
    });
  } else if (layer1 === "shortened") {
    reasons.push({
      code: "shortened",
      message: "Layer 1 lists it with its description shortened to fit the budget: put what it is for first.",
    });
  }

  const explanation: SkillExplanation = {
    query,
    found: true,
    name: record.name,
    qualifiedName: record.qualifiedName,
    directory: record.directory,
    state,
    layer1,
    offered: false,
    offeredBy: [],
    reasons,
    copies,
  };
  const described = layer1 === "described" || layer1 === "shortened";
  const loadable = registry.isModelInvocable(record);
  if (loadable && described) explanation.offeredBy.push("layer1");
  if (input.prompt.trim() === "") {
    explanation.offered = explanation.offeredBy.length > 0;
    return explanation;
  }

  const position = record.shadowed ? -1 : input.ranking.findIndex((hit) => hit.name === record.name);
  const hit = position >= 0 ? input.ranking[position] : undefined;
  explanation.rank = hit === undefined ? null : position + 1;
  if (hit !== undefined) {
    explanation.score = hit.score;
    explanation.confidence = hit.confidence;
  }
  explanation.matched = matchTerms(input.words, record, readBody(record.file));
  const suggested = input.suggestions.some((item) => item.name === record.name && !record.shadowed);
  explanation.suggested = suggested;
  const inResults = hit !== undefined && position < input.limit;
  if (loadable && inResults) explanation.offeredBy.push("search");
  if (loadable && suggested) explanation.offeredBy.push("suggestion");
  if (loadable && !inResults) {
    const words = explanation.matched.words;
    reasons.push({
      code: "low-score",
      message:
        hit === undefined
          ? words.length === 0
            ? `No word of the prompt is in its name, description, tags, when_to_use or body opening, so search_skills does not return it.`
            : `It matches ${words.join(", ")}, but it is not among the ${input.ranking.length} skills search ranks for this prompt (in a long request, words many skills share count for little).`
          : `Search ranks it ${position + 1} (score ${hit.score.toFixed(2)}, confidence ${hit.confidence.toFixed(2)}, matching ${
              words.length > 0 ? words.join(", ") : "no word as written"
            }); search_skills returns the first ${input.limit}. Words users say for this task belong in its description or when_to_use.`,
    });
  }
  if (loadable && !suggested && input.suggestionSetting !== "off") {
    reasons.push({
      code: "not-suggested",
      message:
        hit === undefined
          ? "Not suggested: search does not match it."
          : notSuggestedMessage(input, hit, {
              inContext: record.conditional && matchingFolderEntries(registry, record, input.cwd).length > 0,
              described,
            }),
    });
  }
  explanation.offered = explanation.offeredBy.length > 0;
  return explanation;
}

/** Which part of the suggestion rule held a ranked skill back (see suggestionRule). */
function notSuggestedMessage(
  input: ExplainSkillInput,
  hit: { confidence: number; matchedTerms: number },
  options: { inContext: boolean; described: boolean },
): string {
  const requestWords = countRequestWords(input.prompt);
  const rule = suggestionRule(requestWords, hit, options);
  const shares = `it shares ${rule.shared} of the prompt's ${requestWords} word${requestWords === 1 ? "" : "s"}`;
  const off = `suggestions are off for this library (${input.suggestionSetting})`;
  if (rule.needed === undefined) {
    return `Not suggested: ${shares}, too few to suggest it whatever its confidence (two are needed, or the one word of a one-word prompt). Words users say for this task belong in its description or when_to_use.`;
  }
  if (rule.confidence < rule.needed) {
    return `Not suggested: ${shares}, and its confidence ${rule.confidence.toFixed(2)} is below the ${rule.needed.toFixed(2)} a skill sharing that many needs${
      options.described ? " (a skill Layer 1 describes needs at least the nudge threshold)" : ""
    }.`;
  }
  return `Not suggested: ${shares} and its confidence ${rule.confidence.toFixed(2)} clears the ${rule.needed.toFixed(2)} it needs, so others ranked higher took the places, or ${off}.`;
}

/** The record a query names: a plain or qualified name, else the skill whose folder it is. */
function findRecord(registry: SkillRegistry, query: string, cwd: string): SkillRecord | undefined {
  const byName = registry.get(query);
  if (byName !== undefined) return byName;
  const folder = resolve(cwd, query);
  return registry.list({ includeShadowed: true }).find((record) => record.directory === folder);
}

/** Entries of the working folder its `paths` match (what suggestions look at). */
function matchingFolderEntries(registry: SkillRegistry, record: SkillRecord, cwd: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(cwd).slice(0, 200);
  } catch {
    // No working folder to look at: nothing matches.
    return [];
  }
  return entries.filter((entry) =>
    registry.matchingForPaths([entry]).some((item) => item.qualifiedName === record.qualifiedName),
  );
}

function readBody(file: string): string | undefined {
  try {
    return splitFrontmatter(readFileSync(file, "utf8")).body;
  } catch {
    // A file gone since the scan: match the frontmatter fields alone.
    return undefined;
  }
}
