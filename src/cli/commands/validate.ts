// `skillbox validate [--strict] [--json] <path...>`: checks skill folders, SKILL.md files, or folders of skills.
import { resolve } from "node:path";
import { formatDiagnostic } from "../../skills/diagnostic.js";
import { findSkillFile } from "../../skills/find-skill-file.js";
import { findSkillFiles } from "../../skills/find-skill-files.js";
import { mapWithConcurrency } from "../../skills/map-with-concurrency.js";
import type {
  SkillValidation,
  ValidateSkillDirectoryOptions,
} from "../../skills/validate-skill-directory.js";
import { MISSING_SKILL_FILE_MESSAGE, validateSkillDirectory } from "../../skills/validate-skill-directory.js";
import type { CliCommand } from "../command.js";
import { EXIT_OK, EXIT_PROBLEMS } from "../exit-codes.js";
import { parseCommandArguments, usageError } from "../parse-command-arguments.js";
import type { PathArgument } from "../path-arguments.js";
import { resolvePathArguments, toSkillDirectory } from "../path-arguments.js";

const HELP = `Usage: skillbox validate [--strict] [--json] <path...>

Checks skills. A path is a skill folder, a SKILL.md file, or a folder of skills (searched recursively).

Options:
  --strict  Spec-exact: every rule of the Agent Skills spec is an error, with the reference
            validator's messages; extension fields are unexpected. Without it, the runtime's
            lenient policy applies: only skills it would skip are invalid, the rest are warnings.
  --json    Print [{ path, name, valid, diagnostics }] instead of lines
  --help    Print this help

Exit status: 0 all valid, 1 any invalid, 2 usage error (unknown flag, no path, missing path).
`;

export const validateCommand: CliCommand = {
  name: "validate",
  summary: "Check skills against the spec (--strict) or the runtime's lenient policy",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("validate", args, {
      strict: { type: "boolean" },
      json: { type: "boolean" },
    });
    if (positionals.length === 0)
      throw usageError("validate", "Give at least one path to a skill or a folder of skills");
    const paths = await resolvePathArguments(positionals.map((path) => resolveAgainst(io.cwd, path)));
    const options: ValidateSkillDirectoryOptions = { mode: values.strict ? "strict" : "lenient" };
    const results: SkillValidation[] = [];
    for (const [index, argument] of paths.entries()) {
      results.push(
        ...(await validatePath(
          { ...argument, path: positionals[index] ?? argument.path },
          argument,
          options,
        )),
      );
    }
    if (values.json) {
      const report = results.map((result) => ({
        path: result.path,
        name: result.name ?? null,
        valid: result.valid,
        diagnostics: result.diagnostics,
      }));
      io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    } else {
      const lines: string[] = [];
      for (const result of results) {
        for (const diagnostic of result.diagnostics) lines.push(formatDiagnostic(diagnostic));
        const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === "error").length;
        lines.push(
          result.valid
            ? `Valid skill: ${result.path}`
            : `Validation failed for ${result.path}: ${errors} error(s)`,
        );
      }
      io.stdout(`${lines.join("\n")}\n`);
    }
    return results.every((result) => result.valid) ? EXIT_OK : EXIT_PROBLEMS;
  },
};

/** Validates what one path argument names; `shown` keeps the path as the user typed it. */
async function validatePath(
  shown: PathArgument,
  actual: PathArgument,
  options: ValidateSkillDirectoryOptions,
): Promise<SkillValidation[]> {
  const directory = toSkillDirectory(actual);
  const shownDirectory = toSkillDirectory(shown) ?? shown.path;
  if (directory === undefined) {
    const message = `Not a directory: ${shown.path}`;
    return [
      {
        path: shown.path,
        valid: false,
        diagnostics: [{ severity: "error", code: "not-a-directory", message, path: shown.path }],
      },
    ];
  }
  if (await findSkillFile(directory)) {
    return [relabel(await validateSkillDirectory(directory, options), directory, shownDirectory)];
  }
  const found = await findSkillFiles(directory, { maxDepth: 16 });
  if (found.files.length === 0) {
    const diagnostics = [
      ...found.diagnostics,
      {
        severity: "error" as const,
        code: "missing-skill-file",
        message: MISSING_SKILL_FILE_MESSAGE,
        path: shownDirectory,
      },
    ];
    return [{ path: shownDirectory, valid: false, diagnostics }];
  }
  const results = await mapWithConcurrency(found.files, 16, async (skillFile) =>
    relabel(
      await validateSkillDirectory(skillFile.directory, { ...options, skillFile }),
      directory,
      shownDirectory,
    ),
  );
  return results;
}

/** Rewrites the resolved folder prefix back to the path the user typed, so output echoes their paths. */
function relabel(result: SkillValidation, actual: string, shown: string): SkillValidation {
  if (actual === shown) return result;
  const swap = (path: string) => (path.startsWith(actual) ? `${shown}${path.slice(actual.length)}` : path);
  const relabeled: SkillValidation = {
    ...result,
    path: swap(result.path),
    diagnostics: result.diagnostics.map((diagnostic) => ({ ...diagnostic, path: swap(diagnostic.path) })),
  };
  if (result.skillFile !== undefined) relabeled.skillFile = swap(result.skillFile);
  return relabeled;
}

function resolveAgainst(cwd: string, path: string): string {
  return resolve(cwd, path);
}
