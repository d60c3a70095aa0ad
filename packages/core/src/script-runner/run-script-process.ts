// Spawns one program without a shell in its own process group, with a timeout (SIGTERM, then
// SIGKILL), an abort signal and a per-stream byte cap; output can also be streamed as it arrives.
import type { spawn as nodeSpawn } from "node:child_process";
import { StringDecoder } from "node:string_decoder";
import { SkillboxError } from "../errors.js";
import { createOutputCapture } from "./create-output-capture.js";

/** The spawn function of `node:child_process`, injectable for instrumentation. */
export type SpawnFunction = typeof nodeSpawn;

/** What to run and under which limits. */
export interface ScriptProcessOptions {
  command: string;
  args: readonly string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  /** Bytes kept per stream (stdout and stderr separately). */
  maxOutputBytes: number;
  /** Milliseconds between SIGTERM and SIGKILL (default 2000). */
  killGraceMs?: number;
  signal?: AbortSignal;
  /** Receives every piece of output as text, uncapped, as it arrives. */
  onOutput?: (stream: "stdout" | "stderr", text: string) => void;
  spawn?: SpawnFunction;
}

/** How a script run ended. `exitCode` is null when a signal (timeout, abort) ended it. */
export interface SkillScriptResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
  /** True when either stream went over the cap. */
  truncated: boolean;
  durationMs: number;
}

/**
 * Runs the program and resolves when it ended and its output is read. Leftover processes in its
 * group are killed when it exits. Throws SkillboxError `io-error` when it cannot be started at all.
 */
export function runScriptProcess(options: ScriptProcessOptions): Promise<SkillScriptResult> {
  // node:child_process (with net and dgram) is fetched when a script runs, not when core is imported.
  const spawn = options.spawn ?? process.getBuiltinModule("node:child_process").spawn;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new SkillboxError("aborted", "The script was cancelled before it started."));
      return;
    }
    // detached makes the child a process-group leader, so one kill reaches everything it started.
    const child = spawn(options.command, [...options.args], {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      shell: false,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const captures = {
      stdout: createOutputCapture(options.maxOutputBytes),
      stderr: createOutputCapture(options.maxOutputBytes),
    };
    const decoders = { stdout: new StringDecoder("utf8"), stderr: new StringDecoder("utf8") };
    let timedOut = false;
    let aborted = false;
    let exited = false;
    let killTimer: NodeJS.Timeout | undefined;

    const stop = (): void => {
      if (exited || child.pid === undefined) return;
      signalGroup(child.pid, "SIGTERM");
      killTimer ??= setTimeout(() => {
        if (child.pid !== undefined) signalGroup(child.pid, "SIGKILL");
      }, options.killGraceMs ?? 2000);
    };
    const timeout = setTimeout(() => {
      timedOut = true;
      stop();
    }, options.timeoutMs);
    const onAbort = (): void => {
      aborted = true;
      stop();
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const cleanUp = (): void => {
      clearTimeout(timeout);
      if (killTimer !== undefined) clearTimeout(killTimer);
      options.signal?.removeEventListener("abort", onAbort);
    };

    for (const stream of ["stdout", "stderr"] as const) {
      child[stream]?.on("data", (chunk: Buffer) => {
        captures[stream].append(chunk);
        if (options.onOutput) {
          const text = decoders[stream].write(chunk);
          if (text !== "") options.onOutput(stream, text);
        }
      });
    }
    child.on("error", (error: NodeJS.ErrnoException) => {
      cleanUp();
      const reason = error.code === "ENOENT" ? "it was not found on PATH" : error.message;
      reject(
        new SkillboxError(
          "io-error",
          `Could not start ${options.command}: ${reason}. Install it, or give the script a shebang naming an interpreter that is installed.`,
          { cause: error, data: { command: options.command } },
        ),
      );
    });
    child.on("exit", () => {
      exited = true;
      // Background children would otherwise outlive the script and keep its pipes open.
      if (child.pid !== undefined) signalGroup(child.pid, "SIGKILL");
    });
    child.on("close", (code, signal) => {
      cleanUp();
      for (const stream of ["stdout", "stderr"] as const) {
        const rest = decoders[stream].end();
        if (rest !== "" && options.onOutput) options.onOutput(stream, rest);
      }
      resolve({
        exitCode: code,
        signal,
        stdout: captures.stdout.text("stdout"),
        stderr: captures.stderr.text("stderr"),
        timedOut,
        aborted,
        truncated: captures.stdout.droppedBytes > 0 || captures.stderr.droppedBytes > 0,
        durationMs: Math.round(performance.now() - started),
      });
    });
  });
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone (ESRCH): nothing left to stop.
  }
}
