// User-invocable skills as MCP prompts (clients offer prompts as slash commands): arguments from the
// skill's `arguments:` list or its `argument-hint`, and the body rendered as `/name args` would be.

import { invokeUserSkill } from "@skillbox/agent/agent/invocation/user-invocation";
import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";
import type { SkillRegistry } from "@skillbox/core/registry/skill-registry-types";
import type { SkillState } from "@skillbox/core/store/skill-state";
import { FORK_INLINE_NOTE } from "@skillbox/core/tools/load-skill";
import { type PresentSkillLocation, presentPathsIn } from "@skillbox/core/tools/skill-location";
import { skillExposure } from "./skill-exposure.js";

/** One prompt argument as MCP lists it. */
export interface SkillPromptArgument {
  name: string;
  description?: string;
  required: boolean;
}

/** One skill offered as a prompt. */
export interface SkillPrompt {
  /** The skill's name, or its qualified name when another skill of that name wins. */
  name: string;
  record: SkillRecord;
  description: string;
  arguments: SkillPromptArgument[];
}

/** The name of the single free-text argument a skill with only an `argument-hint` gets. */
export const FREE_TEXT_ARGUMENT = "args";

/** Every skill whose state lets a person run it, sorted by prompt name. */
export function listSkillPrompts(
  registry: SkillRegistry,
  stateOf: (name: string) => SkillState,
): SkillPrompt[] {
  const prompts: SkillPrompt[] = [];
  for (const record of registry.list({ includeShadowed: true })) {
    if (!skillExposure(record, stateOf(record.name)).prompt) continue;
    prompts.push({
      name: record.shadowed ? record.qualifiedName : record.name,
      record,
      description: record.metadata.description,
      arguments: promptArguments(record),
    });
  }
  return prompts.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
}

function promptArguments(record: SkillRecord): SkillPromptArgument[] {
  const { arguments: names, argumentHint } = record.metadata;
  if (names.length > 0) {
    return names.map((name, index) => ({
      name,
      description: `Argument ${index + 1}${argumentHint === undefined ? "" : ` (${argumentHint})`}`,
      required: false,
    }));
  }
  if (argumentHint !== undefined)
    return [{ name: FREE_TEXT_ARGUMENT, description: argumentHint, required: false }];
  return [];
}

/** What rendering needs beyond the prompt. */
export interface RenderSkillPromptOptions {
  registry: SkillRegistry;
  /** Whether `` !`cmd` `` lines may run (the settings' `allowShellInjection`), as for `/name` in chat. */
  allowShellCommands: boolean;
  /** The skill's base as the client sees it (its `skill://…/` URI), never the folder on disk. */
  presentLocation: PresentSkillLocation;
  sessionId?: string;
}

/**
 * The text `/name args` gives in chat: variables and arguments substituted, shell lines run only when
 * the settings allow them, the base named as `presentLocation` says. A fork skill comes inline with
 * a note that it is meant for a sub-agent: the client is the agent and may run it in one. Throws an
 * Error whose message says why the skill cannot be run (shell lines need the setting) — the caller
 * maps it to `-32602`.
 */
export async function renderSkillPrompt(
  prompt: SkillPrompt,
  values: Readonly<Record<string, string | undefined>>,
  options: RenderSkillPromptOptions,
): Promise<string> {
  const record = prompt.record;
  const base = options.presentLocation(record);
  const fork = record.metadata.context === "fork";
  const raw =
    record.metadata.arguments.length > 0
      ? record.metadata.arguments.map((name) => quoteArgument(values[name] ?? "")).join(" ")
      : (values[FREE_TEXT_ARGUMENT] ?? "");
  const invocation = await invokeUserSkill(`/skill ${raw}`, {
    // A fixed alias: qualified names may hold characters a slash command cannot.
    skills: {
      // Named by its base (substitutions and the message say skill://…/); forks are served inline.
      get: (name) =>
        name === "skill"
          ? {
              name: record.name,
              directory: base,
              metadata: fork ? { ...record.metadata, context: "inline" } : record.metadata,
            }
          : undefined,
      readBody: () => options.registry.readBody(record.qualifiedName),
      isUserInvocable: () => true,
      recordUsage: () => options.registry.recordUsage(record.qualifiedName),
    },
    allowShellCommands: options.allowShellCommands,
    // Shell lines (when allowed) still run in the skill's folder on disk.
    cwd: record.directory,
    ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
  });
  if (invocation.kind === "inline") {
    // Shell output (when allowed) may name the folder: the client sees the base instead.
    const content = presentPathsIn(invocation.message.content, record, options.presentLocation);
    return fork ? withNote(content, FORK_INLINE_NOTE) : content;
  }
  throw new Error(
    invocation.kind === "refused"
      ? presentPathsIn(invocation.message, record, options.presentLocation)
      : `Skill "${prompt.name}" could not be run.`,
  );
}

/** `note` as the first paragraph inside the `<skill …>` message. */
function withNote(content: string, note: string): string {
  const newline = content.indexOf("\n");
  return newline === -1
    ? `${note}\n\n${content}`
    : `${content.slice(0, newline + 1)}${note}\n\n${content.slice(newline + 1)}`;
}

/** Double-quotes a value so the shell-style splitter gives it back as one argument. */
function quoteArgument(value: string): string {
  return `"${value.replace(/["\\$`]/g, (character) => `\\${character}`)}"`;
}
