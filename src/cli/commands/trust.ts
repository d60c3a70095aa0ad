// `skillbox trust`: the approvals of skills from the config's MCP servers. Lists them, approves a
// skill as its server serves it now (optionally letting it run code), and revokes one skill's or a
// whole server's approvals. Approvals are bound to content: a changed file of the skill asks again.
import { SkillboxError } from "@skillbox/core/errors";
import { CODE_EXECUTION_TOOLS } from "@skillbox/mcp-host/mcp-host/gate-code-execution";
import {
  createMcpSkillApprovals,
  createSettingsApprovalStorage,
  type McpSkillApprovals,
} from "@skillbox/mcp-host/mcp-host/mcp-skill-approvals";
import {
  hasMcpServers,
  type McpSkillEntry,
  type McpSkills,
  mcpLabelOf,
} from "@skillbox/workspace/workspace/mcp-skills";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import type { CliCommand } from "../command.js";
import { escapeTerminalLine, formatDiagnosticLine } from "../escape-terminal-text.js";
import { EXIT_OK } from "../exit-codes.js";
import { MCP_TIMEOUT_HELP, parseMcpTimeout } from "../mcp-options.js";
import { openCliWorkspace, WORKSPACE_OPTIONS, WORKSPACE_OPTIONS_HELP } from "../open-cli-workspace.js";
import { parseCommandArguments, rejectExtraArguments, usageError } from "../parse-command-arguments.js";

const HELP = `Usage: skillbox trust [--mcp-timeout <seconds>]
       skillbox trust <server>:<skill> [--run-code]
       skillbox trust --revoke <server>[:<skill>]

Skills from the MCP servers in the config's mcpServers are loaded only with your approval, and the
approval is bound to their content: the server label, the SKILL.md digest and the digest of every
file the server lists. When any of them changes, the agent asks again. Approvals live in the store
(~/.skillbox/skillbox.db, or PostgreSQL in fleet mode), so they outlast the session.

With no argument, lists every MCP skill with its approval. With <server>:<skill>, approves the
skill as the server serves it now (what answering yes to the agent's question does). --run-code
also lets bash and skill scripts run while the agent follows it, without asking (what answering
"always" does); without it they are asked about every time.

--revoke <server>:<skill> forgets that skill's approval; --revoke <server> forgets every approval
given for that server's skills (no connection needed).

Options:
  --run-code      With <server>:<skill>: let code run while following it
  --revoke <name>
                  Forget the approval of <server>:<skill>, or of every skill of <server>
${MCP_TIMEOUT_HELP}
${WORKSPACE_OPTIONS_HELP}
  --help          Print this help
`;

export const trustCommand: CliCommand = {
  name: "trust",
  summary: "List, approve or revoke approvals of skills from MCP servers (bound to their content)",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("trust", args, {
      "run-code": { type: "boolean" },
      revoke: { type: "string" },
      "mcp-timeout": { type: "string" },
      ...WORKSPACE_OPTIONS,
    });
    rejectExtraArguments("trust", positionals, 1);
    const [name] = positionals;
    if (values.revoke !== undefined && name !== undefined)
      throw usageError("trust", "Give a skill to approve or --revoke, not both");
    if (values["run-code"] && name === undefined)
      throw usageError("trust", "--run-code goes with a skill: skillbox trust <server>:<skill> --run-code");
    const timeoutMs = parseMcpTimeout("trust", values["mcp-timeout"]);
    const workspace = openCliWorkspace("trust", io, values, { needsStore: true });
    const approvals = createMcpSkillApprovals(createSettingsApprovalStorage(workspace.settings));
    let mcp: McpSkills | undefined;
    try {
      const labels = await configuredLabels(workspace);
      const target = values.revoke ?? name;
      if (target !== undefined) {
        const label = mcpLabelOf(target) ?? target;
        if (!labels.includes(label)) {
          throw new SkillboxError(
            "invalid-argument",
            `No MCP server "${label}" in the config's mcpServers${labels.length === 0 ? "" : ` (servers: ${labels.join(", ")})`}; name a skill as <server>:<skill>, as skillbox list shows it.`,
          );
        }
        if (values.revoke !== undefined && mcpLabelOf(target) === undefined) {
          approvals.revokeServer(label);
          io.stdout(`Revoked every approval of the MCP server "${escapeTerminalLine(label)}"'s skills.\n`);
          return EXIT_OK;
        }
      }
      const { openMcpSkills } = await import("@skillbox/workspace/workspace/open-mcp-skills");
      mcp = openMcpSkills(workspace, {
        timeoutMs,
        onDiagnostic: (diagnostic) => io.stderr(`${formatDiagnosticLine(diagnostic)}\n`),
      });
      await mcp?.ready;
      if (target === undefined) {
        io.stdout(renderApprovals(mcp?.entries() ?? [], approvals));
        return EXIT_OK;
      }
      const entry = mcp?.get(target);
      if (entry === undefined) {
        const names = (mcp?.entries() ?? []).map((candidate) => candidate.name);
        throw new SkillboxError(
          "skill-not-found",
          `The MCP server "${mcpLabelOf(target)}" does not list "${target}" (or could not be reached).${names.length === 0 ? "" : ` Its skills: ${names.join(", ")}.`}`,
        );
      }
      if (values.revoke !== undefined) {
        approvals.revoke(entry.label, entry.uri);
        io.stdout(`Revoked the approval of ${escapeTerminalLine(entry.name)}.\n`);
        return EXIT_OK;
      }
      approvals.approve(entry);
      if (values["run-code"])
        for (const tool of CODE_EXECUTION_TOOLS) approvals.allowCodeExecution(entry, tool);
      io.stdout(`${escapeTerminalLine(entry.name)}: ${describeApproval(entry, approvals)}\n`);
      return EXIT_OK;
    } finally {
      await mcp?.close();
      workspace.close();
    }
  },
};

async function configuredLabels(workspace: Workspace): Promise<string[]> {
  if (!hasMcpServers(workspace.config)) return [];
  const { configuredMcpLabels } = await import("@skillbox/workspace/workspace/open-mcp-skills");
  return configuredMcpLabels(workspace);
}

/** `approved 2026-12-01 (runs code: bash, run_skill_script)`, `changed since approved`, or `not approved`. */
function describeApproval(entry: McpSkillEntry, approvals: McpSkillApprovals): string {
  const record = approvals.recordOf(entry);
  if (record === undefined)
    return approvals.changedSinceApproval(entry) ? "changed since approved, not approved" : "not approved";
  const code = record.codeExecution ?? [];
  const day = new Date(record.approvedAt).toISOString().slice(0, 10);
  return `approved ${day}${code.length === 0 ? "" : ` (runs code: ${code.join(", ")})`}`;
}

function renderApprovals(entries: readonly McpSkillEntry[], approvals: McpSkillApprovals): string {
  if (entries.length === 0) return "No MCP skills (no server in mcpServers lists any).\n";
  const width = Math.max(...entries.map((entry) => entry.name.length));
  return entries
    .map(
      (entry) =>
        `${escapeTerminalLine(entry.name.padEnd(width))}  ${describeApproval(entry, approvals)}  ${escapeTerminalLine(entry.uri)}\n`,
    )
    .join("");
}
