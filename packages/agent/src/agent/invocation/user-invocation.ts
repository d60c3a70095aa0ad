// `/name args` typed by the user: an inline skill's body (arguments substituted, shell lines run
// when allowed) joins the conversation as a `<skill name="…">` user message; a fork skill runs in
// a sub-agent. Works for disable-model-invocation skills; refused for user-invocable: false ones.
// Names another source owns (`<label>:<name>` from an MCP server) load through that source's own
// verified path, arguments substituted there, and join the conversation the same way.
import type { SkillMetadata } from "@skillbox/core/skills/skill-metadata";
import type { ToolResult } from "@skillbox/core/tools/define-tool";
import type { SkillLoaded } from "@skillbox/core/tools/skill-loaded";
import type { SubAgentRunner } from "@skillbox/core/tools/sub-agent-runner";
import { expandShellCommands } from "./expand-shell-commands.js";

/** One skill as user invocation needs it. */
export interface SkillSourceEntry {
  name: string;
  metadata: SkillMetadata;
  /** The skill's folder (absolute). */
  directory: string;
}

/** Where skills are looked up; the registry (SkillRegistry) satisfies it. */
export interface SkillSource {
  get(name: string): SkillSourceEntry | undefined;
  /** The body of SKILL.md (after the frontmatter); may throw when the file is gone. */
  readBody(name: string): string;
  names?(): string[];
  /** When present, decides instead of `metadata.userInvocable` (settings may override the frontmatter). */
  isUserInvocable?(name: string): boolean;
  /** When present, called once per successful invocation (usage ranking). */
  recordUsage?(name: string): unknown;
}

/**
 * Skills that load through a path of their own, e.g. MCP servers' (fetched, verified, origin-tagged):
 * their `` !`cmd` `` lines never run and they never fork; the result is the message the model sees.
 */
export interface ExternalSkillSource {
  owns(name: string): boolean;
  /** Why the user may not run this skill with `/name`, or undefined when they may. */
  refusal?(name: string): string | undefined;
  /** Loads the skill with `args` substituted; a success carries `skill-loaded` data. */
  invoke(
    name: string,
    args: string,
    options: { sessionId?: string; signal?: AbortSignal },
  ): Promise<ToolResult>;
}

export interface UserInvocationOptions {
  skills: SkillSource;
  /** Looked up when `skills` has no skill of the name. */
  external?: ExternalSkillSource;
  /** Runs `context: fork` skills; without it they are refused. */
  runner?: SubAgentRunner;
  sessionId?: string;
  /** Run `` !`cmd` `` lines and ```! blocks in bodies; default false (such skills are refused). */
  allowShellCommands?: boolean;
  /** Per command; default 120 000 ms. */
  shellTimeoutMs?: number;
  /** Where shell lines run; default the skill's folder. */
  cwd?: string;
  signal?: AbortSignal;
}

/** What the invocation came to. `none`: not a `/name` of a known skill, so treat the text as a plain prompt. */
export type UserInvocation =
  | { kind: "none" }
  | {
      kind: "inline";
      /** The local skill, or (for an external one) its name and base. */
      skill: Pick<SkillSourceEntry, "name" | "directory">;
      arguments: string;
      /** The `<skill name="…">` message for the history, with the skill it loads as data. */
      message: { role: "user"; content: string; data: SkillLoaded };
    }
  | { kind: "fork"; skill: SkillSourceEntry; arguments: string; result: ToolResult }
  | { kind: "refused"; skill: string; message: string };

/** Reads `/name args` at the start of a message; undefined when the message does not start with one. */
export function parseSlashCommand(text: string): { name: string; arguments: string } | undefined {
  const match = /^\s*\/([^\s/]+)(?:\s+([\s\S]*))?$/u.exec(text);
  if (match === null) return undefined;
  return { name: match[1] as string, arguments: (match[2] ?? "").trim() };
}

/** Resolves a user's `/name args` message. Never throws: failures are `refused` with a message that says why. */
export async function invokeUserSkill(text: string, options: UserInvocationOptions): Promise<UserInvocation> {
  const command = parseSlashCommand(text);
  if (command === undefined) return { kind: "none" };
  const skill = options.skills.get(command.name);
  if (skill === undefined) {
    return options.external?.owns(command.name) === true
      ? invokeExternalSkill(options.external, command, options)
      : { kind: "none" };
  }
  const refuse = (message: string): UserInvocation => ({ kind: "refused", skill: skill.name, message });
  const userInvocable = options.skills.isUserInvocable?.(command.name) ?? skill.metadata.userInvocable;
  if (!userInvocable) {
    return refuse(
      `Skill "${skill.name}" cannot be run with /${skill.name}: it is marked user-invocable: false, so only the model can load it.`,
    );
  }
  let body: string;
  try {
    // The name as typed: a qualified `root:name` must read that skill, not the winner of the plain name.
    body = options.skills.readBody(command.name);
  } catch (error) {
    return refuse(
      `Skill "${skill.name}" could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  // The substitution goes in with the body, so commands are found as the author wrote them: an
  // argument that reads like `` !`cmd` `` stays text and never runs.
  const expanded = await expandShellCommands(body, {
    allow: options.allowShellCommands === true,
    cwd: options.cwd ?? skill.directory,
    timeoutMs: options.shellTimeoutMs,
    signal: options.signal,
    substitution: {
      skillDir: skill.directory,
      sessionId: options.sessionId,
      arguments: command.arguments,
      argumentNames: skill.metadata.arguments,
    },
  });
  if (!expanded.ok) return refuse(`Skill "${skill.name}" was not run: ${expanded.message}`);

  options.skills.recordUsage?.(command.name);
  if (skill.metadata.context === "fork") {
    if (options.runner === undefined) {
      return refuse(
        `Skill "${skill.name}" runs in a sub-agent (context: fork), but no sub-agent runner is configured.`,
      );
    }
    const result = await options.runner.run({
      skillName: skill.name,
      body: expanded.text,
      baseDirectory: skill.directory,
      task: command.arguments,
      allowedTools: skill.metadata.allowedTools,
      disallowedTools: skill.metadata.disallowedTools,
      model: skill.metadata.model,
      sessionId: options.sessionId,
      hooks: skill.metadata.hooks,
      signal: options.signal,
    });
    return { kind: "fork", skill, arguments: command.arguments, result };
  }
  const instructions = expanded.text.trim();
  const content = `<skill name="${skill.name}">\nBase directory for this skill: ${skill.directory}\n\n${instructions}\n</skill>`;
  const data: SkillLoaded = {
    kind: "skill-loaded",
    name: skill.name,
    skillDir: skill.directory,
    body: instructions,
    allowedTools: [...skill.metadata.allowedTools],
    disallowedTools: [...skill.metadata.disallowedTools],
    hooks: skill.metadata.hooks,
  };
  return { kind: "inline", skill, arguments: command.arguments, message: { role: "user", content, data } };
}

/** `/label:name args` for a skill another source loads: its result becomes the `<skill>` user message. */
async function invokeExternalSkill(
  external: ExternalSkillSource,
  command: { name: string; arguments: string },
  options: UserInvocationOptions,
): Promise<UserInvocation> {
  const refuse = (message: string): UserInvocation => ({ kind: "refused", skill: command.name, message });
  const refusal = external.refusal?.(command.name);
  if (refusal !== undefined) return refuse(refusal);
  let result: ToolResult;
  try {
    result = await external.invoke(command.name, command.arguments, {
      ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  } catch (error) {
    return refuse(
      `Skill "${command.name}" could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const data = result.data;
  if (result.isError === true || data?.kind !== "skill-loaded") {
    return refuse(`Skill "${command.name}" was not run: ${result.content}`);
  }
  return {
    kind: "inline",
    skill: { name: data.name, directory: data.skillDir },
    arguments: command.arguments,
    message: { role: "user", content: result.content, data },
  };
}
