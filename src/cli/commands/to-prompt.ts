// `skillbox to-prompt <path...>`: the <available_skills> catalog in the reference's exact format.
// Unlike the reference, one unreadable skill is reported on stderr and the others are still printed.
import { resolve } from "node:path";
import {
  type AvailableSkillEntry,
  renderAvailableSkillsXml,
} from "@skillbox/core/prompt/available-skills-format";
import { readSkillProperties } from "@skillbox/core/registry/files/read-skill-properties";
import type { CliCommand } from "../command.js";
import { escapeTerminalLine } from "../escape-terminal-text.js";
import { EXIT_OK, EXIT_PROBLEMS } from "../exit-codes.js";
import { parseCommandArguments, usageError } from "../parse-command-arguments.js";
import { resolvePathArguments, toSkillDirectory } from "../path-arguments.js";

const HELP = `Usage: skillbox to-prompt <path...>

Prints the <available_skills> XML block for the skills, in argument order (the format of the
reference's to-prompt, with name, description and location escaped).

Exit status: 0 all printed, 1 any skill could not be read (stderr says which; the rest are printed),
2 usage error.
`;

export const toPromptCommand: CliCommand = {
  name: "to-prompt",
  summary: "Print the <available_skills> catalog XML for skills",
  help: HELP,
  async run(args, io) {
    const { positionals } = parseCommandArguments("to-prompt", args, {});
    if (positionals.length === 0) throw usageError("to-prompt", "Give at least one skill path");
    const arguments_ = await resolvePathArguments(positionals.map((path) => resolve(io.cwd, path)));
    const entries: AvailableSkillEntry[] = [];
    let failed = false;
    for (const [index, argument] of arguments_.entries()) {
      const shown = positionals[index] ?? argument.path;
      const directory = toSkillDirectory(argument);
      if (directory === undefined) {
        io.stderr(`${escapeTerminalLine(`Error: ${shown}: Not a directory: ${shown}`)}\n`);
        failed = true;
        continue;
      }
      const result = await readSkillProperties(directory);
      if (!result.properties || result.location === undefined) {
        for (const diagnostic of result.diagnostics)
          io.stderr(`${escapeTerminalLine(`Error: ${shown}: ${diagnostic.message}`)}\n`);
        failed = true;
        continue;
      }
      const { name, description } = result.properties;
      entries.push({ name, description, location: resolve(result.location) });
    }
    if (entries.length > 0) io.stdout(`${renderAvailableSkillsXml(entries)}\n`);
    return failed ? EXIT_PROBLEMS : EXIT_OK;
  },
};
