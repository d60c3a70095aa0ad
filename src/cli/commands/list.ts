// `skillbox list [--json] [--query <text>]`: the registry view — every skill the roots hold, with its
// root, state, usage score and diagnostics; skipped files appear only in the top-level diagnostics.
// Skills of the config's MCP servers follow, named `<label>:<name>` with their server and base URI
// (skills/list only; the MCP client is loaded only when servers are configured and --no-mcp is absent).

import { translateIfEnabled } from "@skillbox/agent/translate/translate-if-enabled";
import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";
import { describeModelVisibility, type ModelVisibility } from "@skillbox/core/registry/model-visibility";
import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import type { SkillContext } from "@skillbox/core/skills/skill-metadata";
import type { UsageStat } from "@skillbox/core/store/usage-store";
import {
  hasMcpServers,
  isMcpSkillUserInvocable,
  type McpSkillEntry,
  type McpSkills,
  mcpModelVisibility,
} from "@skillbox/workspace/workspace/mcp-skills";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import type { CliCommand } from "../command.js";
import { escapeTerminalLine, formatDiagnosticLine } from "../escape-terminal-text.js";
import { EXIT_OK } from "../exit-codes.js";
import { MCP_OPTIONS, MCP_OPTIONS_HELP, parseMcpTimeout } from "../mcp-options.js";
import { openCliWorkspace, WORKSPACE_OPTIONS, WORKSPACE_OPTIONS_HELP } from "../open-cli-workspace.js";
import { openConfiguredTranslator } from "../open-configured-translator.js";
import { parseCommandArguments, rejectExtraArguments, usageError } from "../parse-command-arguments.js";
import { writeJsonListing } from "../write-json-listing.js";

const HELP = `Usage: skillbox list [--json] [--query <text>] [--limit <n>] [--no-mcp] [--dir <folder>...] [--cwd <folder>]

Lists the skills in the skill roots (project .agents/skills and .claude/skills up to the git root,
then ~/.agents/skills, ~/.claude/skills, ~/.skillbox/skills and the bundled skills), loaded the way
the runtime loads them: broken skills load with warnings; empty, binary, non-UTF-8 or oversized
files are skipped. A skill hidden by a higher root's skill of the same name is marked shadowed.
With translation on in the settings and a provider configured, the table shows descriptions in
that language, as the settings page does (--json keeps them as written).

Skills of the MCP servers in the config's mcpServers follow the local ones, named <server>:<skill>,
with root mcp:<server> and their base URI; they never shadow local skills nor are shadowed by them.
Only skills/list is asked (no SKILL.md is fetched); a server that fails or takes longer than
--mcp-timeout is one warning line on stderr.

Options:
  --json          Print { skills: [{ name, qualifiedName, description, root, path, directory,
                  state, score, usageCount, lastUsedAt, shadowed, modelInvocable, modelVisibility,
                  userInvocable, context,
                  paths, diagnostics }], diagnostics }; modelVisibility says what the model gets
                  (listed) or why not (state, shadowed, disable-model-invocation,
                  waiting-for-paths: no file matching its paths has been touched yet); an MCP
                  skill also has mcp: { server, skillName, uri, baseUri }
  --query <text>  Search names, descriptions, when_to_use and tags; best matches first
  --limit <n>     With --query, how many results (default 10)
${MCP_OPTIONS_HELP}
${WORKSPACE_OPTIONS_HELP}
  --help          Print this help
`;

/** One skill in `list --json`. */
export interface ListedSkillJson {
  name: string;
  qualifiedName: string;
  description: string;
  /** The root's label. */
  root: string;
  /** The SKILL.md path. */
  path: string;
  /** The skill's folder. */
  directory: string;
  state: string;
  /** Usage score (recent, frequent use is higher). */
  score: number;
  /** How many times the skill was loaded or run (this record's own count when shadowed). */
  usageCount: number;
  /** When it was last used (ISO 8601); null when never. */
  lastUsedAt: string | null;
  shadowed: boolean;
  /** Listed in the model's Layer 1 prompt. */
  modelInvocable: boolean;
  /** What the model gets of it, and if nothing, why. */
  modelVisibility: ModelVisibility;
  /** A person may run it with /name. */
  userInvocable: boolean;
  context: SkillContext;
  /** Its `paths:` globs: the model sees it only once a matching file is touched. */
  paths: string[];
  /** Search relevance, with --query. */
  relevance?: number;
  diagnostics: Diagnostic[];
  /** Where an MCP skill comes from; absent for local skills. */
  mcp?: ListedMcpOrigin;
}

/** The origin of an MCP skill in `list --json`. */
export interface ListedMcpOrigin {
  /** The server's label in mcpServers. */
  server: string;
  /** The skill's own name (frontmatter), without the label. */
  skillName: string;
  /** Its SKILL.md URI. */
  uri: string;
  /** The skill root its relative paths resolve against. */
  baseUri: string;
}

export const listCommand: CliCommand = {
  name: "list",
  summary: "List the skills in the skill roots (or search them with --query)",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("list", args, {
      json: { type: "boolean" },
      query: { type: "string" },
      limit: { type: "string" },
      ...MCP_OPTIONS,
      ...WORKSPACE_OPTIONS,
    });
    rejectExtraArguments("list", positionals, 0);
    const limit = values.limit === undefined ? 10 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1)
      throw usageError("list", `--limit must be a positive whole number, not '${values.limit}'`);
    const mcpTimeoutMs = parseMcpTimeout("list", values["mcp-timeout"]);
    const workspace = openCliWorkspace("list", io, values);
    let mcp: McpSkills | undefined;
    try {
      // Connecting starts before the local walk, so the two overlap.
      if (!values["no-mcp"] && hasMcpServers(workspace.config)) {
        const { openMcpSkills } = await import("@skillbox/workspace/workspace/open-mcp-skills");
        mcp = openMcpSkills(workspace, { timeoutMs: mcpTimeoutMs });
      }
      const found =
        values.query === undefined
          ? workspace.registry.list().map((record) => ({ record, relevance: undefined }))
          : // Loaded only for a search: a plain listing never needs the ranking code.
            (
              await (
                await import("@skillbox/core/registry/semantic/hybrid-search")
              ).hybridSearch(workspace.registry, values.query, limit)
            ).map((result) => ({
              record: result.record,
              relevance: round(result.score),
            }));
      const describeFound = ({
        record,
        relevance,
      }: {
        record: SkillRecord;
        relevance: number | undefined;
      }) =>
        relevance === undefined ? describe(workspace, record) : { ...describe(workspace, record), relevance };
      await mcp?.ready;
      const mcpSkills = matchMcpSkills(mcp?.entries() ?? [], values.query)
        .slice(0, values.query === undefined ? undefined : limit)
        .map((entry) => describeMcpSkill(workspace, entry));
      const diagnostics = [
        ...workspace.diagnostics,
        ...workspace.registry.diagnostics({ includeSkills: false }),
        ...(mcp?.diagnostics() ?? []),
      ];
      if (values.json) {
        // Each row is made just before it is written: 10,000 rows never sit in memory at once.
        function* rows() {
          for (const item of found) yield describeFound(item);
          yield* mcpSkills;
        }
        await writeJsonListing(
          io.stdout,
          [
            ["skills", rows()],
            ["diagnostics", diagnostics],
          ],
          io.drainStdout,
        );
        return EXIT_OK;
      }
      const skills = [...found.map(describeFound), ...mcpSkills];
      if (skills.length > 0) {
        // Shown in the settings' language, as on the settings page (JSON keeps them as written).
        const translator = await openConfiguredTranslator("list", io, workspace);
        const descriptions = await translateIfEnabled(translator, workspace.settings, skills);
        io.stdout(
          renderTable(skills.map((skill, index) => ({ ...skill, description: descriptions[index] ?? "" }))),
        );
      }
      for (const diagnostic of [...skills.flatMap((skill) => skill.diagnostics), ...diagnostics]) {
        io.stderr(`${formatDiagnosticLine(diagnostic)}\n`);
      }
      if (skills.length === 0) {
        io.stderr(
          values.query === undefined
            ? `No skills found in ${escapeTerminalLine(workspace.roots.map((root) => root.path).join(", "))}${mcp === undefined ? "" : " nor on the MCP servers"}\n`
            : `No skills match '${escapeTerminalLine(values.query)}'\n`,
        );
      }
      return EXIT_OK;
    } finally {
      await mcp?.close();
      workspace.close();
    }
  },
};

/** MCP skills by name; with a query, those whose name or description holds every word of it. */
function matchMcpSkills(entries: readonly McpSkillEntry[], query: string | undefined): McpSkillEntry[] {
  const sorted = [...entries].sort((left, right) =>
    left.name < right.name ? -1 : left.name > right.name ? 1 : 0,
  );
  if (query === undefined) return sorted;
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== "");
  return sorted.filter((entry) => {
    const text = `${entry.name} ${entry.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

function describeMcpSkill(workspace: Workspace, entry: McpSkillEntry): ListedSkillJson {
  const state = workspace.stateOf(entry.name);
  const modelVisibility = mcpModelVisibility(state);
  return {
    name: entry.name,
    qualifiedName: entry.name,
    description: entry.description,
    root: `mcp:${entry.label}`,
    path: entry.uri,
    directory: entry.rootUri,
    state,
    score: 0,
    ...describeUsage(workspace.usage.get(entry.name)),
    shadowed: false,
    modelInvocable: modelVisibility === "listed",
    modelVisibility,
    userInvocable: isMcpSkillUserInvocable(entry, state),
    context: "inline",
    paths: [],
    diagnostics: [],
    mcp: { server: entry.label, skillName: entry.skillName, uri: entry.uri, baseUri: entry.rootUri },
  };
}

function describeUsage(stat: UsageStat | undefined): Pick<ListedSkillJson, "usageCount" | "lastUsedAt"> {
  return {
    usageCount: stat?.count ?? 0,
    lastUsedAt: stat === undefined ? null : new Date(stat.lastUsedAt).toISOString(),
  };
}

function describe(workspace: Workspace, record: SkillRecord): ListedSkillJson {
  const modelVisibility = describeModelVisibility(record, workspace.stateOf(record.name));
  return {
    name: record.name,
    qualifiedName: record.qualifiedName,
    description: record.metadata.description,
    root: record.root.label,
    path: record.file,
    directory: record.directory,
    state: record.shadowed ? "shadowed" : workspace.stateOf(record.name),
    score: round(record.shadowed ? 0 : workspace.registry.usageScore(record.name)),
    ...describeUsage(workspace.registry.usageOf(record)),
    shadowed: record.shadowed,
    modelInvocable: modelVisibility === "listed",
    modelVisibility,
    userInvocable: workspace.registry.isUserInvocable(record),
    context: record.metadata.context,
    paths: [...record.metadata.paths],
    diagnostics: [...record.diagnostics],
  };
}

function renderTable(listed: readonly ListedSkillJson[]): string {
  const skills = listed.map((skill) => ({
    ...skill,
    name: escapeTerminalLine(skill.name),
    qualifiedName: escapeTerminalLine(skill.qualifiedName),
    root: escapeTerminalLine(skill.root),
    description: `${escapeTerminalLine(oneLine(skill.description))}${VISIBILITY_NOTES[skill.modelVisibility] ?? ""}${
      skill.mcp === undefined
        ? ""
        : escapeTerminalLine(` (MCP server ${skill.mcp.server}, ${skill.mcp.baseUri})`)
    }`,
  }));
  const nameWidth = Math.min(40, Math.max(4, ...skills.map((skill) => displayName(skill).length)));
  const stateWidth = Math.max(5, ...skills.map((skill) => skill.state.length));
  const rootWidth = Math.min(24, Math.max(4, ...skills.map((skill) => skill.root.length)));
  const usesWidth = Math.max(4, ...skills.map((skill) => String(skill.usageCount).length));
  const header = `${"NAME".padEnd(nameWidth)}  ${"STATE".padEnd(stateWidth)}  ${"SCORE".padStart(5)}  ${"USES".padStart(usesWidth)}  ${"ROOT".padEnd(rootWidth)}  DESCRIPTION`;
  const lines = skills.map(
    (skill) =>
      `${displayName(skill).padEnd(nameWidth)}  ${skill.state.padEnd(stateWidth)}  ${skill.score.toFixed(2).padStart(5)}  ${String(skill.usageCount).padStart(usesWidth)}  ${skill.root.padEnd(rootWidth)}  ${skill.description}`,
  );
  return `${[header, ...lines].join("\n")}\n`;
}

/** Shown after the description when the state column alone would mislead. */
const VISIBILITY_NOTES: Partial<Record<ModelVisibility, string>> = {
  "waiting-for-paths": " (offered to the model once matching files are touched)",
};

function displayName(skill: ListedSkillJson): string {
  return skill.shadowed ? skill.qualifiedName : skill.name;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 100 ? `${flat.slice(0, 99)}…` : flat;
}
