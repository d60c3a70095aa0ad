// Runs one `bash -c` command in its own process group with a timeout, an abort signal and an output
// cap; shared by the bash tool, command hooks and `!`cmd`` lines in skill bodies.

/** What to run and under which limits. */
export interface ShellCommandOptions {
  command: string;
  cwd: string;
  /** Written to the command's stdin, then stdin is closed. */
  stdin?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Characters kept per stream; the rest is dropped and counted. */
  maxOutputChars?: number;
  env?: NodeJS.ProcessEnv;
  /** Time between SIGTERM and SIGKILL when the command is stopped. */
  killGraceMs?: number;
}

/** How a shell command ended. `exitCode` is null when it was killed by a signal. */
export interface ShellCommandResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
  /** Characters dropped from stdout and stderr because of the cap. */
  droppedChars: number;
  /** Set when bash itself could not be started. */
  spawnError?: string;
}

/** Runs the command and resolves when it and its process group are done; never rejects. */
export function runShellCommand(options: ShellCommandOptions): Promise<ShellCommandResult> {
  const maxChars = options.maxOutputChars ?? 1_000_000;
  return new Promise((resolve) => {
    const result: ShellCommandResult = {
      exitCode: null,
      stdout: "",
      stderr: "",
      timedOut: false,
      aborted: false,
      droppedChars: 0,
    };
    if (options.signal?.aborted) {
      resolve({ ...result, aborted: true });
      return;
    }
    // detached puts bash in a new process group, so a kill reaches the children it spawned too.
    // node:child_process (with net and dgram) is fetched when a command runs, not when core is imported.
    const { spawn } = process.getBuiltinModule("node:child_process");
    const child = spawn("bash", ["-c", options.command], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let killTimer: NodeJS.Timeout | undefined;
    const killGroup = (): void => {
      if (child.pid === undefined || child.exitCode !== null) return;
      signalGroup(child.pid, "SIGTERM");
      killTimer = setTimeout(() => {
        if (child.pid !== undefined) signalGroup(child.pid, "SIGKILL");
      }, options.killGraceMs ?? 2000);
      killTimer.unref();
    };
    const timeout = setTimeout(() => {
      result.timedOut = true;
      killGroup();
    }, options.timeoutMs);
    const onAbort = (): void => {
      result.aborted = true;
      killGroup();
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });

    const append = (stream: "stdout" | "stderr", chunk: Buffer): void => {
      const text = chunk.toString("utf8");
      const room = maxChars - result[stream].length;
      if (room >= text.length) result[stream] += text;
      else {
        result[stream] += text.slice(0, Math.max(0, room));
        result.droppedChars += text.length - Math.max(0, room);
      }
    };
    child.stdout.on("data", (chunk: Buffer) => append("stdout", chunk));
    child.stderr.on("data", (chunk: Buffer) => append("stderr", chunk));
    // A command that exits without reading stdin makes the write fail with EPIPE; that is normal.
    child.stdin.on("error", () => undefined);
    child.stdin.end(options.stdin ?? "");

    child.on("error", (error) => {
      result.spawnError = error.message;
    });
    child.on("close", (code) => {
      clearTimeout(timeout);
      if (killTimer !== undefined) clearTimeout(killTimer);
      options.signal?.removeEventListener("abort", onAbort);
      // Background children left in the group would otherwise outlive the command.
      if (child.pid !== undefined) signalGroup(child.pid, "SIGKILL");
      result.exitCode = code;
      resolve(result);
    });
  });
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone (ESRCH); nothing left to stop.
  }
}
