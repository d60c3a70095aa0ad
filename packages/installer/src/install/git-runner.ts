// Runs the git CLI through execFile with argument arrays (never a shell), a timeout and an output
// cap; failures become `git-error`s carrying git's own message.
import { execFile } from "node:child_process";
import { SkillboxError } from "@skillbox/core/errors";

export interface GitRunOptions {
  /** Written to git's standard input. */
  input?: string;
}

/** Runs one git command and resolves to its standard output. */
export interface GitRunner {
  run(args: readonly string[], options?: GitRunOptions): Promise<Buffer>;
}

export interface CreateGitRunnerOptions {
  /** Environment for git (PATH, credential helpers, proxies); default the process's. */
  env?: Readonly<Record<string, string | undefined>>;
  gitPath?: string;
  timeoutMs?: number;
  maxOutputBytes?: number;
}

/** A runner over the `git` executable; prompts are off so a private repository fails instead of hanging. */
export function createGitRunner(options: CreateGitRunnerOptions = {}): GitRunner {
  const env: Record<string, string> = {};
  // The Node adapter inherits the process environment unless one is passed (credential helpers, PATH).
  for (const [key, value] of Object.entries(options.env ?? process.env))
    if (value !== undefined) env[key] = value;
  env.GIT_TERMINAL_PROMPT = "0";
  return {
    run(args, runOptions = {}) {
      return new Promise((resolve, reject) => {
        const child = execFile(
          options.gitPath ?? "git",
          [...args],
          {
            env,
            encoding: "buffer",
            maxBuffer: options.maxOutputBytes ?? 256 * 1024 * 1024,
            timeout: options.timeoutMs ?? 120_000,
            windowsHide: true,
          },
          (error, stdout, stderr) => {
            if (!error) return resolve(stdout);
            const message = stderr.toString("utf8").trim().split("\n").slice(-3).join(" ") || error.message;
            reject(
              new SkillboxError("git-error", `git ${subcommandOf(args)} failed: ${message}`, {
                cause: error,
                data: { args: [...args] },
              }),
            );
          },
        );
        child.stdin?.on("error", () => {
          // git may exit before reading all input; the exit status reports the real failure.
        });
        child.stdin?.end(runOptions.input ?? "");
      });
    },
  };
}

/** The git subcommand in `args`, skipping `-c <setting>` and `-C <folder>` pairs. */
function subcommandOf(args: readonly string[]): string {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? "";
    if (arg === "-c" || arg === "-C") index++;
    else if (!arg.startsWith("-")) return arg;
  }
  return "";
}
