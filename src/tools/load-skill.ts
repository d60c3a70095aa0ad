// The load_skill tool (Layer 2): returns a skill's instructions inline, or runs a `context: fork`
// skill in a sub-agent, after substituting variables and arguments into its body.

import { createHash } from "node:crypto";
import * as path from "node:path";
import type { SubAgentRunner } from "../agent/sub-agents/sub-agent-runner.js";
import { isSkillboxError } from "../errors.js";
import type { CatalogEntry } from "../prompt/catalog-entry.js";
import { buildToolDescription } from "../prompt/tool-description.js";
import type { SkillRecord } from "../registry/index/skill-record.js";
import type { SkillContent, SkillRegistry } from "../registry/skill-registry-types.js";
import { substituteSkillBody } from "../skills/substitute.js";
import {
  defineTool,
  type JsonSchema,
  type Tool,
  type ToolContext,
  type ToolResult,
  toolError,
} from "./define-tool.js";
import { formatInlineSkill } from "./format-inline-skill.js";
import { listSkillFiles } from "./list-skill-files.js";
import {
  describeAvailable,
  isLoadableByModel,
  listLoadableNames,
  resolveLoadableSkill,
  type SkillStateLookup,
} from "./resolve-loadable-skill.js";
import { createSessionLoadTracker, type SessionLoadTracker } from "./session-loads.js";

/** The tool's name, as the agent and the Layer 1 text refer to it. */
export const LOAD_SKILL_TOOL_NAME = "load_skill";

/** A forked skill's sub-agent gets this many steps unless the model asks otherwise, and never more than the ceiling. */
export const DEFAULT_FORK_STEPS = 5;
export const MAX_FORK_STEPS = 10;

/** Above this many loadable skills `skill_name` is a plain string instead of an enum (search finds names). */
export const MAX_ENUM_NAMES = 250;

/** load_skill's input. */
export interface LoadSkillInput {
  skill_name: string;
  args?: string;
  max_steps?: number;
}

/** What load_skill works from. */
export interface LoadSkillToolOptions {
  registry: SkillRegistry;
  /** Runs `context: fork` skills; without one they fail with a clear error (never run inline). */
  subAgentRunner?: SubAgentRunner;
  /** Per-skill states; default the registry's own. */
  stateOf?: SkillStateLookup;
  /** Remembers what each session already received; default one tracker per tool. */
  sessionLoads?: SessionLoadTracker;
  /** Files listed for Layer 3 at most; default 30, 0 to leave the list out. */
  maxListedFiles?: number;
}

/** Creates load_skill. Its description and `skill_name` enum are read from the registry on every access. */
export function createLoadSkillTool(options: LoadSkillToolOptions): Tool<LoadSkillInput> {
  const { registry, stateOf } = options;
  const sessionLoads = options.sessionLoads ?? createSessionLoadTracker();
  return defineTool<LoadSkillInput>({
    name: LOAD_SKILL_TOOL_NAME,
    get description() {
      return buildToolDescription(toolEntries(registry, stateOf));
    },
    get inputSchema() {
      return buildInputSchema(listLoadableNames(registry, stateOf));
    },
    async execute(input, context) {
      const resolved = resolveLoadableSkill(registry, input?.skill_name, stateOf);
      if ("error" in resolved) return resolved.error;
      const { record } = resolved;
      if (input.args !== undefined && typeof input.args !== "string") {
        return toolError('args must be a string, e.g. "report.pdf --pages 1-3".');
      }
      let content: SkillContent;
      try {
        content = registry.loadSkill(record.qualifiedName);
      } catch (error) {
        if (!isSkillboxError(error)) throw error;
        // Deleted or broken since it was listed: say so and offer what is left.
        return toolError(`${error.message} ${describeAvailable(registry, stateOf, record.name)}`, {
          skill: record.name,
        });
      }
      const current = content.record;
      const body = substituteSkillBody(content.body, {
        skillDir: current.directory,
        ...(context.sessionId === undefined ? {} : { sessionId: context.sessionId }),
        ...(input.args === undefined ? {} : { arguments: input.args }),
        argumentNames: current.metadata.arguments,
      });
      if (current.metadata.context === "fork") return runFork(options, current, body, input, context);
      const text = formatInlineSkill({
        name: current.name,
        description: current.metadata.description,
        directory: current.directory,
        body,
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
        // No `skill` key: this note is not a skill body, so compaction must not re-attach it as one.
        return {
          content: `Skill "${current.name}" is already loaded in this conversation with the same content; follow the instructions given earlier.`,
          metadata: { alreadyLoaded: true, loadedSkill: current.name, contentHash },
        };
      }
      if (sessionId !== undefined) sessionLoads.add(sessionId, contentHash);
      registry.recordUsage(current.qualifiedName);
      return {
        content: text,
        metadata: { skill: current.name, context: "inline", execution_mode: "inline", contentHash },
      };
    },
  });
}

async function runFork(
  options: LoadSkillToolOptions,
  record: SkillRecord,
  body: string,
  input: LoadSkillInput,
  context: ToolContext,
): Promise<ToolResult> {
  const contentHash = hashContent(body);
  if (options.subAgentRunner === undefined) {
    return toolError(
      `Skill "${record.name}" must run in a sub-agent (context: fork), but no sub-agent runner is configured here, so it cannot be loaded. Do the task without this skill, or ask the user to run it where sub-agents are available.`,
      { skill: record.name, context: "fork", execution_mode: "subagent", contentHash },
    );
  }
  const maxSteps = clampSteps(input.max_steps);
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

/** `max_steps` as the sub-agent gets it: default 5, whole numbers from 1 to 10. */
export function clampSteps(requested: unknown): number {
  if (typeof requested !== "number" || !Number.isFinite(requested)) return DEFAULT_FORK_STEPS;
  return Math.min(MAX_FORK_STEPS, Math.max(1, Math.floor(requested)));
}

function buildInputSchema(names: readonly string[]): JsonSchema {
  const skillName: JsonSchema = { type: "string", description: "Name of the skill to load." };
  if (names.length > 0 && names.length <= MAX_ENUM_NAMES) skillName.enum = [...names];
  else if (names.length > MAX_ENUM_NAMES)
    skillName.description = "Name of the skill to load (search_skills finds names).";
  return {
    type: "object",
    properties: {
      skill_name: skillName,
      args: {
        type: "string",
        description: "Arguments for the skill, as a user would type them after /name (optional).",
      },
      max_steps: {
        type: "integer",
        minimum: 1,
        maximum: MAX_FORK_STEPS,
        default: DEFAULT_FORK_STEPS,
        description: "For skills that run in a sub-agent: its step limit (default 5, at most 10).",
      },
    },
    required: ["skill_name"],
    additionalProperties: false,
  };
}

function toolEntries(registry: SkillRegistry, stateOf: SkillStateLookup | undefined): CatalogEntry[] {
  const entries = registry.toolEntries();
  if (stateOf === undefined) return entries;
  const visible: CatalogEntry[] = [];
  for (const entry of entries) {
    const record = registry.get(entry.name);
    if (record === undefined || !isLoadableByModel(registry, record, stateOf)) continue;
    visible.push(stateOf(entry.name) === "name-only" ? { ...entry, descriptionHidden: true } : entry);
  }
  return visible;
}

function hashContent(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
