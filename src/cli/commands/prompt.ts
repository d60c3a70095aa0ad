// `skillbox prompt`: the Layer 1 text the model would get (budgeted, translated when the settings
// say so), and with --stats what it costs. The settings page's preview renders the same.
import type { CatalogPlacement, CatalogStats } from "@skillbox/core/prompt/budget";
import { isCatalogFormatName } from "@skillbox/core/prompt/catalog-format";
import { resolveCatalogBudget } from "@skillbox/core/prompt/default-catalog-budget";
import {
  renderWorkspaceCatalog,
  resolveConfiguredModel,
  resolveWorkspaceCatalogOptions,
  type WorkspaceCatalogRequest,
} from "@skillbox/workspace/workspace/workspace-catalog";
import type { CliCommand } from "../command.js";
import { escapeTerminalLine, escapeTerminalText } from "../escape-terminal-text.js";
import { EXIT_OK } from "../exit-codes.js";
import { openCliWorkspace, WORKSPACE_OPTIONS, WORKSPACE_OPTIONS_HELP } from "../open-cli-workspace.js";
import { openConfiguredTranslator } from "../open-configured-translator.js";
import { parseBudgetOption } from "../parse-budget-option.js";
import { parseCommandArguments, rejectExtraArguments, usageError } from "../parse-command-arguments.js";

const HELP = `Usage: skillbox prompt [--format xml|markdown|plain|available-skills] [--budget <tokens>|none] [--model <id>] [--stats] [--json]

Prints the Layer 1 skill listing exactly as the model would see it: the skills it may load, most
used first, within the token budget (over it, the longest descriptions are shortened first; past
that, the least used skills lose their lines and are shown only by area, in a map with counts; a
notice says what was shortened or grouped and points to search_skills). With translation on in
the settings and a provider configured, descriptions are translated as the model gets them.
Nothing is printed when no skill is listed.

Options:
  --format <name>    xml (default; a <system-reminder> block), markdown, plain or available-skills
                     (default: config prompt.format)
  --budget <tokens>  Limit on the whole listing in tokens, or none for every skill (default: config
                     prompt.budgetTokens, else 2% of the model's context window, 4000 if unknown)
  --model <id>       The model whose context window sets the default budget (default: the one
                     skillbox run would use)
  --stats            Also print, on stderr, the tokens of each listed skill, how its line shows it
                     (whole, shortened or name only), the total, and how many are shown by area
  --json             Print { text, tokens, characters, stats } instead of the text
${WORKSPACE_OPTIONS_HELP}
  --help             Print this help
`;

export const promptCommand: CliCommand = {
  name: "prompt",
  summary: "Print the Layer 1 skill listing the model would see",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("prompt", args, {
      format: { type: "string" },
      budget: { type: "string" },
      model: { type: "string" },
      stats: { type: "boolean" },
      json: { type: "boolean" },
      ...WORKSPACE_OPTIONS,
    });
    rejectExtraArguments("prompt", positionals, 0);
    if (values.format !== undefined && !isCatalogFormatName(values.format)) {
      throw usageError(
        "prompt",
        `--format must be xml, markdown, plain or available-skills, not '${values.format}'`,
      );
    }
    const budget = parseBudgetOption("prompt", values.budget);
    const workspace = openCliWorkspace("prompt", io, values);
    try {
      const env = io.env ?? process.env;
      const request: WorkspaceCatalogRequest = {
        ...(values.format === undefined || !isCatalogFormatName(values.format)
          ? {}
          : { format: values.format }),
        ...(budget === undefined ? {} : { budget }),
        model: values.model ?? resolveConfiguredModel(workspace.config, env),
      };
      const options = resolveWorkspaceCatalogOptions(workspace.config, request);
      const limit = resolveCatalogBudget(options.budget, options.contextWindow);
      const translator = await openConfiguredTranslator("prompt", io, workspace);
      const built = await renderWorkspaceCatalog(workspace, { ...request, translator });
      if (values.json) {
        io.stdout(
          `${JSON.stringify(built ?? { text: "", tokens: 0, characters: 0, stats: null }, null, 2)}\n`,
        );
        return EXIT_OK;
      }
      if (built === undefined) {
        io.stderr(
          "No skills are listed for the model (none found, or all are off, user-only or not yet activated).\n",
        );
        return EXIT_OK;
      }
      // The text is the model's, exact for piping; on a terminal it is shown escaped.
      io.stdout(`${io.stdoutIsTerminal ? escapeTerminalText(built.text) : built.text}\n`);
      if (values.stats) {
        const { stats } = built;
        const names = stats.perEntry.map((entry) => escapeTerminalLine(entry.name));
        const width = Math.max(5, ...names.map((name) => name.length));
        const lines = stats.perEntry.map(
          (entry, index) =>
            `${(names[index] as string).padEnd(width)}  ${String(entry.tokens).padStart(6)}  ${SHOWN[entry.placement]}`,
        );
        const budgetNote =
          limit === undefined
            ? "no budget"
            : "tokens" in limit
              ? `budget ${limit.tokens}${options.budget === undefined ? " (default)" : ""}`
              : `budget ${limit.characters} characters`;
        io.stderr(
          [
            `${"SKILL".padEnd(width)}  ${"TOKENS".padStart(6)}  SHOWN`,
            ...lines,
            `${"total".padEnd(width)}  ${String(built.tokens).padStart(6)}  (${built.characters} characters, ${budgetNote})`,
            describeCounts(stats),
            "",
          ].join("\n"),
        );
      }
      return EXIT_OK;
    } finally {
      workspace.close();
    }
  },
};

const SHOWN: Record<CatalogPlacement, string> = { whole: "whole", shortened: "shortened", name: "name only" };

/** The last --stats line: how many skills are described (whole or shortened), named, or shown only by area. */
function describeCounts(stats: CatalogStats): string {
  const whole = stats.included - stats.shortened - stats.namesOnly;
  const parts = [
    `described ${whole + stats.shortened} (${whole} whole, ${stats.shortened} shortened)`,
    `names only ${stats.namesOnly}`,
    `by area ${stats.grouped}`,
  ];
  // Only a budget too small for the map itself leaves skills out entirely.
  const unlisted = stats.omitted - stats.grouped;
  if (unlisted > 0) parts.push(`not listed ${unlisted}`);
  return parts.join(", ");
}
