// Turns a script name given by a model or a person into a real file inside `<skill>/scripts/`,
// refusing `..`, absolute paths and symlinks that lead out of the folder.
import { realpath, stat } from "node:fs/promises";
import path from "node:path";
import { SkillboxError } from "../errors.js";

/** A script file that is safe to run: its real path and its name relative to `scripts/` (POSIX). */
export interface ResolvedScript {
  /** The real path (symlinks resolved) of the file to run. */
  absolute: string;
  /** The name relative to the `scripts/` folder, with `/` separators. */
  relative: string;
  /** The real path of the skill's `scripts/` folder. */
  scriptsDirectory: string;
  /** File mode bits, to see whether it is executable. */
  mode: number;
}

/** The folder inside a skill that holds runnable scripts. */
export const SCRIPTS_FOLDER = "scripts";

/**
 * Resolves `script` inside `<skillDirectory>/scripts/`. Throws SkillboxError `invalid-argument` for
 * a malformed name, `path-escape` when it (or a symlink) leads outside the folder, and
 * `path-not-found` when there is no such file. A leading `scripts/` is accepted and dropped.
 */
export async function resolveScriptPath(skillDirectory: string, script: string): Promise<ResolvedScript> {
  const name = checkScriptName(script);
  const scriptsDirectory = await realpath(path.join(skillDirectory, SCRIPTS_FOLDER)).catch(() => undefined);
  if (scriptsDirectory === undefined || !(await stat(scriptsDirectory)).isDirectory()) {
    throw new SkillboxError(
      "path-not-found",
      `The skill has no ${SCRIPTS_FOLDER}/ folder (${path.join(skillDirectory, SCRIPTS_FOLDER)}), so it has no scripts to run.`,
      { data: { script } },
    );
  }
  const realSkillDirectory = await realpath(skillDirectory);
  if (!isStrictlyInside(realSkillDirectory, scriptsDirectory)) {
    throw new SkillboxError(
      "path-escape",
      `The skill's ${SCRIPTS_FOLDER}/ folder is a link to a place outside the skill (${scriptsDirectory}); scripts there do not run.`,
      { data: { script } },
    );
  }
  // Skill bodies usually write `scripts/x.py`; the name is relative to that folder, so both spellings work.
  const candidates = name.startsWith(`${SCRIPTS_FOLDER}/`)
    ? [name, name.slice(SCRIPTS_FOLDER.length + 1)]
    : [name];
  for (const candidate of candidates) {
    const lexical = path.join(scriptsDirectory, ...candidate.split("/"));
    const real = await realpath(lexical).catch(() => undefined);
    if (real === undefined) continue;
    if (!isStrictlyInside(scriptsDirectory, real)) {
      throw new SkillboxError(
        "path-escape",
        `The script "${script}" resolves outside the skill's ${SCRIPTS_FOLDER}/ folder (through a symlink); only files inside it may run.`,
        { data: { script } },
      );
    }
    const info = await stat(real);
    if (!info.isFile()) {
      throw new SkillboxError(
        "path-not-found",
        `"${script}" is not a file in the skill's ${SCRIPTS_FOLDER}/ folder.`,
        {
          data: { script },
        },
      );
    }
    return { absolute: real, relative: candidate, scriptsDirectory, mode: info.mode };
  }
  throw new SkillboxError(
    "path-not-found",
    `There is no script "${script}" in the skill's ${SCRIPTS_FOLDER}/ folder.`,
    {
      data: { script },
    },
  );
}

/** True when `candidate` lies under `root` and is not `root` itself. */
export function isStrictlyInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}

function checkScriptName(script: string): string {
  const invalid = (reason: string): SkillboxError =>
    new SkillboxError(
      "invalid-argument",
      `Invalid script name "${script}": ${reason}. Give a file name inside the skill's ${SCRIPTS_FOLDER}/ folder, e.g. "extract.py".`,
      { data: { script } },
    );
  if (typeof script !== "string" || script.trim() === "") throw invalid("it is empty");
  if (script.includes("\0")) throw invalid("it contains a NUL character");
  if (path.posix.isAbsolute(script) || path.win32.isAbsolute(script)) {
    throw new SkillboxError(
      "path-escape",
      `The script "${script}" is an absolute path; only files inside the skill's ${SCRIPTS_FOLDER}/ folder may run.`,
      { data: { script } },
    );
  }
  if (script.includes("\\")) throw invalid("use / to separate folders");
  const segments = script.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.includes("..")) {
    throw new SkillboxError(
      "path-escape",
      `The script "${script}" uses ".."; only files inside the skill's ${SCRIPTS_FOLDER}/ folder may run.`,
      { data: { script } },
    );
  }
  if (segments.length === 0) throw invalid("it names no file");
  return segments.join("/");
}
