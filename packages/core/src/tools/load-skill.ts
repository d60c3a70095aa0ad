// The load_skill tool (Layer 2): returns a skill's instructions inline, or runs a `context: fork`
// skill in a sub-agent, after substituting variables and arguments into its body.

import * as path from "node:path";
import { isSkillboxError } from "../errors.js";
import { buildToolDescription } from "../prompt/tool-description.js";
import type { SkillRecord } from "../registry/index/skill-record.js";
import type { SkillEntry } from "../registry/skill-entry.js";
import type { SkillContent, SkillRegistry } from "../registry/skill-registry-types.js";
import { splitShellCommands } from "../skills/split-shell-commands.js";
import { substituteSkillBody } from "../skills/substitute.js";
import { defineTool, type Tool, type ToolContext, type ToolResult, toolError } from "./define-tool.js";
import { formatInlineSkill } from "./format-inline-skill.js";
import { type InputOf, inputObject, integerField, type OutputOf, stringField } from "./input-schema.js";
import { listSkillFiles } from "./list-skill-files.js";
import { describeAvailable, listLoadableNames, resolveLoadableSkill } from "./resolve-loadable-skill.js";
import { createSessionLoadTracker, type SessionLoadTracker } from "./session-loads.js";
import type { SkillLoaded } from "./skill-loaded.js";
import { type PresentSkillLocation, presentOnDisk, presentPathsIn } from "./skill-location.js";
import { SUB_AGENT_DEFAULT_STEPS, SUB_AGENT_MAX_STEPS, type SubAgentRunner } from "./sub-agent-runner.js";
import { LOAD_SKILL_TOOL, SEARCH_SKILLS_TOOL } from "./tool-names.js";

/** Above this many loadable skills `skill_name` is a plain string instead of an enum (search finds names). */
export const MAX_ENUM_NAMES = 250;

const SKILL_NAME = "Name of the skill to load.";

/** load_skill's input, with `skill_name` as given (buildInputSchema lists the current names in it). */
function loadSkillInput(skillName = stringField({ description: SKILL_NAME })) {
  return inputObject({
    skill_name: skillName,
    args: stringField({
      description: "Arguments for the skill, as a user would type them after /name (optional).",
    }).optional(),
    max_steps: integerField({
      min: 1,
      max: SUB_AGENT_MAX_STEPS,
      clamp: true,
      default: SUB_AGENT_DEFAULT_STEPS,
      description: `For skills that run in a sub-agent: its step limit (default ${SUB_AGENT_DEFAULT_STEPS}, at most ${SUB_AGENT_MAX_STEPS}).`,
    }).optional(),
  });
}

type LoadSkillSchema = ReturnType<typeof loadSkillInput>;
/** load_skill's input as callers give it. */
export type LoadSkillInput = InputOf<LoadSkillSchema>;
type CheckedInput = OutputOf<LoadSkillSchema>;

/** What load_skill works from. */
export interface LoadSkillToolOptions {
  /** The skills, with their states (on, name-only, user-only, off) built in. */
  registry: SkillRegistry;
  /**
   * Orders the skills its description lists (an agent session's fixed order, see
   * createSessionCatalogOrder); default by usage score, then name.
   */
  orderEntries?: (entries: SkillEntry[]) => SkillEntry[];
  /** Runs `context: fork` skills; without one they fail with a clear error, unless `forkWithoutRunner` says otherwise. */
  subAgentRunner?: SubAgentRunner;
  /**
   * A fork skill with no runner: `refuse` (default: the local agent has a runner or says why not), or
   * `inline`: its instructions are returned with a note that they are meant for a sub-agent — for a
   * caller that is itself the agent (an MCP client), which may run them in one of its own.
   */
  forkWithoutRunner?: "refuse" | "inline";
  /** How the skill's folder is named in the result and messages; default its path on disk. */
  presentLocation?: PresentSkillLocation;
  /** Remembers what each session already received; default one tracker per tool. */
  sessionLoads?: SessionLoadTracker;
  /** Files listed for Layer 3 at most; default 30, 0 to leave the list out. */
  maxListedFiles?: number;
}

/**
 * Creates load_skill. Its description and `skill_name` enum are read from the registry on every
 * access. An inline load returns the skill's text for the model and, as `data`, a `skill-loaded`
 * record the agent activates the skill from.
 */
export function createLoadSkillTool(options: LoadSkillToolOptions): Tool<LoadSkillInput> {
  const { registry } = options;
  const present = options.presentLocation ?? presentOnDisk;
  const sessionLoads = options.sessionLoads ?? createSessionLoadTracker();
  return defineTool({
    name: LOAD_SKILL_TOOL,
    get description() {
      const { orderEntries } = options;
      if (orderEntries === undefined) return buildToolDescription(registry.toolEntries());
      return buildToolDescription(orderEntries(registry.toolEntries()), { order: "given" });
    },
    inputSchema: () => buildInputSchema(listLoadableNames(registry)),
    async execute(input, context) {
      const resolved = resolveLoadableSkill(registry, input.skill_name);
      if ("error" in resolved) return resolved.error;
      const { record } = resolved;
      let content: SkillContent;
      try {
        content = registry.loadSkill(record.qualifiedName);
      } catch (error) {
        if (!isSkillboxError(error)) throw error;
        // Deleted or broken since it was listed: say so and offer what is left.
        const message = presentPathsIn(error.message, record, present);
        return toolError(`${message} ${describeAvailable(registry, record.name)}`, {
          skill: record.name,
        });
      }
      const current = content.record;
      const base = present(current);
      const body = substituteSkillBody(content.body, {
        skillDir: base,
        ...(context.sessionId === undefined ? {} : { sessionId: context.sessionId }),
        ...(input.args === undefined ? {} : { arguments: input.args }),
        argumentNames: current.metadata.arguments,
      });
      const fork = current.metadata.context === "fork";
      if (fork && (options.subAgentRunner !== undefined || options.forkWithoutRunner !== "inline")) {
        return runFork(options, current, body, input, context);
      }
      // Found in the body as written, so argument text that looks like a command is not counted.
      const hasShellLines = splitShellCommands(content.body).some((part) => typeof part !== "string");
      const notes = [
        ...(fork ? [FORK_INLINE_NOTE] : []),
        ...(hasShellLines ? [describeUnrunShellLines(current.name)] : []),
      ];
      const text = formatInlineSkill({
        name: current.name,
        description: current.metadata.description,
        directory: base,
        body,
        ...(notes.length === 0 ? {} : { note: notes.join("\n\n") }),
        allowedTools: current.metadata.allowedTools,
        ...(options.maxListedFiles === 0
          ? {}
          : {
              files: listSkillFiles(current.directory, {
                limit: options.maxListedFiles ?? 30,
                exclude: [path.basename(current.file)],
              }),
            }),
      });
      const contentHash = hashContent(text);
      const sessionId = context.sessionId;
      if (sessionId !== undefined && sessionLoads.has(sessionId, contentHash)) {
        // No `data`: this note is not a skill body, so nothing activates or re-attaches it.
        return {
          content: `Skill "${current.name}" is already loaded in this conversation with the same content; follow the instructions given earlier.`,
          metadata: { alreadyLoaded: true, loadedSkill: current.name, contentHash },
        };
      }
      if (sessionId !== undefined) sessionLoads.add(sessionId, contentHash);
      registry.recordUsage(current.qualifiedName);
      const loaded: SkillLoaded = {
        kind: "skill-loaded",
        name: current.name,
        skillDir: base,
        body,
        allowedTools: [...current.metadata.allowedTools],
        disallowedTools: [...current.metadata.disallowedTools],
        hooks: current.metadata.hooks,
      };
      return {
        content: text,
        metadata: {
          skill: current.name,
          context: fork ? "fork" : "inline",
          execution_mode: "inline",
          contentHash,
        },
        data: loaded,
      };
    },
  });
}

/** What a fork skill served inline says first. */
export const FORK_INLINE_NOTE =
  "This skill is meant to run in a sub-agent (context: fork): if you can, give these instructions to a " +
  "sub-agent with a fresh context and use its result; otherwise follow them here.";

/** What an inline load says when the body holds `` !`cmd` `` lines or ```! blocks, which only `/name` runs. */
function describeUnrunShellLines(name: string): string {
  return (
    `Note: the !\`command\` lines in this skill were not run (they run only when a person types /${name} ` +
    "with shell-injection on); where you need their output, run them with your own tools."
  );
}

async function runFork(
  options: LoadSkillToolOptions,
  record: SkillRecord,
  body: string,
  input: CheckedInput,
  context: ToolContext,
): Promise<ToolResult> {
  const contentHash = hashContent(body);
  if (options.subAgentRunner === undefined) {
    return toolError(
      `Skill "${record.name}" must run in a sub-agent (context: fork), but no sub-agent runner is configured here, so it cannot be loaded. Do the task without this skill, or ask the user to run it where sub-agents are available.`,
      { skill: record.name, context: "fork", execution_mode: "subagent", contentHash },
    );
  }
  const maxSteps = input.max_steps ?? SUB_AGENT_DEFAULT_STEPS;
  options.registry.recordUsage(record.qualifiedName);
  const result = await options.subAgentRunner.run({
    skillName: record.name,
    body,
    baseDirectory: record.directory,
    allowedTools: [...record.metadata.allowedTools],
    disallowedTools: [...record.metadata.disallowedTools],
    maxSteps,
    ...(record.metadata.model === undefined ? {} : { model: record.metadata.model }),
    ...(context.sessionId === undefined ? {} : { sessionId: context.sessionId }),
    hooks: record.metadata.hooks,
    ...(context.abortSignal === undefined ? {} : { signal: context.abortSignal }),
  });
  return {
    ...result,
    metadata: {
      ...result.metadata,
      skill: record.name,
      context: "fork",
      execution_mode: "subagent",
      maxSteps,
      contentHash,
    },
  };
}

const plainLoadSkillInput = loadSkillInput();

/** The schema providers see: `skill_name` lists the loadable names, unless there are too many. */
function buildInputSchema(names: readonly string[]): LoadSkillSchema {
  if (names.length === 0) return plainLoadSkillInput;
  // An enum in the JSON Schema only: a name outside it gets the tool's did-you-mean answer, not a schema error.
  return loadSkillInput(
    names.length <= MAX_ENUM_NAMES
      ? stringField({ description: SKILL_NAME, enumHint: names })
      : stringField({ description: `Name of the skill to load (${SEARCH_SKILLS_TOOL} finds names).` }),
  );
}

function hashContent(text: string): string {
  // node:crypto loads ~20 internal modules: fetched on the first load_skill, not when core is imported.
  const { createHash } = process.getBuiltinModule("node:crypto");
  return createHash("sha256").update(text).digest("hex");
}
