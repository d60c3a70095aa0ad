// `skillbox eval`: scores a skill's or a library's activation sets against the routing an agent
// gets — offline (Layer 1, search_skills, suggestions) and, with --model, a real model's turn —
// and exits 1 when a CI gate (--min-recall, --min-reachable) is not met.

import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { SkillboxError } from "@skillbox/core/errors";
import {
  type ActivationGates,
  checkActivationGates,
  type LoadedCase,
  type LoadScore,
  scoreLoadedCases,
  scoreRankedCases,
} from "@skillbox/core/routing/score-activation-set";
import { MAX_SEARCH_LIMIT } from "@skillbox/core/tools/search-skills";
import { resolveConfiguredModel } from "@skillbox/workspace/workspace/workspace-catalog";
import type { CliCommand, CliIo } from "../command.js";
import { formatDiagnosticLine } from "../escape-terminal-text.js";
import { EXIT_OK, EXIT_PROBLEMS } from "../exit-codes.js";
import { openCliWorkspace, WORKSPACE_OPTIONS } from "../open-cli-workspace.js";
import { parseBudgetOption } from "../parse-budget-option.js";
import { parseCommandArguments, rejectExtraArguments, usageError } from "../parse-command-arguments.js";
import { resolveCliProvider } from "../resolve-cli-provider.js";
import { runModelCases } from "./eval-model.js";
import { rankCases } from "./eval-offline.js";
import { createEvalProgress } from "./eval-progress.js";
import {
  describeGateFailure,
  type EvalContext,
  formatLoadReport,
  formatRankingReport,
} from "./eval-report.js";
import { collectActivationCases } from "./eval-sets.js";
import { type Layer1Line, openRoutingView } from "./explain-routing-view.js";

const DEFAULT_LIMIT = 5;
const DEFAULT_MODEL_STEPS = 3;

const HELP = `Usage: skillbox eval [<folder>] [--set <file>]... [--model] [--json] [--limit <n>]
                     [--min-recall <share>] [--min-reachable <share>]

Scores activation sets: prompts labelled with the skill they should fire. Read from a skill folder
or a library (each skill's evals/trigger_eval.json, trigger-evals.json or evals/evals.json:
skill-creator's [{"query", "should_trigger"}] and {"skill_name", "evals"}; and JSONL files of
{"prompt", "expected_skill"} lines, expected_skill "" for a prompt that should fire none), from
<folder> (default: every skill root, unless --set is given) and the files given with --set.

Offline (default), each prompt goes through what an agent has before it calls anything: Layer 1
as the workspace renders it, search_skills on the raw prompt (--limit results) and the turn's
suggestions. Per skill: reachable (its own line in Layer 1, or in the results), recall at 1 and
within the results, MRR, suggested, and which skill came first instead; for negatives and
should_trigger false: how often a skill (that skill) was ranked first or suggested.

With --model, each prompt is also one agent turn with the configured provider (as skillbox run),
the real Layer 1, suggestions and tools: did the model call load_skill on the expected skill, or
on none for a negative? Per skill: precision, recall and F1, and the confusions. Only
search_skills runs; the load is recorded and stopped, and every other tool call is refused.

Options:
  --set <file>             An activation set file (repeatable): JSONL, or a trigger eval file
                           (its skill is the skill folder that holds it)
  --model                  Also ask the model, one turn per prompt
  --json                   Print the scores and every case as JSON
  --limit <n>              Search results per prompt, 1 to ${MAX_SEARCH_LIMIT} (default ${DEFAULT_LIMIT}, as reachable counts)
  --min-recall <share>     Exit 1 when a skill's recall is below it (0 to 1, or a percentage):
                           the model's load recall with --model, else recall within the results
  --min-reachable <share>  Exit 1 when the share of reachable prompts is below it
  --budget <tokens>        Limit on Layer 1, or none (default: config prompt.budgetTokens, else
                           2% of the model's context window)
  --suggest                Suggest skills whatever the library's size
  --no-suggest             Never suggest skills (default: config "suggestions", else auto)
  --provider <name>        With --model: openai (or any OpenAI-compatible server) or anthropic
  --model-id <id>          The model (default: config "model", else the provider's default);
                           its context window sets Layer 1's default budget in both modes
  --base-url <url>         With --model: the API base URL
  --api-key <key>          With --model: the API key (better: OPENAI_API_KEY or ANTHROPIC_API_KEY)
  --max-steps <n>          With --model: model calls per prompt at most (default ${DEFAULT_MODEL_STEPS}: a search,
                           then a load)
  --dir <folder>           The library: look for skills only in this folder (repeatable)
  --cwd <folder>           Work as if started in this folder
  --help                   Print this help

Progress is shown on stderr when it is a terminal; set entries that cannot be read are reported
there as file:line diagnostics (with a gate set, they fail it: a gate needs whole sets).

Exit codes:
  0    Scored, and every gate given was met
  1    A gate was not met, a set had unreadable entries under a gate, or the model call failed
  2    Bad usage (unknown flag, bad share, missing folder or file, no activation set found)
`;

/** The eval command drawing progress on the stream `progressStream` returns (none: no bar). */
export function createEvalCommand(progressStream: () => NodeJS.WritableStream | undefined): CliCommand {
  return {
    name: "eval",
    summary: "Score activation sets: can the agent reach the right skill (offline, or --model)",
    help: HELP,
    run: (args, io) => runEval(args, io, progressStream()),
  };
}

/** `skillbox eval`, with a progress bar when stderr is a terminal. */
export const evalCommand: CliCommand = createEvalCommand(() =>
  process.stderr.isTTY === true ? process.stderr : undefined,
);

async function runEval(
  args: string[],
  io: CliIo,
  stream: NodeJS.WritableStream | undefined,
): Promise<number> {
  const { values, positionals } = parseCommandArguments("eval", args, {
    set: { type: "string", multiple: true },
    model: { type: "boolean" },
    json: { type: "boolean" },
    limit: { type: "string" },
    "min-recall": { type: "string" },
    "min-reachable": { type: "string" },
    budget: { type: "string" },
    suggest: { type: "boolean" },
    "no-suggest": { type: "boolean" },
    provider: { type: "string" },
    "model-id": { type: "string" },
    "base-url": { type: "string" },
    "api-key": { type: "string" },
    "max-steps": { type: "string" },
    ...WORKSPACE_OPTIONS,
  });
  rejectExtraArguments("eval", positionals, 1);
  const limit = parseWholeNumber("--limit", values.limit, DEFAULT_LIMIT, MAX_SEARCH_LIMIT);
  const maxSteps = parseWholeNumber("--max-steps", values["max-steps"], DEFAULT_MODEL_STEPS, 100);
  const gates: ActivationGates = {};
  const minRecall = parseShare("--min-recall", values["min-recall"]);
  const minReachable = parseShare("--min-reachable", values["min-reachable"]);
  if (minRecall !== undefined) gates.minRecall = minRecall;
  if (minReachable !== undefined) gates.minReachable = minReachable;
  const budget = parseBudgetOption("eval", values.budget);
  if (values.suggest && values["no-suggest"]) {
    throw usageError("eval", "--suggest and --no-suggest contradict each other: give one");
  }
  const suggestions = values.suggest ? "on" : values["no-suggest"] ? "off" : undefined;
  const cwd = values.cwd === undefined ? io.cwd : resolve(io.cwd, values.cwd);
  const folder = positionals[0] === undefined ? undefined : resolve(cwd, positionals[0]);
  if (folder !== undefined) await requireFolder(folder);

  const workspace = openCliWorkspace("eval", io, values);
  try {
    const { registry, config } = workspace;
    const env = io.env ?? process.env;
    const records = registry.list({ includeShadowed: true });
    const folders =
      folder !== undefined
        ? [folder]
        : (values.set ?? []).length > 0
          ? []
          : registry.roots.map((root) => root.path);
    const collected = await collectActivationCases({
      folders: await existingFolders(folders),
      files: (values.set ?? []).map((file) => resolve(cwd, file)),
      records,
    });
    for (const diagnostic of collected.diagnostics) io.stderr(`${formatDiagnosticLine(diagnostic)}\n`);
    const unreadable = collected.diagnostics.filter((diagnostic) => diagnostic.severity === "error").length;
    if (collected.cases.length === 0) {
      if (unreadable > 0) {
        io.stderr("skillbox eval: no prompt could be read from the activation sets (see above)\n");
        return EXIT_PROBLEMS;
      }
      throw usageError(
        "eval",
        `No activation set found in ${folders.length > 0 ? folders.join(", ") : "the files given"}: keep skill-creator's evals/trigger_eval.json in a skill folder, or give JSONL sets with --set`,
      );
    }

    const modelId = values["model-id"] ?? resolveConfiguredModel(config, env);
    const view = openRoutingView(workspace, { model: modelId, budget, suggestions });
    let ranked: ReturnType<typeof rankCases>;
    try {
      const progress = createEvalProgress(stream, "search", collected.cases.length);
      try {
        ranked = rankCases(view, collected.cases, limit, progress.tick);
      } finally {
        progress.stop();
      }
    } finally {
      view.close();
    }
    const ranking = scoreRankedCases(ranked, limit);

    let loads: { score: LoadScore; cases: LoadedCase[]; provider: string; model: string } | undefined;
    if (values.model) {
      const providerConfig = resolveCliProvider(values, values["model-id"], config, env);
      const progress = createEvalProgress(stream, "model", collected.cases.length);
      try {
        const cases = await runModelCases(collected.cases, {
          workspace,
          providerConfig,
          maxSteps,
          catalogBudget: budget,
          suggestions,
          signal: io.signal,
          onCase: progress.tick,
        });
        loads = {
          score: scoreLoadedCases(cases),
          cases,
          provider: providerConfig.provider,
          model: providerConfig.model,
        };
      } finally {
        progress.stop();
      }
    }

    const failures = checkActivationGates(gates, ranking, loads?.score);
    const gated = gates.minRecall !== undefined || gates.minReachable !== undefined;
    const layer1Counts: Record<Layer1Line, number> = {
      described: 0,
      shortened: 0,
      "name-only": 0,
      "no-line": 0,
    };
    for (const item of view.layer1) layer1Counts[item.line]++;
    const passed = failures.length === 0 && !(gated && unreadable > 0);

    if (values.json) {
      const loadedBy = new Map(loads?.cases.map((item, index) => [index, item.loaded]) ?? []);
      const report = {
        mode: values.model ? "model" : "offline",
        limit,
        library: {
          skills: records.filter((record) => !record.shadowed).length,
          layer1: layer1Counts,
          budget: view.budget ?? null,
        },
        suggestions: view.suggestionSetting,
        sets: collected.sets,
        diagnostics: collected.diagnostics,
        offline: ranking,
        ...(loads === undefined
          ? {}
          : { model: { provider: loads.provider, model: loads.model, maxSteps, ...loads.score } }),
        cases: ranked.map((item, index) => ({
          source: item.source,
          line: item.line,
          prompt: item.prompt,
          expectedSkill: item.expectedSkill,
          ...(item.rejectedSkill === undefined ? {} : { rejectedSkill: item.rejectedSkill }),
          ...(item.kind === undefined ? {} : { kind: item.kind }),
          ranked: item.ranked,
          described: item.described,
          suggested: item.suggested,
          ...(loads === undefined ? {} : { loaded: loadedBy.get(index) ?? null }),
        })),
        gates: { ...gates, passed, failures },
      };
      io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    } else {
      const context: EvalContext = {
        skills: records.filter((record) => !record.shadowed).length,
        layer1: layer1Counts,
        budget: view.budget,
        suggestions: view.suggestionSetting,
        sets: collected.sets.length,
      };
      let text = formatRankingReport(ranking, context);
      if (loads !== undefined) text += `\n${formatLoadReport(loads.score, loads)}`;
      io.stdout(text);
    }
    for (const failure of failures) {
      io.stderr(`skillbox eval: gate not met: ${describeGateFailure(failure, loads !== undefined)}\n`);
    }
    if (gated && unreadable > 0) {
      io.stderr(
        `skillbox eval: gate not met: ${unreadable} set entr${unreadable === 1 ? "y" : "ies"} could not be read (see above); fix them so the gate sees whole sets\n`,
      );
    }
    return passed ? EXIT_OK : EXIT_PROBLEMS;
  } finally {
    workspace.close();
  }
}

function parseWholeNumber(flag: string, text: string | undefined, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > max) {
    throw usageError("eval", `${flag} must be a whole number from 1 to ${max}, not '${text}'`);
  }
  return value;
}

/** A share: 0 to 1 (`0.7`), or a percentage (`70%`). */
function parseShare(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(text.trim());
  const value =
    percent !== null ? Number(percent[1]) / 100 : /^\d*\.?\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!Number.isFinite(value) || value < 0 || value > 1) {
    throw usageError(
      "eval",
      `${flag} must be a share from 0 to 1 (e.g. 0.7) or a percentage (70%), not '${text}'`,
    );
  }
  return value;
}

async function requireFolder(folder: string): Promise<void> {
  try {
    if ((await stat(folder)).isDirectory()) return;
  } catch {
    // Reported below with the same sentence as a file that is no folder.
  }
  throw new SkillboxError("path-not-found", `Folder not found: ${folder} (see skillbox eval --help)`);
}

/** The folders that exist (default roots may not). */
async function existingFolders(folders: readonly string[]): Promise<string[]> {
  const existing: string[] = [];
  for (const folder of folders) {
    try {
      if ((await stat(folder)).isDirectory()) existing.push(folder);
    } catch {
      // A root that does not exist holds no set.
    }
  }
  return existing;
}
