// `skillbox read-properties <path>`: the spec fields of one skill as JSON, in the reference's key order.
import { resolve } from "node:path";
import { readSkillProperties } from "@skillbox/core/registry/files/read-skill-properties";
import type { CliCommand } from "../command.js";
import { escapeTerminalLine } from "../escape-terminal-text.js";
import { EXIT_OK, EXIT_PROBLEMS } from "../exit-codes.js";
import { parseCommandArguments, usageError } from "../parse-command-arguments.js";
import { resolvePathArguments, toSkillDirectory } from "../path-arguments.js";

const HELP = `Usage: skillbox read-properties <path>

Prints the skill's spec fields as JSON (name, description, then license, compatibility,
allowed-tools and metadata when present). The path is a skill folder or its SKILL.md.

Exit status: 0 printed, 1 the skill could not be read (message on stderr), 2 usage error.
`;

export const readPropertiesCommand: CliCommand = {
  name: "read-properties",
  summary: "Print a skill's spec fields as JSON",
  help: HELP,
  async run(args, io) {
    const { positionals } = parseCommandArguments("read-properties", args, {});
    if (positionals.length !== 1) throw usageError("read-properties", "Give exactly one skill path");
    const [argument] = await resolvePathArguments([resolve(io.cwd, positionals[0] ?? "")]);
    const directory = argument ? toSkillDirectory(argument) : undefined;
    if (directory === undefined) {
      io.stderr(`Error: Not a directory: ${escapeTerminalLine(positionals[0] ?? "")}\n`);
      return EXIT_PROBLEMS;
    }
    const result = await readSkillProperties(directory);
    if (!result.properties) {
      for (const diagnostic of result.diagnostics)
        io.stderr(`Error: ${escapeTerminalLine(diagnostic.message)}\n`);
      return EXIT_PROBLEMS;
    }
    io.stdout(`${JSON.stringify(result.properties, null, 2)}\n`);
    return EXIT_OK;
  },
};
