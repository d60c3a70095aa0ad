// The file tree of a skill folder for `GET /api/skills/:name`: relative POSIX paths and sizes, bounded.
import type { Dirent } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";

/** One file of a skill folder. */
export interface SkillFile {
  /** POSIX path relative to the skill folder. */
  path: string;
  size: number;
}

export interface ListSkillFilesOptions {
  /** Folder levels entered below the skill folder; default 6. */
  maxDepth?: number;
  /** Files returned at most; default 500. */
  maxFiles?: number;
}

const SKIPPED_FOLDERS = new Set([".git", "node_modules"]);

/**
 * Lists files under `directory`, sorted by path, without following symbolic links (a link is listed
 * as a file of its own size, never entered) and never throwing: unreadable folders are left out.
 */
export async function listSkillFiles(
  directory: string,
  options: ListSkillFilesOptions = {},
): Promise<SkillFile[]> {
  const maxDepth = options.maxDepth ?? 6;
  const maxFiles = options.maxFiles ?? 500;
  const files: SkillFile[] = [];
  const walk = async (folder: string, prefix: string, depth: number): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      // A folder that vanished or cannot be read simply contributes no files.
      return;
    }
    entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
    for (const entry of entries) {
      if (files.length >= maxFiles) return;
      const relative = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
      const absolute = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (depth < maxDepth && !SKIPPED_FOLDERS.has(entry.name)) await walk(absolute, relative, depth + 1);
        continue;
      }
      if (!entry.isFile() && !entry.isSymbolicLink()) continue;
      try {
        files.push({ path: relative, size: (await lstat(absolute)).size });
      } catch {
        // Deleted between readdir and lstat: nothing to show.
      }
    }
  };
  await walk(directory, "", 1);
  return files;
}
