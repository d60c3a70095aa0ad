// The dispatcher: finds the command in the table, handles --help and --version, and maps every
// failure to one line on stderr and an exit code (never a stack trace).
import { describeError, isSkillboxError } from "../errors.js";
import type { CliCommand, CliIo } from "./command.js";
import { EXIT_OK, EXIT_USAGE, exitCodeForError } from "./exit-codes.js";

export interface RunCliOptions {
  commands: readonly CliCommand[];
  version: string;
}

/** Runs `skillbox <args>` and resolves to the exit code. */
export async function runCli(args: string[], io: CliIo, options: RunCliOptions): Promise<number> {
  const [first, ...rest] = args;
  if (first === undefined || first === "--help" || first === "-h" || first === "help") {
    const topic = first === "help" ? options.commands.find((command) => command.name === rest[0]) : undefined;
    io.stdout(topic ? topic.help : renderMainHelp(options.commands));
    return EXIT_OK;
  }
  if (first === "--version" || first === "-v") {
    io.stdout(`${options.version}\n`);
    return EXIT_OK;
  }
  const command = options.commands.find((candidate) => candidate.name === first);
  if (!command) {
    io.stderr(`skillbox: unknown command '${first}' (run skillbox --help for the list)\n`);
    return EXIT_USAGE;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    io.stdout(command.help);
    return EXIT_OK;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    const message = isSkillboxError(error)
      ? error.message
      : `internal error: ${describeError(error)} (please report it)`;
    io.stderr(`skillbox ${command.name}: ${message}\n`);
    return exitCodeForError(error);
  }
}

function renderMainHelp(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  const lines = commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return [
    "Usage: skillbox <command> [options]",
    "",
    "Commands:",
    ...lines,
    "",
    "Options:",
    "  --version  Print the version",
    "  --help     Print this help (skillbox <command> --help for a command's own)",
    "",
  ].join("\n");
}
