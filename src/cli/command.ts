// The shape of one CLI command and of the I/O the CLI writes to, so commands run the same under tests.

import type { WorkspaceStores } from "@skillbox/workspace/workspace/workspace";

/** Where a command writes; `stdout`/`stderr` receive text exactly as it should appear. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Folder relative paths resolve against (the global `--cwd` when given). */
  cwd: string;
  /** The global `--dir` folders (absolute): they replace the default skill roots. */
  directories?: string[];
  /** Environment variables for the workspace; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The user's home folder; default `os.homedir()`. */
  home?: string;
  /** The bundled skills folder; default the package's `skills/` (tests point it elsewhere). */
  bundledDirectory?: string;
  /** The global `--max-depth`: discovery's depth bound, over the config's `maxDepth`. */
  maxDepth?: number;
  /** The global `--max-directories`: discovery's folder bound, over the config's `maxDirectories`. */
  maxDirectories?: number;
  /**
   * True when stdout is a terminal: payloads meant for piping (`prompt`'s text, `load`'s result)
   * are then shown with control characters escaped, like every human-readable line.
   */
  stdoutIsTerminal?: boolean;
  /**
   * Resolves once stdout has handed what it was given to the OS. A pipe takes 64 KiB at a time and
   * Node queues the rest in memory, so a long output waits on this between pieces; absent: no wait.
   */
  drainStdout?: () => Promise<void>;
  /** Stops long-running commands (watch); default SIGINT/SIGTERM to the process. */
  signal?: AbortSignal;
  /** The global `--store postgres://…` (or SKILLBOX_DATABASE_URL): stores the workspace uses instead of SQLite. */
  stores?: WorkspaceStores;
}

/** One `skillbox <name>` command. */
export interface CliCommand {
  name: string;
  /** One line for `skillbox --help`. */
  summary: string;
  /** The full `skillbox <name> --help` text. */
  help: string;
  /** Runs with the arguments after the command name; resolves to the exit code. */
  run: (args: string[], io: CliIo) => Promise<number>;
}
