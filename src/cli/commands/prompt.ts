// `skillbox prompt`: the Layer 1 text the model would get (budgeted), and with --stats what it costs.
import { buildBudgetedCatalog } from "../../prompt/budget.js";
import { isCatalogFormatName } from "../../prompt/catalog-format.js";
import type { CliCommand } from "../command.js";
import { escapeTerminalLine, escapeTerminalText } from "../escape-terminal-text.js";
import { EXIT_OK } from "../exit-codes.js";
import {
  openCliWorkspace,
  rejectExtraArguments,
  WORKSPACE_OPTIONS,
  WORKSPACE_OPTIONS_HELP,
} from "../open-cli-workspace.js";
import { parseCommandArguments, usageError } from "../parse-command-arguments.js";

const HELP = `Usage: skillbox prompt [--format xml|markdown|plain|available-skills] [--budget <tokens>] [--stats] [--json]

Prints the Layer 1 skill listing exactly as the model would see it: the skills it may load, most
used first, within the token budget (descriptions of the least used skills are dropped first,
then names; a notice says what was left out). Nothing is printed when no skill is listed.

Options:
  --format <name>    xml (default; a <system-reminder> block), markdown, plain or available-skills
                     (default: config prompt.format)
  --budget <tokens>  Limit on the whole listing in tokens (default: config prompt.budgetTokens, else none)
  --stats            Also print, on stderr, the tokens of each listed skill and the total
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
    const budget = values.budget === undefined ? undefined : Number(values.budget);
    if (budget !== undefined && (!Number.isInteger(budget) || budget < 1)) {
      throw usageError(
        "prompt",
        `--budget must be a positive whole number of tokens, not '${values.budget}'`,
      );
    }
    const workspace = openCliWorkspace("prompt", io, values);
    try {
      const format = values.format ?? workspace.config.prompt?.format ?? "xml";
      const tokens = budget ?? workspace.config.prompt?.budgetTokens;
      const built = buildBudgetedCatalog(workspace.registry.catalogEntries(), {
        format: isCatalogFormatName(format) ? format : "xml",
        ...(tokens === undefined ? {} : { budget: { tokens } }),
      });
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
          (entry, index) => `${(names[index] as string).padEnd(width)}  ${String(entry.tokens).padStart(6)}`,
        );
        const budgetNote = tokens === undefined ? "no budget" : `budget ${tokens}`;
        io.stderr(
          [
            `${"SKILL".padEnd(width)}  ${"TOKENS".padStart(6)}`,
            ...lines,
            `${"total".padEnd(width)}  ${String(built.tokens).padStart(6)}  (${built.characters} characters, ${budgetNote})`,
            `listed ${stats.included}, shortened ${stats.shortened}, names only ${stats.namesOnly}, left out ${stats.omitted}`,
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
