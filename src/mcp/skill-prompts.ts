// User-invocable skills as MCP prompts (clients offer prompts as slash commands): arguments from the
// skill's `arguments:` list or its `argument-hint`, and the body rendered as `/name args` would be.

import { invokeUserSkill } from "../agent/invocation/user-invocation.js";
import type { SkillRecord } from "../registry/index/skill-record.js";
import type { SkillRegistry } from "../registry/skill-registry-types.js";
import type { SkillState } from "../store/skill-state.js";
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
  sessionId?: string;
}

/**
 * The text `/name args` gives in chat: variables and arguments substituted, shell lines run only when
 * the settings allow them. Throws an Error whose message says why the skill cannot be run (a fork
 * skill needs Skillbox's sub-agent; shell lines need the setting) — the caller maps it to `-32602`.
 */
export async function renderSkillPrompt(
  prompt: SkillPrompt,
  values: Readonly<Record<string, string | undefined>>,
  options: RenderSkillPromptOptions,
): Promise<string> {
  const record = prompt.record;
  const raw =
    record.metadata.arguments.length > 0
      ? record.metadata.arguments.map((name) => quoteArgument(values[name] ?? "")).join(" ")
      : (values[FREE_TEXT_ARGUMENT] ?? "");
  const invocation = await invokeUserSkill(`/skill ${raw}`, {
    // A fixed alias: qualified names may hold characters a slash command cannot.
    skills: {
      get: (name) => (name === "skill" ? record : undefined),
      readBody: () => options.registry.readBody(record.qualifiedName),
      isUserInvocable: () => true,
      recordUsage: () => options.registry.recordUsage(record.qualifiedName),
    },
    allowShellCommands: options.allowShellCommands,
    ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
  });
  if (invocation.kind === "inline") return invocation.message.content;
  throw new Error(
    invocation.kind === "refused" ? invocation.message : `Skill "${prompt.name}" could not be run.`,
  );
}

/** Double-quotes a value so the shell-style splitter gives it back as one argument. */
function quoteArgument(value: string): string {
  return `"${value.replace(/["\\$`]/g, (character) => `\\${character}`)}"`;
}
