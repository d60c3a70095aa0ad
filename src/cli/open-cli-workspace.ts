// Opens the workspace for a CLI command from its `--dir`/`--cwd` options and the process facts in CliIo.

import { homedir } from "node:os";
import { resolve } from "node:path";
import { SkillboxError } from "@skillbox/core/errors";
import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";
import { suggestSkillNames } from "@skillbox/core/tools/suggest-skill-names";
import { openWorkspace } from "@skillbox/workspace/workspace/open-workspace";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import type { CliIo } from "./command.js";
import { describeFolderProblem } from "./describe-folder-problem.js";
import { bundledSkillsDirectory } from "./package-info.js";

/** The options every workspace command accepts after its name, for parseCommandArguments. */
export const WORKSPACE_OPTIONS = {
  dir: { type: "string", multiple: true },
  cwd: { type: "string" },
} as const;

/** Help lines for WORKSPACE_OPTIONS. */
export const WORKSPACE_OPTIONS_HELP = `  --dir <folder>  Look for skills only in this folder (repeatable); replaces the default roots
  --cwd <folder>  Work as if started in this folder`;

/**
 * Opens the workspace: `--cwd` (command or global) sets the working folder, `--dir` folders (global
 * and command) replace the default roots. Missing folders are usage errors; `SKILLBOX_DB` and the
 * home folder come from `io` (the process's by default). When better-sqlite3 cannot load, a command
 * that only reads carries on in memory after one warning on stderr; one that exists to change the
 * store (`needsStore`) fails with `store-unavailable`.
 */
export function openCliWorkspace(
  command: string,
  io: CliIo,
  values: { dir?: string[] | undefined; cwd?: string | undefined },
  extra: { sessionId?: string; needsStore?: boolean } = {},
): Workspace {
  const cwd = values.cwd === undefined ? io.cwd : resolve(io.cwd, values.cwd);
  if (values.cwd !== undefined) requireDirectory(command, cwd);
  const dirs = [...(io.directories ?? []), ...(values.dir ?? []).map((directory) => resolve(cwd, directory))];
  for (const directory of dirs) requireDirectory(command, directory);
  return openWorkspace({
    cwd,
    home: io.home ?? homedir(),
    env: io.env ?? process.env,
    dirs,
    bundledDirectory: io.bundledDirectory ?? bundledSkillsDirectory(),
    ...(io.maxDepth === undefined ? {} : { maxDepth: io.maxDepth }),
    ...(io.maxDirectories === undefined ? {} : { maxDirectories: io.maxDirectories }),
    ...(extra.sessionId === undefined ? {} : { sessionId: extra.sessionId }),
    ...(io.stores === undefined ? {} : { stores: io.stores }),
    onStoreUnavailable: (error) => {
      if (extra.needsStore === true) {
        throw new SkillboxError(
          "store-unavailable",
          `skillbox ${command} reads and saves skill states and settings, and the store cannot be used here. ${error.message}`,
          { cause: error },
        );
      }
      io.stderr(
        `skillbox ${command}: warning: ${error.message} Until then this runs without it: usage counts and ` +
          "scores, skill states and settings are neither read nor saved (skills show their default states).\n",
      );
    },
  });
}

/** The record named `name` (plain or qualified), or a `skill-not-found` error with a did-you-mean. */
export function requireSkill(workspace: Workspace, name: string): SkillRecord {
  const record = workspace.registry.get(name);
  if (record !== undefined) return record;
  const names = workspace.registry.list({ includeShadowed: false }).map((item) => item.name);
  const close = suggestSkillNames(name, names);
  const hint =
    close.length > 0 ? ` Did you mean ${close.join(" or ")}?` : " Run skillbox list to see the names.";
  throw new SkillboxError("skill-not-found", `No skill is named '${name}'.${hint}`, { data: { name } });
}

function requireDirectory(command: string, directory: string): void {
  const problem = describeFolderProblem(directory);
  if (problem === undefined) return;
  const sentence = `${problem.charAt(0).toUpperCase()}${problem.slice(1)}`;
  throw new SkillboxError("path-not-found", `${sentence} (see skillbox ${command} --help)`);
}
