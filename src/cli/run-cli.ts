// The dispatcher: finds the command in the table, handles --help and --version, and maps every
// failure to one line on stderr and an exit code (never a stack trace).
import { resolve } from "node:path";
import { describeError, isSkillboxError } from "@skillbox/core/errors";
import { alignOptionColumns } from "./align-option-columns.js";
import type { CliIo } from "./command.js";
import { describeFolderProblem } from "./describe-folder-problem.js";
import { escapeTerminalLine } from "./escape-terminal-text.js";
import { EXIT_OK, EXIT_USAGE, exitCodeForError } from "./exit-codes.js";
import { type CliCommandEntry, resolveCliCommand } from "./lazy-command.js";
import { DISCOVERY_LIMIT_FLAGS, parseDiscoveryLimit } from "./parse-command-arguments.js";
import { openGlobalStore } from "./store-option.js";

export interface RunCliOptions {
  commands: readonly CliCommandEntry[];
  /** The version, or how to read it (only `--version` needs it). */
  version: string | (() => string);
}

/** Runs `skillbox <args>` and resolves to the exit code. */
export async function runCli(args: string[], baseIo: CliIo, options: RunCliOptions): Promise<number> {
  const global = readGlobalOptions(args, baseIo);
  if ("problem" in global) {
    baseIo.stderr(`skillbox: ${escapeTerminalLine(global.problem)} (run skillbox --help)\n`);
    return EXIT_USAGE;
  }
  const io = global.io;
  const [first, ...rest] = global.rest;
  if (first === undefined || first === "--help" || first === "-h" || first === "help") {
    const topic = first === "help" ? options.commands.find((command) => command.name === rest[0]) : undefined;
    io.stdout(
      alignOptionColumns(topic ? (await resolveCliCommand(topic)).help : renderMainHelp(options.commands)),
    );
    return EXIT_OK;
  }
  if (first === "--version" || first === "-v") {
    io.stdout(`${typeof options.version === "string" ? options.version : options.version()}\n`);
    return EXIT_OK;
  }
  const entry = options.commands.find((candidate) => candidate.name === first);
  if (!entry) {
    io.stderr(
      `skillbox: unknown command '${escapeTerminalLine(first)}' (run skillbox --help for the list)\n`,
    );
    return EXIT_USAGE;
  }
  const command = await resolveCliCommand(entry);
  // Arguments after `--` belong to the command's payload (e.g. a script's own --help).
  const separator = rest.indexOf("--");
  const own = separator === -1 ? rest : rest.slice(0, separator);
  if (own.includes("--help") || own.includes("-h")) {
    io.stdout(alignOptionColumns(command.help));
    return EXIT_OK;
  }
  const trailing = takeTrailingGlobalOptions(own);
  if ("problem" in trailing) {
    io.stderr(`skillbox ${command.name}: ${escapeTerminalLine(trailing.problem)} (run skillbox --help)\n`);
    return EXIT_USAGE;
  }
  const commandArgs = separator === -1 ? trailing.args : [...trailing.args, ...rest.slice(separator)];
  const commandIo = { ...io, ...trailing.limits };
  let closeStore: (() => Promise<void>) | undefined;
  try {
    const opened = await openGlobalStore(trailing.store ?? global.store, commandIo, command.name);
    closeStore = opened?.close;
    return await command.run(
      commandArgs,
      opened === undefined ? commandIo : { ...commandIo, stores: opened.stores },
    );
  } catch (error) {
    const message = isSkillboxError(error)
      ? error.message
      : `internal error: ${describeError(error)} (please report it)`;
    io.stderr(`skillbox ${command.name}: ${escapeTerminalLine(message)}\n`);
    return exitCodeForError(error);
  } finally {
    // Waits for the store's queued writes; unsaved ones are reported, never dropped silently.
    await closeStore?.().catch((error: unknown) => {
      io.stderr(`skillbox ${command.name}: ${escapeTerminalLine(describeError(error))}\n`);
    });
  }
}

function renderMainHelp(commands: readonly CliCommandEntry[]): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  const lines = commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return [
    "Usage: skillbox <command> [options]",
    "",
    "Commands:",
    ...lines,
    "",
    "Options (before the command; --store, --max-depth and --max-directories also after it, and",
    "--dir and --cwd after every command that takes them):",
    "  --dir <folder>          Look for skills only in this folder (repeatable); replaces the default roots",
    "  --cwd <folder>          Work as if started in this folder (project roots and config are found from it)",
    "  --max-depth <n>         Scan this many folder levels below each skill root (config maxDepth; default 8)",
    "  --max-directories <n>   Scan at most this many folders per root (config maxDirectories; default 100000)",
    "  --store <url>           Keep usage, states, settings and the audit log in PostgreSQL (postgres://…;",
    "                          else SKILLBOX_DATABASE_URL, else the user config's store) instead of",
    "                          ~/.skillbox/skillbox.db",
    "  --version               Print the version",
    "  --help                  Print this help (skillbox <command> --help for a command's own)",
    "",
  ].join("\n");
}

/**
 * Takes the global `--dir <folder>` (repeatable), `--cwd <folder>`, `--max-depth <n>` and
 * `--max-directories <n>` and `--store <url>` options (also `--dir=…`) from the front of `args`.
 * Relative folders resolve against the effective working folder.
 */
function readGlobalOptions(
  args: string[],
  io: CliIo,
): { io: CliIo; rest: string[]; store?: string } | { problem: string } {
  let cwd: string | undefined;
  const directories: string[] = [];
  const settings: StoreAndLimits = { limits: {} };
  const { limits } = settings;
  let index = 0;
  for (; index < args.length; index++) {
    const arg = args[index] as string;
    const match = /^--(dir|cwd|max-depth|max-directories|store)(?:=(.*))?$/s.exec(arg);
    if (match === null) break;
    const flag = match[1] as "dir" | "cwd" | StoreOrLimitFlag;
    const value = match[2] ?? args[++index];
    if (flag !== "dir" && flag !== "cwd") {
      const problem = readStoreOrLimit(flag, value, settings);
      if (problem !== undefined) return { problem };
      continue;
    }
    if (value === undefined || value === "") return { problem: `option --${flag} needs a folder` };
    if (flag === "cwd") cwd = value;
    else directories.push(value);
  }
  const withStore = settings.store === undefined ? {} : { store: settings.store };
  if (index === 0) return { io, rest: args };
  if (cwd === undefined && directories.length === 0)
    return { io: { ...io, ...limits }, rest: args.slice(index), ...withStore };
  const effectiveCwd = cwd === undefined ? io.cwd : resolve(io.cwd, cwd);
  const folders = directories.map((directory) => resolve(effectiveCwd, directory));
  for (const folder of cwd === undefined ? folders : [effectiveCwd, ...folders]) {
    const problem = describeFolderProblem(folder);
    if (problem !== undefined) return { problem };
  }
  return {
    io: { ...io, ...limits, cwd: effectiveCwd, directories: [...(io.directories ?? []), ...folders] },
    rest: args.slice(index),
    ...withStore,
  };
}

type StoreOrLimitFlag = "store" | keyof typeof DISCOVERY_LIMIT_FLAGS;

interface StoreAndLimits {
  store?: string;
  limits: { maxDepth?: number; maxDirectories?: number };
}

/** Reads `--store <url>` or a discovery bound into `settings`; answers the problem with the value. */
function readStoreOrLimit(
  flag: StoreOrLimitFlag,
  value: string | undefined,
  settings: StoreAndLimits,
): string | undefined {
  if (flag === "store") {
    if (value === undefined || value === "") return "option --store needs a postgres:// URL";
    settings.store = value;
    return undefined;
  }
  const limit = parseDiscoveryLimit(flag, value ?? "");
  if (typeof limit === "string") return limit;
  settings.limits[DISCOVERY_LIMIT_FLAGS[flag]] = limit;
  return undefined;
}

/**
 * Takes `--store`, `--max-depth` and `--max-directories` from among a command's own arguments (no
 * command has options of these names), so `skillbox serve --store …` works as `skillbox --store … serve`.
 * `--dir` and `--cwd` stay: nearly every command takes them itself.
 */
function takeTrailingGlobalOptions(
  args: readonly string[],
): ({ args: string[] } & StoreAndLimits) | { problem: string } {
  const kept: string[] = [];
  const settings: StoreAndLimits = { limits: {} };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    const match = /^--(max-depth|max-directories|store)(?:=(.*))?$/s.exec(arg);
    if (match === null) {
      kept.push(arg);
      continue;
    }
    const problem = readStoreOrLimit(match[1] as StoreOrLimitFlag, match[2] ?? args[++index], settings);
    if (problem !== undefined) return { problem };
  }
  return { args: kept, ...settings };
}
