// One bounded, depth-first walk of a skill folder, shared by the script lister and the server's file tree.
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";

/** Which entries a walk enters or lists, and how far it goes. */
export interface WalkSkillFolderOptions<T> {
  /** Folder levels entered below the starting folder (the starting folder is level 1). */
  maxDepth: number;
  /** Results returned at most; the walk stops once it has this many. */
  maxFiles: number;
  /** Whether a sub-folder is entered; default: every one. */
  enterFolder?(name: string): boolean;
  /** Whether a non-folder entry becomes a result. */
  includeEntry(entry: Dirent): boolean;
  /** Turns an included entry into a result; `undefined` drops it (e.g. it vanished meanwhile). */
  toResult(relative: string, absolute: string): T | undefined | Promise<T | undefined>;
}

/**
 * Walks `directory` depth-first, each folder in name order, and collects the entries it includes
 * with their POSIX paths relative to `directory`. Symbolic links are never entered. Never throws
 * for a missing or unreadable folder: it simply contributes nothing.
 */
export async function walkSkillFolder<T>(
  directory: string,
  options: WalkSkillFolderOptions<T>,
): Promise<T[]> {
  const results: T[] = [];
  const walk = async (folder: string, prefix: string, depth: number): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      // A folder that is missing, vanished or cannot be read simply contributes nothing.
      return;
    }
    entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
    for (const entry of entries) {
      if (results.length >= options.maxFiles) return;
      const relative = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
      const absolute = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (depth < options.maxDepth && (options.enterFolder?.(entry.name) ?? true)) {
          await walk(absolute, relative, depth + 1);
        }
        continue;
      }
      if (!options.includeEntry(entry)) continue;
      const result = await options.toResult(relative, absolute);
      if (result !== undefined) results.push(result);
    }
  };
  await walk(directory, "", 1);
  return results;
}
