// `skillbox load <name>`: runs the load_skill tool as the model would and prints exactly its result.
import { createLoadSkillTool } from "../../tools/load-skill.js";
import type { CliCommand } from "../command.js";
import { escapeTerminalText } from "../escape-terminal-text.js";
import { EXIT_OK, EXIT_PROBLEMS } from "../exit-codes.js";
import { openCliWorkspace, WORKSPACE_OPTIONS, WORKSPACE_OPTIONS_HELP } from "../open-cli-workspace.js";
import { parseCommandArguments, rejectExtraArguments, usageError } from "../parse-command-arguments.js";

const HELP = `Usage: skillbox load <name> [--args "<arguments>"] [--session <id>] [--json]

Calls the load_skill tool the way the model would and prints exactly what the model would get:
the skill's instructions with \${SKILL_DIR}, \${SESSION_ID} and its arguments filled in, or the
error the model would see (unknown name, turned off, a fork skill with no sub-agent here).
The load counts as a use of the skill.

Options:
  --args <text>   Arguments, as typed after /name (e.g. --args "report.pdf 1-3")
  --session <id>  Session ID for \${SESSION_ID} and session state overrides
  --json          Print the whole tool result { content, isError, metadata }
${WORKSPACE_OPTIONS_HELP}
  --help          Print this help

Exit status: 0 loaded, 1 the tool returned an error, 2 usage error.
`;

export const loadCommand: CliCommand = {
  name: "load",
  summary: "Print what load_skill returns for a skill",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("load", args, {
      args: { type: "string" },
      session: { type: "string" },
      json: { type: "boolean" },
      ...WORKSPACE_OPTIONS,
    });
    const name = positionals[0];
    if (name === undefined) throw usageError("load", "Give the name of a skill, e.g. skillbox load pdf");
    rejectExtraArguments("load", positionals, 1);
    if (values.session !== undefined && values.session.trim() === "")
      throw usageError("load", "--session needs an ID");
    const session = values.session === undefined ? {} : { sessionId: values.session };
    const workspace = openCliWorkspace("load", io, values, session);
    try {
      const tool = createLoadSkillTool({ registry: workspace.registry });
      const result = await tool.execute(
        { skill_name: name, ...(values.args === undefined ? {} : { args: values.args }) },
        { ...session, cwd: workspace.cwd },
      );
      if (values.json) io.stdout(`${JSON.stringify(result, null, 2)}\n`);
      else {
        // Exactly the model's text when piped; on a terminal, control characters are shown escaped.
        const text = io.stdoutIsTerminal ? escapeTerminalText(result.content) : result.content;
        io.stdout(text.endsWith("\n") ? text : `${text}\n`);
      }
      return result.isError ? EXIT_PROBLEMS : EXIT_OK;
    } finally {
      workspace.close();
    }
  },
};
