// Lists the files in a skill's `scripts/` folder, so an error can say which scripts do exist.
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { SCRIPTS_FOLDER } from "./resolve-script-path.js";

/** How many names a listing returns at most. */
export const MAX_LISTED_SCRIPTS = 100;

/**
 * The files under `<skillDirectory>/scripts/` as POSIX paths relative to that folder, sorted; symlinks
 * and hidden entries are left out, and an absent folder gives an empty list. Never throws.
 */
export async function listSkillScripts(skillDirectory: string, maxDepth = 3): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string, prefix: string, depth: number): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      // A missing or unreadable folder simply has no scripts to offer.
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (found.length >= MAX_LISTED_SCRIPTS || entry.name.startsWith(".")) continue;
      const relative = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isFile()) found.push(relative);
      else if (entry.isDirectory() && depth < maxDepth) {
        await walk(path.join(folder, entry.name), relative, depth + 1);
      }
    }
  };
  await walk(path.join(skillDirectory, SCRIPTS_FOLDER), "", 1);
  return found;
}
