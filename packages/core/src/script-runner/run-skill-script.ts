// Runs a file from a skill's `scripts/` folder, but only when the person allowed scripts for that
// skill: contained path, no shell, minimal environment, timeout, output cap, audit entry.
import { describeError, isSkillboxError, SkillboxError } from "../errors.js";
import type { AuditLog, AuditStatus } from "../store/audit-log.js";
import { capText } from "../text/preview-text.js";
import { buildScriptEnvironment } from "./build-script-environment.js";
import { chooseInterpreter } from "./choose-interpreter.js";
import { resolveScriptPath } from "./resolve-script-path.js";
import { runScriptProcess, type SkillScriptResult, type SpawnFunction } from "./run-script-process.js";

/** Default limit on a script's run time. */
export const DEFAULT_SCRIPT_TIMEOUT_MS = 30_000;
/** Bytes kept per output stream (1 MiB): the one cap of `skillbox exec`, the HTTP route and the tool. */
export const DEFAULT_SCRIPT_MAX_OUTPUT_BYTES = 1024 * 1024;
/** The tool name audit entries are recorded under. */
export const RUN_SKILL_SCRIPT_AUDIT_TOOL = "run_skill_script";

const AUDIT_PREVIEW_CHARS = 500;

export interface RunSkillScriptOptions {
  /** The skill's folder (the one holding SKILL.md); the script runs with it as working directory. */
  skillDirectory: string;
  skillName: string;
  /** File name relative to `<skillDirectory>/scripts/` (a leading `scripts/` is accepted). */
  script: string;
  /** Passed verbatim, one array element per argument; no shell ever sees them. */
  args?: readonly string[];
  /** The caller's decision from settings (scripts are allowed per skill, off by default). */
  allowed: boolean;
  /** The environment PATH, HOME, LANG and TERM are copied from; nothing else in it reaches the script. */
  env: Readonly<Record<string, string | undefined>>;
  /** Default 30 000 ms. */
  timeoutMs?: number;
  /** Bytes kept per stream, default 1 MiB; the rest is dropped with a note. */
  maxOutputBytes?: number;
  /** Milliseconds between SIGTERM and SIGKILL on timeout or abort (default 2000). */
  killGraceMs?: number;
  /** The Node that runs .js/.mjs/.cjs scripts (default: the running one). */
  nodePath?: string;
  signal?: AbortSignal;
  /** Receives all output as it arrives (uncapped), e.g. to stream it to a terminal. */
  onOutput?: (stream: "stdout" | "stderr", text: string) => void;
  spawn?: SpawnFunction;
  /** When given, every attempt (allowed or not) is recorded as a `run_skill_script` entry. */
  audit?: AuditLog;
  /** For the audit entry (default "skillbox"). */
  agentName?: string;
  /** For the audit entry (default ""). */
  sessionId?: string;
}

/**
 * Runs the script and resolves with its exit status and output. Throws SkillboxError
 * `permission-denied` when not allowed, `path-escape`/`invalid-argument`/`path-not-found` for a
 * bad script name, and `io-error` when its interpreter cannot be started. Never uses a shell.
 */
export async function runSkillScript(options: RunSkillScriptOptions): Promise<SkillScriptResult> {
  const started = Date.now();
  const clock = performance.now();
  const args = options.args ?? [];
  try {
    const result = await run(options, args);
    const status: AuditStatus = result.exitCode === 0 && !result.timedOut ? "ok" : "error";
    record(options, args, {
      at: started,
      durationMs: result.durationMs,
      status,
      output: describeResult(result),
    });
    return result;
  } catch (error) {
    const status: AuditStatus = isSkillboxError(error, "permission-denied") ? "denied" : "error";
    const durationMs = Math.round(performance.now() - clock);
    record(options, args, { at: started, durationMs, status, output: describeError(error) });
    throw error;
  }
}

async function run(options: RunSkillScriptOptions, args: readonly string[]): Promise<SkillScriptResult> {
  if (!options.allowed) throw notAllowed(options.skillName);
  checkArguments(args);
  const timeoutMs = checkLimit("timeoutMs", options.timeoutMs ?? DEFAULT_SCRIPT_TIMEOUT_MS);
  const maxOutputBytes = checkLimit(
    "maxOutputBytes",
    options.maxOutputBytes ?? DEFAULT_SCRIPT_MAX_OUTPUT_BYTES,
  );
  const resolved = await resolveScriptPath(options.skillDirectory, options.script);
  const command = await chooseInterpreter(resolved.absolute, {
    mode: resolved.mode,
    nodePath: options.nodePath ?? process.execPath,
  });
  return runScriptProcess({
    command: command.command,
    args: [...command.args, ...args],
    cwd: options.skillDirectory,
    env: buildScriptEnvironment(options.env, { directory: options.skillDirectory, name: options.skillName }),
    timeoutMs,
    maxOutputBytes,
    ...(options.killGraceMs === undefined ? {} : { killGraceMs: options.killGraceMs }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.onOutput === undefined ? {} : { onOutput: options.onOutput }),
    ...(options.spawn === undefined ? {} : { spawn: options.spawn }),
  });
}

/** The error for a skill whose scripts the person has not allowed; says how to allow them. */
export function notAllowed(skillName: string): SkillboxError {
  return new SkillboxError(
    "permission-denied",
    `Scripts of skill "${skillName}" are not allowed to run. To allow them, run \`skillbox settings allow-scripts ${skillName}\`, ` +
      `switch on "Allow scripts" for the skill on the settings page, or add "${skillName}" to allowScripts in the skill settings.`,
    { data: { skill: skillName } },
  );
}

function checkArguments(args: readonly string[]): void {
  for (const [index, arg] of args.entries()) {
    if (typeof arg !== "string") {
      throw new SkillboxError(
        "invalid-argument",
        `Script argument ${index + 1} must be a string; got ${typeof arg}.`,
      );
    }
    if (arg.includes("\0")) {
      throw new SkillboxError(
        "invalid-argument",
        `Script argument ${index + 1} contains a NUL character, which no program can receive.`,
      );
    }
  }
}

function checkLimit(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) {
    throw new SkillboxError("invalid-argument", `${name} must be a positive number; got ${value}.`);
  }
  return Math.ceil(value);
}

function describeResult(result: SkillScriptResult): string {
  const ending = result.timedOut
    ? "timed out"
    : result.aborted
      ? "cancelled"
      : result.exitCode === null
        ? `killed by ${result.signal ?? "a signal"}`
        : `exit ${result.exitCode}`;
  return `${ending} after ${result.durationMs} ms\n${result.stdout}${result.stderr === "" ? "" : `\n${result.stderr}`}`;
}

function record(
  options: RunSkillScriptOptions,
  args: readonly string[],
  outcome: { at: number; durationMs: number; status: AuditStatus; output: string },
): void {
  const { at, durationMs, status, output } = outcome;
  options.audit?.record({
    agentName: options.agentName ?? "skillbox",
    sessionId: options.sessionId ?? "",
    tool: RUN_SKILL_SCRIPT_AUDIT_TOOL,
    status,
    durationMs,
    inputPreview: capText(
      JSON.stringify({ skill: options.skillName, script: options.script, args }),
      AUDIT_PREVIEW_CHARS,
    ),
    outputPreview: capText(output, AUDIT_PREVIEW_CHARS),
    at,
  });
}
