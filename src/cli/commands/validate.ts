// `skillbox validate [--strict] [--json] <path...>`: checks skill folders, SKILL.md files, or folders of skills,
// found by the registry's own discovery walk so that `validate` and `list` agree on what is a skill.
import { homedir } from "node:os";
import { dirname, resolve } from "node:path";
import {
  type ScanSkillFoldersOptions,
  scanSkillFolders,
} from "@skillbox/core/registry/discovery/scan-skill-folders";
import { resolveDefaultRoots } from "@skillbox/core/registry/discovery/skill-roots";
import { mapWithConcurrency } from "@skillbox/core/registry/files/map-with-concurrency";
import type {
  SkillValidation,
  ValidateSkillDirectoryOptions,
} from "@skillbox/core/registry/files/validate-skill-directory";
import {
  MISSING_SKILL_FILE_MESSAGE,
  validateSkillDirectory,
} from "@skillbox/core/registry/files/validate-skill-directory";
import { type Diagnostic, hasErrors } from "@skillbox/core/skills/diagnostic";
import { loadConfig } from "@skillbox/workspace/workspace/load-config";
import type { CliCommand, CliIo } from "../command.js";
import { escapeTerminalLine, formatDiagnosticLine } from "../escape-terminal-text.js";
import { EXIT_OK, EXIT_PROBLEMS } from "../exit-codes.js";
import { bundledSkillsDirectory } from "../package-info.js";
import { parseCommandArguments, usageError } from "../parse-command-arguments.js";
import type { PathArgument } from "../path-arguments.js";
import { resolvePathArguments, toSkillDirectory } from "../path-arguments.js";

const HELP = `Usage: skillbox validate [--strict] [--json] <path...>

Checks skills. A path is a skill folder, a SKILL.md file, or a folder of skills, searched the way
\`list\` searches a skill root: the same depth and folder bounds (--max-depth and --max-directories
before the command, or maxDepth and maxDirectories in the config), no folders starting with a dot
but the skills folders of .agents, .claude and .skillbox, and the same links: followed from a
folder outside any git repository; inside one, only within the project, the skill roots and
trustedSymlinkTargets.

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
    const discovery = readDiscoveryOptions(io);
    const results: SkillValidation[] = [];
    for (const [index, argument] of paths.entries()) {
      results.push(
        ...(await validatePath(
          { ...argument, path: positionals[index] ?? argument.path },
          argument,
          options,
          discovery,
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
        for (const diagnostic of result.diagnostics) lines.push(formatDiagnosticLine(diagnostic));
        const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === "error").length;
        // A folder's own notes (a hidden folder, a refused link) carry no verdict unless they are errors.
        if (result.valid && result.skillFile === undefined) continue;
        lines.push(
          result.valid
            ? `Valid skill: ${escapeTerminalLine(result.path)}`
            : `Validation failed for ${escapeTerminalLine(result.path)}: ${errors} error(s)`,
        );
      }
      io.stdout(`${lines.join("\n")}\n`);
    }
    return results.every((result) => result.valid) ? EXIT_OK : EXIT_PROBLEMS;
  },
};

/**
 * The walk's bounds and trusted link targets, as `list` has them: flags over config, and the
 * workspace's roots (links between roots are followed) plus the config's trustedSymlinkTargets.
 */
function readDiscoveryOptions(io: CliIo): ScanSkillFoldersOptions {
  const home = io.home ?? homedir();
  const { config } = loadConfig({ cwd: io.cwd, home });
  const directories = io.directories ?? [];
  const roots = resolveDefaultRoots({
    cwd: io.cwd,
    home,
    env: io.env ?? process.env,
    bundledDirectory: io.bundledDirectory ?? bundledSkillsDirectory(),
    directories: directories.length > 0 ? directories : (config.roots ?? []),
    config: { roots: config.extraRoots ?? [] },
  });
  const maxDepth = io.maxDepth ?? config.maxDepth;
  const maxDirectories = io.maxDirectories ?? config.maxDirectories;
  return {
    roots,
    trustedSymlinkTargets: config.trustedSymlinkTargets ?? [],
    ...(maxDepth === undefined ? {} : { maxDepth }),
    ...(maxDirectories === undefined ? {} : { maxDirectories }),
  };
}

/** Validates what one path argument names; `shown` keeps the path as the user typed it. */
async function validatePath(
  shown: PathArgument,
  actual: PathArgument,
  options: ValidateSkillDirectoryOptions,
  discovery: ScanSkillFoldersOptions,
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
  const found = scanSkillFolders(directory, discovery);
  const results = await mapWithConcurrency(found.files, 16, (skillFile) =>
    validateSkillDirectory(skillFile.directory, { ...options, skillFile }),
  );
  const attached = attachWalkFindings(resolve(directory), results, found.diagnostics);
  // Nothing found and nothing refused: the folder holds no skill at all.
  if (found.files.length === 0 && attached.every((result) => result.valid)) {
    const folder = attached.find((result) => result.path === resolve(directory));
    const missing: Diagnostic = {
      severity: "error",
      code: "missing-skill-file",
      message: MISSING_SKILL_FILE_MESSAGE,
      path: resolve(directory),
    };
    if (folder === undefined)
      attached.unshift({ path: resolve(directory), valid: false, diagnostics: [missing] });
    else {
      folder.diagnostics.push(missing);
      folder.valid = false;
    }
  }
  return attached.map((result) => relabel(result, resolve(directory), shownDirectory));
}

/**
 * Puts the walk's findings with the skill whose folder holds them directly; a refused skill file
 * becomes a failed result for its folder; the rest (hidden folders, refused links, bounds) become
 * one result for the folder validated, listed first.
 */
function attachWalkFindings(
  directory: string,
  results: SkillValidation[],
  findings: readonly Diagnostic[],
): SkillValidation[] {
  const byPath = new Map(results.map((result) => [result.path, result]));
  const folder: SkillValidation = { path: directory, valid: true, diagnostics: [] };
  const extra: SkillValidation[] = [];
  for (const finding of findings) {
    const parent = dirname(finding.path);
    let owner = byPath.get(parent);
    if (owner === undefined && finding.severity === "error") {
      owner = { path: parent, valid: false, diagnostics: [] };
      byPath.set(parent, owner);
      extra.push(owner);
    }
    (owner ?? byPath.get(directory) ?? folder).diagnostics.push(finding);
  }
  for (const result of [...results, ...extra]) result.valid = !hasErrors(result.diagnostics);
  folder.valid = !hasErrors(folder.diagnostics);
  const all = [...results, ...extra].sort((left, right) =>
    left.path < right.path ? -1 : left.path > right.path ? 1 : 0,
  );
  return folder.diagnostics.length > 0 ? [folder, ...all] : all;
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
