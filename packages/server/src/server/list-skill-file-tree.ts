// The file tree of a skill folder for `GET /api/skills/:name`: relative POSIX paths and sizes, bounded.
import { lstat } from "node:fs/promises";
import { walkSkillFolder } from "@skillbox/core/registry/files/walk-skill-folder";

/** One file of a skill folder. */
export interface SkillFile {
  /** POSIX path relative to the skill folder. */
  path: string;
  size: number;
}

export interface ListSkillFileTreeOptions {
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
export async function listSkillFileTree(
  directory: string,
  options: ListSkillFileTreeOptions = {},
): Promise<SkillFile[]> {
  const maxDepth = options.maxDepth ?? 6;
  const maxFiles = options.maxFiles ?? 500;
  return walkSkillFolder<SkillFile>(directory, {
    maxDepth,
    maxFiles,
    enterFolder: (name) => !SKIPPED_FOLDERS.has(name),
    includeEntry: (entry) => entry.isFile() || entry.isSymbolicLink(),
    toResult: async (relative, absolute) => {
      try {
        return { path: relative, size: (await lstat(absolute)).size };
      } catch {
        // Deleted between readdir and lstat: nothing to show.
        return undefined;
      }
    },
  });
}
