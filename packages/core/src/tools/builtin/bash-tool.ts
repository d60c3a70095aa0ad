// The `bash` built-in tool: runs a command in the workspace with a timeout, an output cap and a
// process-group kill on timeout or abort.
import { existsSync } from "node:fs";
import path from "node:path";
import { describeError } from "../../errors.js";
import { capText } from "../../text/preview-text.js";
import { defineTool, type Tool, toolError } from "../define-tool.js";
import { type InputOf, inputObject, numberField, stringField } from "../input-schema.js";
import { BASH_TOOL } from "../tool-names.js";
import { runShellCommand } from "./run-shell-command.js";
import { isInsideRoot, resolveWorkspacePath, resolveWorkspaceRoot, toPosix } from "./workspace-path.js";

/** Options shared by every built-in tool. */
export interface BuiltinToolOptions {
  /** The workspace root; every path the tool touches stays inside it. */
  root: string;
  /** Called with workspace-relative POSIX paths the tool read, wrote or listed (for path-activated skills). */
  onPathsTouched?: (paths: string[]) => void;
}

export interface BashToolOptions extends BuiltinToolOptions {
  /** Default 120 000 ms; the model may ask for less or up to `maxTimeoutMs`. */
  timeoutMs?: number;
  maxTimeoutMs?: number;
  /** Characters of combined output returned to the model; default 30 000. */
  maxOutputChars?: number;
  env?: NodeJS.ProcessEnv;
}

const bashInput = inputObject({
  command: stringField({ description: "The command line, run with bash -c." }),
  timeout_ms: numberField({ min: 1, description: "Timeout in milliseconds." }).optional(),
  cwd: stringField({ description: "Working directory relative to the workspace root." }).optional(),
});

export type BashInput = InputOf<typeof bashInput>;

/** Creates the `bash` tool. A non-zero exit is an error result that still carries the output. */
export function createBashTool(options: BashToolOptions): Tool<BashInput> {
  const root = resolveWorkspaceRoot(options.root);
  const defaultTimeout = options.timeoutMs ?? 120_000;
  const maxTimeout = options.maxTimeoutMs ?? Math.max(600_000, defaultTimeout);
  const maxOutput = options.maxOutputChars ?? 30_000;
  return defineTool({
    name: BASH_TOOL,
    description:
      "Run a shell command with bash in the workspace. Returns exit code, stdout and stderr. " +
      `Times out after ${Math.round(defaultTimeout / 1000)} s unless timeout_ms is given.`,
    inputSchema: bashInput,
    async execute(input, context) {
      if (input.command.trim() === "") return toolError('bash needs a non-empty "command" string.');
      let cwd = root;
      try {
        if (input.cwd !== undefined) cwd = resolveWorkspacePath(root, input.cwd).absolute;
      } catch (error) {
        return toolError(describeError(error));
      }
      const timeoutMs = Math.min(input.timeout_ms ?? defaultTimeout, maxTimeout);
      const result = await runShellCommand({
        command: input.command,
        cwd,
        timeoutMs,
        signal: context.abortSignal,
        maxOutputChars: maxOutput * 2,
        env: options.env,
      });
      reportTouchedPaths(root, cwd, input.command, options.onPathsTouched);
      if (result.spawnError !== undefined) return toolError(`bash could not start: ${result.spawnError}`);
      const parts = [`exit code: ${result.exitCode ?? "killed"}`];
      if (result.timedOut) parts.push(`The command timed out after ${timeoutMs} ms and was killed.`);
      if (result.aborted) parts.push("The command was aborted.");
      if (result.stdout !== "") parts.push(`stdout:\n${result.stdout}`);
      if (result.stderr !== "") parts.push(`stderr:\n${result.stderr}`);
      if (result.droppedChars > 0)
        parts.push(`[${result.droppedChars} more characters of output were dropped]`);
      const content = capText(parts.join("\n"), maxOutput);
      const metadata = { exitCode: result.exitCode, timedOut: result.timedOut };
      return result.exitCode === 0 ? { content, metadata } : toolError(content, metadata);
    },
  });
}

/** Reports command words that name existing workspace files, so bash use also activates path skills. */
function reportTouchedPaths(
  root: string,
  cwd: string,
  command: string,
  onPathsTouched: ((paths: string[]) => void) | undefined,
): void {
  if (onPathsTouched === undefined) return;
  const found = new Set<string>();
  for (const word of command.split(/[\s;|&<>()]+/)) {
    const token = word.replace(/^['"]|['"]$/g, "");
    if (!/[./]/.test(token) || token.startsWith("-") || token.length > 500) continue;
    const absolute = path.resolve(cwd, token);
    if (isInsideRoot(root, absolute) && existsSync(absolute))
      found.add(toPosix(path.relative(root, absolute)) || ".");
  }
  if (found.size > 0) onPathsTouched([...found]);
}
