// Walks a folder tree and finds every skill in it: a folder with a SKILL.md (or skill.md) is a skill,
// and the walk does not descend into it. Skips .git and node_modules, bounds depth, follows links once.
import type { Dirent } from "node:fs";
import { readdir, realpath, stat } from "node:fs/promises";
import { join, sep } from "node:path";
import type { Diagnostic } from "./diagnostic.js";
import type { SkillFileLocation } from "./find-skill-file.js";
import { pickSkillFile } from "./find-skill-file.js";
import { mapWithConcurrency } from "./map-with-concurrency.js";

export interface FindSkillFilesOptions {
  /** How deep below the root to look (default 8; the root is depth 0). */
  maxDepth?: number;
  /** Folders read at once (default 32). */
  concurrency?: number;
}

/** The skills found (sorted by path) and folders that could not be read. */
export interface FoundSkillFiles {
  files: SkillFileLocation[];
  diagnostics: Diagnostic[];
}

const SKIPPED_FOLDERS: ReadonlySet<string> = new Set([".git", "node_modules"]);

/** Finds the skill files under `root` (the root itself may be a skill). */
export async function findSkillFiles(
  root: string,
  options: FindSkillFilesOptions = {},
): Promise<FoundSkillFiles> {
  const maxDepth = options.maxDepth ?? 8;
  const concurrency = options.concurrency ?? 32;
  const files: SkillFileLocation[] = [];
  const diagnostics: Diagnostic[] = [];
  const visited = new Set<string>();
  const rootReal = await realpath(root).catch(() => undefined);
  // Only links can make a cycle, so only the root and linked folders need their real path.
  let level: { path: string; linked: boolean }[] = [{ path: root, linked: true }];
  for (let depth = 0; depth <= maxDepth && level.length > 0; depth++) {
    const children = await mapWithConcurrency(level, concurrency, async ({ path: directory, linked }) => {
      if (linked) {
        const real = await realpath(directory).catch(() => directory);
        // A link back into the tree is walked (or was) through its real folder already.
        const intoTree = rootReal !== undefined && directory !== root && isInside(real, rootReal);
        if (visited.has(real) || intoTree) return [];
        visited.add(real);
      }
      let entries: Dirent[];
      try {
        entries = await readdir(directory, { withFileTypes: true });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? "error";
        if (code !== "ENOENT" && code !== "ENOTDIR") {
          const message = `Cannot read the folder (${code}); its skills are skipped (check its permissions)`;
          diagnostics.push({ severity: "warning", code: "unreadable-folder", message, path: directory });
        }
        return [];
      }
      const skillFile = await pickSkillFile(directory, entries);
      if (skillFile) {
        files.push(skillFile);
        return [];
      }
      const subfolders: { path: string; linked: boolean }[] = [];
      for (const entry of entries) {
        if (SKIPPED_FOLDERS.has(entry.name)) continue;
        const path = join(directory, entry.name);
        if (entry.isDirectory()) subfolders.push({ path, linked: false });
        else if (entry.isSymbolicLink() && (await isDirectory(path))) subfolders.push({ path, linked: true });
      }
      return subfolders;
    });
    level = children.flat();
  }
  files.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
  return { files, diagnostics };
}

function isInside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : `${folder}${sep}`);
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    // A dangling link is no folder.
    return false;
  }
}
