// Dynamic context in skill bodies: `` !`cmd` `` (at a line start or after whitespace) and ```! fenced
// blocks run before the model sees the body, and their output takes their place. Off unless a
// setting allows it; any failure stops the invocation (fail closed).
import { type SkillBodyPart, splitShellCommands } from "@skillbox/core/skills/split-shell-commands";
import { type SubstitutionOptions, substituteSkillParts } from "@skillbox/core/skills/substitute";
import { runShellCommand } from "@skillbox/core/tools/builtin/run-shell-command";

/** Settings for running the commands. */
export interface ShellExpansionOptions {
  /** Off by default: a body with commands is refused, naming the first command. */
  allow?: boolean;
  cwd: string;
  /** Per command; default 120 000 ms (Claude Code's two minutes). */
  timeoutMs?: number;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  /** Output kept per command; default 30 000 characters. */
  maxOutputChars?: number;
  /**
   * Placeholders to fill in (arguments, `${SKILL_DIR}`…). Given here rather than substituted
   * beforehand, the commands are found in the body as written, so argument text that looks like
   * `` !`cmd` `` stays text; values inside commands are shell-quoted either way.
   */
  substitution?: SubstitutionOptions;
}

/** The body with outputs in place, or why it was refused. */
export type ShellExpansion =
  | { ok: true; text: string; commands: string[] }
  | { ok: false; command: string; message: string };

/** The commands a body would run, in order (fenced blocks and inline forms; plain code fences are skipped). */
export function findShellCommands(body: string): string[] {
  return splitShellCommands(body).flatMap((part) => (typeof part === "string" ? [] : [part.command]));
}

/** Runs every command in order and substitutes its output; output is not scanned again. */
export async function expandShellCommands(
  body: string,
  options: ShellExpansionOptions,
): Promise<ShellExpansion> {
  const parts: SkillBodyPart[] =
    options.substitution === undefined
      ? splitShellCommands(body)
      : substituteSkillParts(body, options.substitution);
  const commands = parts.flatMap((part) => (typeof part === "string" ? [] : [part.command]));
  if (commands.length === 0) {
    const text = parts.map((part) => (typeof part === "string" ? part : "")).join("");
    return { ok: true, text, commands };
  }
  if (options.allow !== true) {
    const command = commands[0] as string;
    return {
      ok: false,
      command,
      message: `it wants to run \`${command}\` first, and running commands from skill bodies is turned off (enable it only for skills you trust).`,
    };
  }
  let text = "";
  for (const part of parts) {
    if (typeof part === "string") {
      text += part;
      continue;
    }
    const timeoutMs = options.timeoutMs ?? 120_000;
    const result = await runShellCommand({
      command: part.command,
      cwd: options.cwd,
      timeoutMs,
      signal: options.signal,
      env: options.env,
      maxOutputChars: options.maxOutputChars ?? 30_000,
    });
    const failure = describeFailure(part.command, result, timeoutMs);
    if (failure !== undefined) return { ok: false, command: part.command, message: failure };
    text += result.stdout.replace(/\n$/, "");
  }
  return { ok: true, text, commands };
}

function describeFailure(
  command: string,
  result: Awaited<ReturnType<typeof runShellCommand>>,
  timeoutMs: number,
): string | undefined {
  if (result.spawnError !== undefined)
    return `its command \`${command}\` could not start: ${result.spawnError}.`;
  if (result.timedOut) return `its command \`${command}\` timed out after ${timeoutMs} ms.`;
  if (result.aborted) return `its command \`${command}\` was aborted.`;
  if (result.exitCode === 0) return undefined;
  // Exit code 1 from search and compare commands means "no match" / "differs", not failure.
  if (result.exitCode === 1 && /^\s*(grep|egrep|fgrep|rg|diff|cmp|test|\[)\b/.test(command)) return undefined;
  const detail = result.stderr.trim().slice(0, 300);
  return `its command \`${command}\` failed with exit code ${result.exitCode ?? "(killed)"}${detail ? `: ${detail}` : ""}.`;
}
