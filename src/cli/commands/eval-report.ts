// The tables `skillbox eval` prints: offline measures per skill, the model's precision, recall and
// F1 per skill with its confusions, and the gates that failed.

import type { GateFailure, LoadScore, RankingScore } from "@skillbox/core/routing/score-activation-set";
import { escapeTerminalLine } from "../escape-terminal-text.js";
import type { Layer1Line } from "./explain-routing-view.js";

/** What the header says about the library and the run. */
export interface EvalContext {
  skills: number;
  layer1: Record<Layer1Line, number>;
  budget: { tokens: number } | { characters: number } | undefined;
  suggestions: string;
  sets: number;
}

/** The offline table and its summary lines. */
export function formatRankingReport(score: RankingScore, context: EvalContext): string {
  const { layer1 } = context;
  const budget =
    context.budget === undefined
      ? "no budget"
      : "tokens" in context.budget
        ? `budget ${context.budget.tokens} tokens`
        : `budget ${context.budget.characters} characters`;
  const lines = [
    `Library: ${context.skills} skills. Layer 1 (${budget}): ${layer1.described + layer1.shortened} described (${layer1.shortened} shortened), ${layer1["name-only"]} by name only, ${layer1["no-line"]} without a line. search_skills limit ${score.limit}; suggestions ${context.suggestions}.`,
    `Sets: ${context.sets}, ${score.cases} prompts (${score.positives} for a skill, ${score.negatives} for none, ${score.nearMisses} that must not fire a skill).`,
    "",
  ];
  if (score.skills.some((item) => item.positives > 0)) {
    const header = [
      "SKILL",
      "PROMPTS",
      "REACHABLE",
      "R@1",
      `R@${score.limit}`,
      "MRR",
      "SUGGESTED",
      "FIRST INSTEAD",
    ];
    const rows = score.skills
      .filter((item) => item.positives > 0)
      .map((item) => [
        escapeTerminalLine(item.skill),
        String(item.positives),
        percent(item.reachable),
        percent(item.recallAt1),
        percent(item.recallAtLimit),
        decimal(item.mrr),
        percent(item.suggested),
        item.takenBy
          .slice(0, 3)
          .map(
            (taken) =>
              `${taken.skill === null ? "(nothing)" : escapeTerminalLine(taken.skill)} ×${taken.count}`,
          )
          .join(", "),
      ]);
    rows.push([
      "all",
      String(score.positives),
      percent(score.reachable),
      percent(score.recallAt1),
      percent(score.recallAtLimit),
      decimal(score.mrr),
      percent(score.suggested),
      "",
    ]);
    lines.push(renderTable(header, rows, [1, 2, 3, 4, 5, 6]));
  }
  if (score.negatives > 0) {
    lines.push(
      `Negatives: for ${count(score.negativesRanked, score.negatives)} of ${score.negatives} prompts that should fire no skill, search ranked one first; ${count(score.negativesSuggested, score.negatives)} got a suggestion.`,
    );
  }
  if (score.nearMisses > 0) {
    lines.push(
      `Near misses (should_trigger: false): for ${count(score.nearMissTop1, score.nearMisses)} of ${score.nearMisses}, search ranked the skill they must not fire first; ${count(score.nearMissSuggested, score.nearMisses)} suggested it.`,
    );
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

/** The model table, its summary and the confusion list. */
export function formatLoadReport(score: LoadScore, model: { provider: string; model: string }): string {
  const lines = [
    `Model: ${escapeTerminalLine(model.provider)} ${escapeTerminalLine(model.model)}, one turn per prompt: did it call load_skill on the expected skill (none for negatives)?`,
    "",
  ];
  const header = ["SKILL", "PROMPTS", "TP", "FP", "FN", "PRECISION", "RECALL", "F1"];
  const rows = score.skills.map((item) => [
    escapeTerminalLine(item.skill),
    String(item.positives),
    String(item.truePositives),
    String(item.falsePositives),
    String(item.falseNegatives),
    percent(item.precision),
    percent(item.recall),
    decimal(item.f1),
  ]);
  if (rows.length > 0) lines.push(renderTable(header, rows, [1, 2, 3, 4, 5, 6, 7]));
  const parts = [`Accuracy ${percent(score.accuracy)}, macro F1 ${decimal(score.macroF1)}.`];
  if (score.negatives > 0)
    parts.push(
      `Negatives: a skill was loaded for ${count(score.negativesLoaded, score.negatives)} of ${score.negatives}.`,
    );
  if (score.nearMisses > 0)
    parts.push(
      `Near misses: the skill they must not fire was loaded for ${count(score.nearMissesLoaded, score.nearMisses)} of ${score.nearMisses}.`,
    );
  lines.push(parts.join(" "));
  if (score.confusion.length > 0) {
    lines.push("", "Confusions (expected -> loaded):");
    const confusionRows = score.confusion.map((item) => [
      item.expected !== null
        ? escapeTerminalLine(item.expected)
        : item.rejected !== undefined
          ? `not ${escapeTerminalLine(item.rejected)}`
          : "(none)",
      "->",
      item.loaded === null ? "(none)" : escapeTerminalLine(item.loaded),
      `×${item.count}`,
    ]);
    lines.push(renderRows(confusionRows, []).replace(/^/gm, "  ").trimEnd());
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

/** One line per failed gate. */
export function describeGateFailure(failure: GateFailure, model: boolean): string {
  if (failure.gate === "min-reachable") {
    return `reachable ${percent(failure.value)} is below --min-reachable ${percent(failure.threshold)}`;
  }
  const what = model ? "load recall" : "search recall";
  return `${escapeTerminalLine(failure.skill ?? "")}: ${what} ${percent(failure.value)} is below --min-recall ${percent(failure.threshold)}`;
}

function percent(value: number | null): string {
  return value === null ? "-" : `${Math.round(value * 100)}%`;
}

function decimal(value: number | null): string {
  return value === null ? "-" : value.toFixed(2);
}

/** How many of `total` a share stands for (shares here are always counts over totals). */
function count(value: number | null, total: number): number {
  return value === null ? 0 : Math.round(value * total);
}

function renderTable(header: string[], rows: string[][], rightAligned: number[]): string {
  return renderRows([header, ...rows], rightAligned);
}

function renderRows(rows: string[][], rightAligned: number[]): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, index) => {
      widths[index] = Math.max(widths[index] ?? 0, cell.length);
    });
  }
  const right = new Set(rightAligned);
  return `${rows
    .map((row) =>
      row
        .map((cell, index) => {
          const width = widths[index] ?? 0;
          if (right.has(index)) return cell.padStart(width);
          return index === row.length - 1 ? cell : cell.padEnd(width);
        })
        .join("  ")
        .trimEnd(),
    )
    .join("\n")}\n`;
}
