// `skillbox explain "<prompt>"`: what an agent is offered for a prompt — Layer 1's lines, the
// turn's suggestions, search_skills' results with the words that matched — and, with --skill, why
// one skill is or is not among them.

import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";
import { resolveConfiguredModel } from "@skillbox/workspace/workspace/workspace-catalog";
import type { CliCommand } from "../command.js";
import { escapeTerminalLine } from "../escape-terminal-text.js";
import { EXIT_OK } from "../exit-codes.js";
import { openCliWorkspace, WORKSPACE_OPTIONS, WORKSPACE_OPTIONS_HELP } from "../open-cli-workspace.js";
import { parseBudgetOption } from "../parse-budget-option.js";
import { parseCommandArguments, usageError } from "../parse-command-arguments.js";
import { type MatchedTerms, matchTerms, readQueryWords } from "./explain-matched-terms.js";
import { type Layer1Line, openRoutingView } from "./explain-routing-view.js";
import { explainSkill, type SkillExplanation } from "./explain-skill.js";

const DEFAULT_LIMIT = 5;
const NAMES_SHOWN = 12;
// How deep a named skill's rank is looked for: past this, "not among the first 1,000" says enough.
const MAX_RANKED = 1000;

const HELP = `Usage: skillbox explain "<prompt>" [--skill <name>] [--json] [--limit <n>]

Shows what an agent is offered for a prompt, from the same parts it uses: the skills Layer 1
describes (whole or shortened), names alone or leaves to the map of areas (past the budget); the
suggestions the turn gets; and what search_skills returns for the raw prompt, with the words of
the prompt each skill matched and in which field (name, namespace, tags, description,
when_to_use, headings, body).

With --skill, says why that skill is or is not offered: not found (and the closest names),
shadowed by a same-named skill in a higher-precedence root (which one), its state (off,
user-only, name-only), disable-model-invocation, paths not yet matched, no line of its own in
Layer 1 (budget), and its rank, score and confidence for the prompt. The prompt may be left out
with --skill.

Options:
  --skill <name>     A skill's name, qualified name (<root label>:<name>) or folder
  --json             Print the explanation as JSON
  --limit <n>        search_skills results shown, 1 to 50 (default ${DEFAULT_LIMIT}, as an agent's search)
  --budget <tokens>  Limit on Layer 1, or none (default: config prompt.budgetTokens, else 2% of
                     the model's context window)
  --model-id <id>    The model whose context window sets the default budget
  --suggest          Suggest skills whatever the library's size
  --no-suggest       Never suggest skills (default: config "suggestions", else auto)
${WORKSPACE_OPTIONS_HELP}
  --help             Print this help
`;

interface ExplainedHit {
  rank: number;
  name: string;
  score: number;
  confidence: number;
  matched: MatchedTerms;
}

export const explainCommand: CliCommand = {
  name: "explain",
  summary: "Explain what the agent is offered for a prompt, and why a skill is or is not",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("explain", args, {
      skill: { type: "string" },
      json: { type: "boolean" },
      limit: { type: "string" },
      budget: { type: "string" },
      "model-id": { type: "string" },
      suggest: { type: "boolean" },
      "no-suggest": { type: "boolean" },
      ...WORKSPACE_OPTIONS,
    });
    const prompt = positionals.join(" ").trim();
    if (prompt === "" && values.skill === undefined) {
      throw usageError("explain", 'Give a prompt, e.g. skillbox explain "fill in this PDF form"');
    }
    const limit = parseLimit(values.limit);
    const budget = parseBudgetOption("explain", values.budget);
    if (values.suggest && values["no-suggest"]) {
      throw usageError("explain", "--suggest and --no-suggest contradict each other: give one");
    }
    const suggestions = values.suggest ? "on" : values["no-suggest"] ? "off" : undefined;
    const workspace = openCliWorkspace("explain", io, values);
    try {
      const { registry, config } = workspace;
      const env = io.env ?? process.env;
      const view = openRoutingView(workspace, {
        model: values["model-id"] ?? resolveConfiguredModel(config, env),
        budget,
        suggestions,
        countTokens: true,
      });
      try {
        const words = readQueryWords(prompt);
        const winners = registry.list({ includeShadowed: false });
        const byName = new Map(winners.map((record) => [record.name, record]));
        const ranking =
          prompt === "" ? [] : view.search(prompt, Math.max(limit, Math.min(winners.length, MAX_RANKED)));
        const explain = (name: string, score: number, confidence: number, rank: number): ExplainedHit => {
          const record = byName.get(name) as SkillRecord;
          return {
            rank,
            name,
            score,
            confidence,
            matched: matchTerms(words, record, readBodyOf(registry, name)),
          };
        };
        const hits = ranking
          .slice(0, limit)
          .map((hit, index) => explain(hit.record.name, hit.score, hit.confidence, index + 1));
        const suggested = prompt === "" ? [] : view.suggest(prompt);
        const suggestedHits = suggested.map((item, index) =>
          explain(item.name, item.score, item.confidence, index + 1),
        );
        const layer1 = view.layer1;
        const notListed = winners
          .filter((record) => !registry.isListedForModel(record))
          .map((record) => ({ name: record.name, reason: registry.modelVisibility(record) }));
        const skill =
          values.skill === undefined
            ? undefined
            : explainSkill({
                query: values.skill,
                registry,
                stateOf: (name) => workspace.stateOf(name),
                cwd: workspace.cwd,
                words,
                prompt,
                layer1,
                limit,
                ranking: ranking.map((hit) => ({
                  name: hit.record.name,
                  score: hit.score,
                  confidence: hit.confidence,
                  matchedTerms: hit.matchedTerms,
                })),
                suggestions: suggested,
                suggestionSetting: view.suggestionSetting,
              });
        const groups = groupLines(layer1);
        if (values.json) {
          const report = {
            prompt,
            words: words.map((item) => item.word),
            layer1: {
              budget: view.budget ?? null,
              tokens: view.built?.tokens ?? 0,
              ...groups,
              notListed,
            },
            suggestions: { setting: view.suggestionSetting, skills: suggestedHits },
            search: { limit, hits },
            ...(skill === undefined ? {} : { skill }),
          };
          io.stdout(`${JSON.stringify(report, null, 2)}\n`);
          return EXIT_OK;
        }
        const out: (string | undefined)[] = [];
        const budgetText =
          view.budget === undefined
            ? "no budget"
            : "tokens" in view.budget
              ? `budget ${view.budget.tokens} tokens`
              : `budget ${view.budget.characters} characters`;
        out.push(
          `Layer 1 (${budgetText}, ${view.built?.tokens ?? 0} used): ${layer1.length} skill${layer1.length === 1 ? "" : "s"} listed`,
          nameLine("described", groups.described),
          nameLine("shortened", groups.shortened),
          nameLine("name only", groups.nameOnly),
          nameLine("no line (map of areas)", groups.noLine),
          nameLine(
            "not offered",
            notListed.map((item) => `${item.name} (${item.reason})`),
          ),
        );
        if (prompt !== "") {
          out.push(
            "",
            `Prompt words search reads: ${words.length === 0 ? "(none: only stop words)" : words.map((item) => escapeTerminalLine(item.word)).join(", ")}`,
            "",
            `Suggestions (${view.suggestionSetting}): ${suggestedHits.length === 0 ? describeNoSuggestion(view.suggestionSetting, groups.noLine.length + groups.nameOnly.length) : ""}`.trimEnd(),
            ...suggestedHits.map((hit) => hitLine(hit, false)),
            "",
            `search_skills (first ${limit}):${hits.length === 0 ? " no skill matches the prompt's words" : ""}`,
            ...hits.map((hit) => hitLine(hit, true)),
          );
        }
        if (skill !== undefined) out.push("", ...skillLines(skill));
        io.stdout(`${out.filter((line) => line !== undefined).join("\n")}\n`);
        return EXIT_OK;
      } finally {
        view.close();
      }
    } finally {
      workspace.close();
    }
  },
};

function parseLimit(text: string | undefined): number {
  if (text === undefined) return DEFAULT_LIMIT;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 50) {
    throw usageError("explain", `--limit must be a whole number from 1 to 50, not '${text}'`);
  }
  return value;
}

function groupLines(layer1: readonly { name: string; line: Layer1Line }[]) {
  const of = (line: Layer1Line) => layer1.filter((item) => item.line === line).map((item) => item.name);
  return {
    described: of("described"),
    shortened: of("shortened"),
    nameOnly: of("name-only"),
    noLine: of("no-line"),
  };
}

function nameLine(label: string, names: readonly string[]): string | undefined {
  if (names.length === 0) return undefined;
  const shown = names.slice(0, NAMES_SHOWN).map(escapeTerminalLine).join(", ");
  const more = names.length > NAMES_SHOWN ? `, … and ${names.length - NAMES_SHOWN} more` : "";
  return `  ${label} (${names.length}): ${shown}${more}`;
}

function describeNoSuggestion(setting: string, undescribed: number): string {
  if (setting === "off") return "none (off)";
  if (setting === "auto" && undescribed === 0) return "none (auto: Layer 1 describes every skill)";
  return "none cleared the confidence threshold";
}

function hitLine(hit: ExplainedHit, withScore: boolean): string {
  const fields = Object.entries(hit.matched.fields)
    .map(([field, words]) => `${field}: ${(words as string[]).map(escapeTerminalLine).join(" ")}`)
    .join("; ");
  const score = withScore ? `score ${hit.score.toFixed(2)}, ` : "";
  return `  ${hit.rank}. ${escapeTerminalLine(hit.name)}  (${score}confidence ${hit.confidence.toFixed(2)})${fields === "" ? "" : `  matched ${fields}`}`;
}

function skillLines(skill: SkillExplanation): string[] {
  const copies = skill.copies ?? [];
  const shownName = copies.length > 1 ? skill.qualifiedName : skill.name;
  const ways = {
    layer1: "described in Layer 1",
    search: "in search_skills' results",
    suggestion: "suggested",
  };
  const title = skill.found
    ? `Skill ${escapeTerminalLine(shownName ?? skill.query)}: ${
        skill.offered ? `offered (${skill.offeredBy.map((way) => ways[way]).join(", ")})` : "not offered"
      }`
    : `Skill ${escapeTerminalLine(skill.query)}: not found`;
  const lines = [title];
  if (skill.found) {
    const facts = [`state ${skill.state}`, `Layer 1 ${skill.layer1 ?? "not listed"}`];
    if (skill.rank !== undefined)
      facts.push(skill.rank === null ? "search: no match" : `search rank ${skill.rank}`);
    if (skill.suggested !== undefined) facts.push(skill.suggested ? "suggested" : "not suggested");
    lines.push(`  ${facts.join("; ")}`);
    const self = copies.find((copy) => copy.qualifiedName === skill.qualifiedName);
    for (const copy of copies) {
      if (copy === self) continue;
      const role = !copy.shadowed
        ? "wins: the model gets this copy"
        : self?.shadowed
          ? "also shadowed"
          : "shadowed by this one";
      lines.push(
        `  another copy: ${escapeTerminalLine(copy.qualifiedName)} at ${escapeTerminalLine(copy.directory)} (${role})`,
      );
    }
  }
  if (skill.reasons.length > 0) lines.push(skill.offered ? "  Notes:" : "  Why not:");
  for (const reason of skill.reasons) lines.push(`  - ${escapeTerminalLine(reason.message)}`);
  return lines;
}

function readBodyOf(registry: { readBody(name: string): string }, name: string): string | undefined {
  try {
    return registry.readBody(name);
  } catch {
    // Removed since the scan: the frontmatter fields still explain the match.
    return undefined;
  }
}
