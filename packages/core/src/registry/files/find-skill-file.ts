// Finds a skill folder's SKILL.md (or the lowercase skill.md fallback) by exact name, whatever the
// file system's case sensitivity; a skill file that links out of its folder is refused.
import type { Dirent } from "node:fs";
import { readdir, realpath, stat } from "node:fs/promises";
import { join, sep } from "node:path";
import { SkillboxError } from "../../errors.js";

/** Where a skill's file is. */
export interface SkillFileLocation {
  /** The skill folder. */
  directory: string;
  /** The SKILL.md path (`directory` joined with `fileName`). */
  path: string;
  fileName: "SKILL.md" | "skill.md";
  /** True for the `skill.md` fallback, which gets a warning. */
  lowercase: boolean;
}

/**
 * The skill file among a folder's entries: `SKILL.md` first, then `skill.md`; other casings are not
 * skills. Throws SkillboxError `path-escape` when the file is a link whose real path leaves the folder.
 */
export async function pickSkillFile(
  directory: string,
  entries: readonly Dirent[],
): Promise<SkillFileLocation | undefined> {
  for (const fileName of ["SKILL.md", "skill.md"] as const) {
    const entry = entries.find((candidate) => candidate.name === fileName);
    if (!entry) continue;
    const path = join(directory, fileName);
    const isFile = entry.isFile() || (entry.isSymbolicLink() && (await isRegularFile(path)));
    if (isFile && entry.isSymbolicLink()) await requireInside(directory, path);
    if (isFile) return { directory, path, fileName, lowercase: fileName === "skill.md" };
  }
  return undefined;
}

/**
 * Finds the skill file in `directory`; undefined when the folder has none or does not exist.
 * Throws SkillboxError `io-error` when the folder exists but cannot be read.
 */
export async function findSkillFile(directory: string): Promise<SkillFileLocation | undefined> {
  let entries: Dirent[];
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw new SkillboxError(
      "io-error",
      `Cannot read the folder ${directory} (${code ?? "error"}); check its permissions`,
      {
        cause: error,
      },
    );
  }
  return pickSkillFile(directory, entries);
}

/** Throws `path-escape` unless the link at `file` leads to a file inside `directory`. */
async function requireInside(directory: string, file: string): Promise<void> {
  const [folder, target] = await Promise.all([realpath(directory), realpath(file)]);
  const prefix = folder.endsWith(sep) ? folder : folder + sep;
  if (target.startsWith(prefix)) return;
  throw new SkillboxError(
    "path-escape",
    `${file} links to ${target}, outside its skill folder; it is not read. Copy the file into the folder instead of linking it.`,
    { data: { file, target } },
  );
}

async function isRegularFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    // A dangling link is no file.
    return false;
  }
}
