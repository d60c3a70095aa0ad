// Runs a hook configured as a shell command: JSON payload on stdin (Claude Code field names), JSON
// answer on stdout, exit code 2 blocks with stderr as the reason, as in Claude Code.
import { runShellCommand } from "../../tools/builtin/run-shell-command.js";
import { claudeToolName } from "../permissions/claude-tool-names.js";
import { HOOK_EVENT_NAMES, type HookPayload, type HookResponse } from "./hook-events.js";

/** A command hook and where it runs. */
export interface CommandHookOptions {
  command: string;
  timeoutMs: number;
  cwd: string;
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

/** A command hook's answer, or why it failed. */
export type CommandHookResult = { response: HookResponse | undefined } | { failure: string };

/** Runs the hook command with the payload and reads its answer; never throws. */
export async function runCommandHook(
  payload: HookPayload,
  options: CommandHookOptions,
): Promise<CommandHookResult> {
  const result = await runShellCommand({
    command: options.command,
    cwd: options.cwd,
    stdin: JSON.stringify(toCommandHookInput(payload)),
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    maxOutputChars: 1_000_000,
    env: { ...process.env, ...options.env, SKILLBOX_HOOK_EVENT: payload.event },
  });
  if (result.spawnError !== undefined) return { failure: `could not start: ${result.spawnError}` };
  if (result.timedOut) return { failure: `timed out after ${options.timeoutMs} ms` };
  if (result.aborted) return { failure: "aborted" };
  if (result.exitCode === 2) {
    return {
      response: { decision: "block", reason: result.stderr.trim() || `hook "${options.command}" blocked it` },
    };
  }
  if (result.exitCode !== 0) {
    const detail = result.stderr.trim().slice(0, 500);
    return { failure: `exited with code ${result.exitCode ?? "(killed)"}${detail ? `: ${detail}` : ""}` };
  }
  const text = result.stdout.trim();
  if (text === "") return { response: undefined };
  if (!text.startsWith("{")) return { response: undefined };
  try {
    return { response: readHookAnswer(JSON.parse(text) as unknown) };
  } catch (error) {
    return { failure: `printed invalid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The stdin object: Claude Code's field names, so existing hook scripts work, plus Skillbox's own. */
export function toCommandHookInput(payload: HookPayload): Record<string, unknown> {
  const input: Record<string, unknown> = {
    hook_event_name: HOOK_EVENT_NAMES[payload.event],
    event: payload.event,
    session_id: payload.sessionId,
    agent_name: payload.agentName,
  };
  if (payload.cwd !== undefined) input.cwd = payload.cwd;
  if (payload.tool !== undefined) {
    input.tool_name = claudeToolName(payload.tool);
    input.tool = payload.tool;
  }
  if (payload.input !== undefined) input.tool_input = payload.input;
  if (payload.output !== undefined) input.tool_response = payload.output;
  if (payload.isError !== undefined) input.is_error = payload.isError;
  if (payload.prompt !== undefined) input.prompt = payload.prompt;
  if (payload.skill !== undefined) input.skill = payload.skill;
  if (payload.task !== undefined) input.task = payload.task;
  if (payload.result !== undefined) input.result = payload.result;
  if (payload.stoppedBy !== undefined) input.stopped_by = payload.stoppedBy;
  if (payload.trigger !== undefined) input.trigger = payload.trigger;
  if (payload.reason !== undefined) input.reason = payload.reason;
  return input;
}

/**
 * Reads a hook's JSON answer: Skillbox's `{ decision, reason, input, output }` and Claude Code's
 * `{ decision: "block" }`, `{ continue: false, stopReason }` and `hookSpecificOutput`
 * (`permissionDecision: "deny"`, `updatedInput`).
 */
export function readHookAnswer(value: unknown): HookResponse | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const answer = value as Record<string, unknown>;
  const specific = isRecord(answer.hookSpecificOutput) ? answer.hookSpecificOutput : {};
  const response: HookResponse = {};
  const decision = answer.decision ?? specific.permissionDecision;
  if (decision === "block" || decision === "deny" || answer.continue === false) {
    response.decision = "block";
    const reason = answer.reason ?? specific.permissionDecisionReason ?? answer.stopReason;
    if (typeof reason === "string") response.reason = reason;
  }
  const input = answer.input ?? specific.updatedInput;
  if (isRecord(input)) response.input = input;
  const output = answer.output ?? specific.updatedOutput;
  if (typeof output === "string") response.output = output;
  return response;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
