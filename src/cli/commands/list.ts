// `skillbox list [--json] [--dir <folder>...]`: the skills a lenient load finds, with their diagnostics.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { formatDiagnostic } from "../../skills/diagnostic.js";
import { listSkills } from "../../skills/list-skills.js";
import type { CliCommand } from "../command.js";
import { EXIT_OK } from "../exit-codes.js";
import { bundledSkillsDirectory } from "../package-info.js";
import { parseCommandArguments, usageError } from "../parse-command-arguments.js";
import { resolvePathArguments } from "../path-arguments.js";

const HELP = `Usage: skillbox list [--json] [--dir <folder>...]

Lists the skills found (recursively) under the folders, loaded the way the runtime loads them:
broken skills load with warnings; empty, binary, non-UTF-8 or oversized files are skipped.

Options:
  --dir <folder>  A folder to search (repeatable). Default: ./skills and the bundled skills.
  --json          Print { skills: [{ name, description, path, diagnostics }], diagnostics }
  --help          Print this help
`;

export const listCommand: CliCommand = {
  name: "list",
  summary: "List the skills the runtime would load",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("list", args, {
      json: { type: "boolean" },
      dir: { type: "string", multiple: true },
    });
    if (positionals.length > 0)
      throw usageError("list", `Unexpected argument '${positionals[0]}'; use --dir <folder>`);
    let directories: string[];
    if (values.dir && values.dir.length > 0) {
      directories = values.dir.map((directory) => resolve(io.cwd, directory));
      const found = await resolvePathArguments(directories);
      const file = found.find((argument) => argument.kind !== "directory");
      if (file) throw usageError("list", `Not a directory: ${file.path}`);
    } else {
      directories = [resolve(io.cwd, "skills"), bundledSkillsDirectory()].filter((directory) =>
        existsSync(directory),
      );
    }
    const listing = await listSkills({ directories });
    if (values.json) {
      const skills = listing.skills.map((skill) => ({
        name: skill.name,
        description: skill.description,
        path: skill.path,
        diagnostics: skill.diagnostics,
      }));
      io.stdout(`${JSON.stringify({ skills, diagnostics: listing.diagnostics }, null, 2)}\n`);
      return EXIT_OK;
    }
    const width = Math.min(32, Math.max(0, ...listing.skills.map((skill) => skill.name.length)));
    const lines = listing.skills.map((skill) => `${skill.name.padEnd(width)}  ${oneLine(skill.description)}`);
    if (lines.length > 0) io.stdout(`${lines.join("\n")}\n`);
    const diagnostics = [...listing.skills.flatMap((skill) => skill.diagnostics), ...listing.diagnostics];
    for (const diagnostic of diagnostics) io.stderr(`${formatDiagnostic(diagnostic)}\n`);
    if (listing.skills.length === 0)
      io.stderr(`No skills found in ${directories.join(", ") || "./skills"}\n`);
    return EXIT_OK;
  },
};

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 100 ? `${flat.slice(0, 99)}…` : flat;
}
