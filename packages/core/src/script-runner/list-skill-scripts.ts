// Lists the files in a skill's `scripts/` folder, so an error can say which scripts do exist.
import path from "node:path";
import { walkSkillFolder } from "../registry/files/walk-skill-folder.js";
import { SCRIPTS_FOLDER } from "./resolve-script-path.js";

/** How many names a listing returns at most. */
export const MAX_LISTED_SCRIPTS = 100;

/**
 * The files under `<skillDirectory>/scripts/` as POSIX paths relative to that folder, sorted; symlinks
 * and hidden entries are left out, and an absent folder gives an empty list. Never throws.
 */
export function listSkillScripts(skillDirectory: string, maxDepth = 3): Promise<string[]> {
  return walkSkillFolder(path.join(skillDirectory, SCRIPTS_FOLDER), {
    maxDepth,
    maxFiles: MAX_LISTED_SCRIPTS,
    enterFolder: (name) => !name.startsWith("."),
    includeEntry: (entry) => entry.isFile() && !entry.name.startsWith("."),
    toResult: (relative) => relative,
  });
}
