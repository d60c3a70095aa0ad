// `skillbox load <name>`: runs the load_skill tool as the model would and prints exactly its result.
import { createLoadSkillTool } from "@skillbox/core/tools/load-skill";
import { hasMcpServers, mcpLabelOf } from "@skillbox/workspace/workspace/mcp-skills";
import type { CliCommand } from "../command.js";
import { escapeTerminalText, formatDiagnosticLine } from "../escape-terminal-text.js";
import { EXIT_OK, EXIT_PROBLEMS } from "../exit-codes.js";
import { MCP_TIMEOUT_HELP, parseMcpTimeout } from "../mcp-options.js";
import { openCliWorkspace, WORKSPACE_OPTIONS, WORKSPACE_OPTIONS_HELP } from "../open-cli-workspace.js";
import { parseCommandArguments, rejectExtraArguments, usageError } from "../parse-command-arguments.js";

const HELP = `Usage: skillbox load <name> [--args "<arguments>"] [--session <id>] [--json]

Calls the load_skill tool the way the model would and prints exactly what the model would get:
the skill's instructions with \${SKILL_DIR}, \${SESSION_ID} and its arguments filled in, or the
error the model would see (unknown name, turned off, a fork skill with no sub-agent here).
The load counts as a use of the skill. A skill from an MCP server (<server>:<skill>, as skillbox
list shows it) is fetched from that server and verified as the agent's load is.

Options:
  --args <text>   Arguments, as typed after /name (e.g. --args "report.pdf 1-3")
  --session <id>  Session ID for \${SESSION_ID} and session state overrides
  --json          Print the whole tool result { content, isError, metadata }
${MCP_TIMEOUT_HELP}
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
      "mcp-timeout": { type: "string" },
      ...WORKSPACE_OPTIONS,
    });
    const name = positionals[0];
    if (name === undefined) throw usageError("load", "Give the name of a skill, e.g. skillbox load pdf");
    rejectExtraArguments("load", positionals, 1);
    if (values.session !== undefined && values.session.trim() === "")
      throw usageError("load", "--session needs an ID");
    const session = values.session === undefined ? {} : { sessionId: values.session };
    const mcpTimeoutMs = parseMcpTimeout("load", values["mcp-timeout"]);
    const workspace = openCliWorkspace("load", io, values, session);
    try {
      const args = values.args === undefined ? {} : { args: values.args };
      // `<server>:<skill>` of a configured MCP server: that server only, through the verified path.
      const fromMcp =
        mcpLabelOf(name) !== undefined && hasMcpServers(workspace.config)
          ? await (await import("@skillbox/workspace/workspace/load-mcp-skill")).loadMcpSkill(
              workspace,
              name,
              {
                ...args,
                ...session,
                timeoutMs: mcpTimeoutMs,
                onDiagnostic: (diagnostic) => io.stderr(`${formatDiagnosticLine(diagnostic)}\n`),
              },
            )
          : undefined;
      const result =
        fromMcp ??
        (await createLoadSkillTool({ registry: workspace.registry }).execute(
          { skill_name: name, ...args },
          { ...session, cwd: workspace.cwd },
        ));
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
