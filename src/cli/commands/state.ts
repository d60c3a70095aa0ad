// `skillbox state <name> <state>|--clear [--scope …]`: sets or clears a skill's state at one scope
// and prints the state that takes effect. MCP skills (`<label>:<name>`) take states the same way.
import { SkillboxError } from "@skillbox/core/errors";
import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";
import {
  isSkillState,
  resolveSkillState,
  SKILL_STATES,
  type SkillStateScope,
} from "@skillbox/core/store/skill-state";
import { suggestSkillNames } from "@skillbox/core/tools/suggest-skill-names";
import { hasMcpServers, mcpLabelOf } from "@skillbox/workspace/workspace/mcp-skills";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import type { CliCommand, CliIo } from "../command.js";
import { escapeTerminalLine, formatDiagnosticLine } from "../escape-terminal-text.js";
import { EXIT_OK } from "../exit-codes.js";
import { MCP_OPTIONS, MCP_OPTIONS_HELP, parseMcpTimeout } from "../mcp-options.js";
import { openCliWorkspace, WORKSPACE_OPTIONS, WORKSPACE_OPTIONS_HELP } from "../open-cli-workspace.js";
import { parseCommandArguments, rejectExtraArguments, usageError } from "../parse-command-arguments.js";

const SCOPES: readonly SkillStateScope[] = ["user", "project", "project-local"];

const HELP = `Usage: skillbox state <name> [on|name-only|user-only|off] [--scope user|project|project-local]
       skillbox state <name> --clear [--scope user|project|project-local]

Sets a skill's state at one scope (default user) and prints the state that takes effect, with the
scope it comes from. With no state, only prints it. project-local beats project beats user; a
skill no scope sets is on (bundled skills: on while enabled in skillbox settings).

A skill of an MCP server in the config's mcpServers is named <server>:<skill> (see skillbox list).
The server is asked whether it lists that skill; when it cannot be reached the state is set anyway,
with a warning.

States:
  on         Listed for the model with its description, and loadable
  name-only  Listed by name only, still loadable
  user-only  Hidden from the model; you can still invoke it (/name)
  off        Neither

Options:
  --scope <scope>  user (all projects), project (this project, shared) or project-local
                   (this project, just you); project scopes belong to the git root above --cwd
  --clear          Remove the state set at the scope, so the next scope decides
${MCP_OPTIONS_HELP}
                  (with --no-mcp, <server>:<skill> is taken on trust)
${WORKSPACE_OPTIONS_HELP}
  --help           Print this help
`;

export const stateCommand: CliCommand = {
  name: "state",
  summary: "Set, clear or print a skill's state (on, name-only, user-only, off) at a scope",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("state", args, {
      scope: { type: "string" },
      clear: { type: "boolean" },
      ...MCP_OPTIONS,
      ...WORKSPACE_OPTIONS,
    });
    const [name, state] = positionals;
    if (name === undefined) throw usageError("state", "Give a skill, e.g. skillbox state pdf off");
    rejectExtraArguments("state", positionals, 2);
    if (state !== undefined && !isSkillState(state)) {
      throw usageError("state", `Unknown state '${state}'; use ${SKILL_STATES.join(", ")}`);
    }
    if (state !== undefined && values.clear) throw usageError("state", "Give a state or --clear, not both");
    const scope = values.scope ?? "user";
    if (!(SCOPES as readonly string[]).includes(scope)) {
      throw usageError("state", `Unknown scope '${scope}'; use ${SCOPES.join(", ")}`);
    }
    const mcpTimeoutMs = parseMcpTimeout("state", values["mcp-timeout"]);
    const workspace = openCliWorkspace("state", io, values, { needsStore: true });
    try {
      const skillName =
        workspace.registry.get(name)?.name ??
        (await findMcpSkill(workspace, name, io, values["no-mcp"] === true ? undefined : mcpTimeoutMs)) ??
        findSkill(workspace, name).name;
      if (values.clear) workspace.clearState?.(skillName, scope as SkillStateScope);
      else if (state !== undefined) workspace.setState(skillName, state, scope as SkillStateScope);
      io.stdout(`${escapeTerminalLine(skillName)}: ${describeEffectiveState(workspace, skillName)}\n`);
      return EXIT_OK;
    } finally {
      workspace.close();
    }
  },
};

/** `off (from project)`: the effective state and the scope that decided it. */
function describeEffectiveState(workspace: Workspace, name: string): string {
  const effective = workspace.stateOf(name);
  const layers = workspace.settings.readSkillStateLayers(
    workspace.projectPath === undefined ? {} : { projectPath: workspace.projectPath },
  );
  const resolved = resolveSkillState(name, layers, effective);
  return `${resolved.state} (from ${resolved.source})`;
}

/**
 * `name` when it is `<label>:<skill>` for a configured MCP server: checked against the server's
 * listing when it answers (a miss is `skill-not-found` naming close matches), taken on trust with a
 * warning when it does not. Undefined for any other name.
 */
async function findMcpSkill(
  workspace: Workspace,
  name: string,
  io: CliIo,
  /** Undefined: take the name on trust without connecting. */
  timeoutMs: number | undefined,
): Promise<string | undefined> {
  const label = mcpLabelOf(name);
  if (label === undefined || !hasMcpServers(workspace.config)) return undefined;
  const { configuredMcpLabels, openMcpSkills } = await import(
    "@skillbox/workspace/workspace/open-mcp-skills"
  );
  if (!configuredMcpLabels(workspace).includes(label)) return undefined;
  if (timeoutMs === undefined) return name;
  const mcp = openMcpSkills(workspace, { timeoutMs });
  if (mcp === undefined || !mcp.owns(name)) {
    await mcp?.close();
    return undefined;
  }
  try {
    await mcp.ready;
    if (mcp.get(name) !== undefined) return name;
    const unreachable = mcp.diagnostics().filter((diagnostic) => diagnostic.path === `mcp:${label}`);
    if (unreachable.some((diagnostic) => diagnostic.code === "mcp-server-unavailable")) {
      for (const diagnostic of unreachable) io.stderr(`${formatDiagnosticLine(diagnostic)}\n`);
      io.stderr(
        `skillbox state: warning: could not check that the MCP server "${escapeTerminalLine(label)}" lists ${escapeTerminalLine(name)}; setting its state anyway\n`,
      );
      return name;
    }
    const names = mcp.entries().map((entry) => entry.name);
    const hint = describeNameMiss(name, names, "It lists", "It lists no skills.");
    throw new SkillboxError(
      "skill-not-found",
      `The MCP server "${label}" lists no skill '${name}'. ${hint}`,
      {
        data: { name },
      },
    );
  } finally {
    await mcp.close();
  }
}

/** The skill named `name`, or a `skill-not-found` error naming close matches (or a few skills). */
function findSkill(workspace: Workspace, name: string): SkillRecord {
  const record = workspace.registry.get(name);
  if (record !== undefined) return record;
  const names = workspace.registry.list({ includeShadowed: false }).map((item) => item.name);
  const hint = describeNameMiss(
    name,
    names,
    "Skills include",
    "No skills were found; run skillbox list to see the roots searched.",
  );
  throw new SkillboxError("skill-not-found", `No skill is named '${name}'. ${hint}`, { data: { name } });
}

/** "Did you mean …?" with close matches, else `lead` and a few of `names`, else `none`. */
function describeNameMiss(name: string, names: readonly string[], lead: string, none: string): string {
  const close = suggestSkillNames(name, [...names]);
  if (close.length > 0) return `Did you mean ${close.join(" or ")}?`;
  if (names.length === 0) return none;
  return `${lead} ${names.slice(0, 5).join(", ")}${names.length > 5 ? ", …" : ""} (skillbox list shows all).`;
}
