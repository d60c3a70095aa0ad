// What the installer commands (add, install, verify, outdated, update, remove, search) share: the
// --project/--user flags, the install context built from CliIo (env, home, --cwd), and progress:
// bars (cli-progress) when both output streams are terminals, a few plain lines otherwise.
import { statSync } from "node:fs";
import { homedir } from "node:os";
import { resolve } from "node:path";
import { SkillboxError } from "@skillbox/core/errors";
import { createInstallContext, type InstallContext } from "@skillbox/installer/install/install-context";
import { formatBytes } from "@skillbox/installer/install/install-limits";
import type { InstallProgress, ProgressListener } from "@skillbox/installer/install/install-progress";
import {
  type InstallRoot,
  type InstallScope,
  resolveInstallRoot,
} from "@skillbox/installer/install/install-roots";
import cliProgress from "cli-progress";
import type { CliIo } from "./command.js";
import { escapeTerminalLine } from "./escape-terminal-text.js";
import { usageError } from "./parse-command-arguments.js";

/** Options every installer command takes. */
export const INSTALL_COMMAND_OPTIONS = {
  project: { type: "boolean" },
  user: { type: "boolean" },
  json: { type: "boolean" },
  cwd: { type: "string" },
} as const;

export const INSTALL_COMMAND_OPTIONS_HELP = `  --project        The project's .agents/skills (the git root above the working folder)
  --user           Your ~/.agents/skills
  --json           Print JSON
  --cwd <folder>   Work as if started in this folder`;

/** The scopes the flags pick; both (project first) when neither is given and `both` is the default. */
export function readScopes(
  command: string,
  values: { project?: boolean | undefined; user?: boolean | undefined },
  fallback: "project" | "both",
): InstallScope[] {
  if (values.project && values.user) throw usageError(command, "Give --project or --user, not both");
  if (values.user) return ["user"];
  if (values.project || fallback === "project") return ["project"];
  return ["project", "user"];
}

/** The installer's context for a command run: folders and environment from `io`, progress to stderr. */
export function openInstallContext(
  command: string,
  io: CliIo,
  values: { cwd?: string | undefined; json?: boolean | undefined },
): { context: InstallContext; finish: () => void } {
  const cwd = values.cwd === undefined ? io.cwd : resolve(io.cwd, values.cwd);
  if (values.cwd !== undefined && !isFolder(cwd)) {
    throw new SkillboxError("path-not-found", `Folder not found: ${cwd} (see skillbox ${command} --help)`);
  }
  const progress = createProgressReporter(io);
  const context = createInstallContext({
    cwd,
    home: io.home ?? homedir(),
    env: io.env ?? process.env,
    onProgress: progress.listener,
  });
  return { context, finish: progress.stop };
}

/** The install roots for `scopes`. */
export function rootsFor(scopes: readonly InstallScope[], context: InstallContext): InstallRoot[] {
  return scopes.map((scope) => resolveInstallRoot(scope, context));
}

/** `a1b2c3d` from a commit or tree id, `sha256:1a2b3c4d` from a content hash. */
export function shortId(id: string | undefined): string {
  if (id === undefined) return "-";
  return id.startsWith("sha256:") ? id.slice(0, 15) : id.slice(0, 7);
}

/** Pads cells into columns (the last column is not padded). */
export function formatTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, index) => {
      widths[index] = Math.max(widths[index] ?? 0, cell.length);
    });
  }
  return rows
    .map((row) =>
      row
        .map((cell, index) => (index === row.length - 1 ? cell : cell.padEnd(widths[index] ?? 0)))
        .join("  "),
    )
    .map((line) => `${line.trimEnd()}\n`)
    .join("");
}

/** Shows untrusted text (from a source) on one terminal line. */
export const safe = escapeTerminalLine;

function createProgressReporter(io: CliIo): { listener: ProgressListener; stop: () => void } {
  if (io.stdoutIsTerminal === true && process.stderr.isTTY === true) return createProgressBars();
  const announced = new Set<string>();
  const listener = (event: InstallProgress) => {
    const key = `${event.phase}:${event.label}`;
    if (event.phase === "download" && !announced.has(key)) {
      announced.add(key);
      io.stderr(`Downloading ${safe(event.label)}…\n`);
    }
    if (!event.done) return;
    if (event.phase === "download")
      io.stderr(`Downloaded ${safe(event.label)} (${formatBytes(event.bytes)})\n`);
    if (event.phase === "extract") io.stderr(`Read ${event.entries} entries from ${safe(event.label)}\n`);
    if (event.phase === "write") io.stderr(`Wrote ${safe(event.label)} (${event.totalFiles} files)\n`);
  };
  return { listener, stop: () => {} };
}

/** Bars on stderr; `stop` ends the current set, and progress after it starts a fresh one (add prints between). */
function createProgressBars(): { listener: ProgressListener; stop: () => void } {
  let bars: cliProgress.MultiBar | undefined;
  const active = new Map<string, cliProgress.SingleBar>();
  const listener = (event: InstallProgress) => {
    bars ??= new cliProgress.MultiBar(
      {
        format: " {phase} [{bar}] {shown} {label}",
        hideCursor: true,
        clearOnComplete: false,
        stream: process.stderr,
      },
      cliProgress.Presets.shades_classic,
    );
    const key = `${event.phase}:${event.label}`;
    const [value, total, shown] =
      event.phase === "download"
        ? [event.bytes, event.totalBytes ?? event.bytes, formatBytes(event.bytes)]
        : event.phase === "extract"
          ? [event.bytes, event.bytes, `${event.entries} entries`]
          : [event.files, event.totalFiles, `${event.files}/${event.totalFiles} files`];
    const payload = { phase: event.phase.padEnd(8), label: safe(event.label).slice(0, 50), shown };
    let bar = active.get(key);
    if (!bar) {
      bar = bars.create(Math.max(total, 1), value, payload);
      active.set(key, bar);
    }
    bar.setTotal(Math.max(total, value, 1));
    bar.update(event.done ? Math.max(total, value, 1) : value, payload);
  };
  const stop = () => {
    bars?.stop();
    bars = undefined;
    active.clear();
  };
  return { listener, stop };
}

function isFolder(folder: string): boolean {
  try {
    return statSync(folder).isDirectory();
  } catch {
    return false;
  }
}
