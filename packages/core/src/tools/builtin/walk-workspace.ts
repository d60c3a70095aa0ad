// Walks a workspace folder for glob and grep: files only, no symlinked folders, heavy folders skipped.
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { toPosix } from "./workspace-path.js";

/** Folder names never descended into. */
export const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set([".git", "node_modules", ".hg", ".svn"]);

/** One file found by the walk. */
export interface WalkedFile {
  absolute: string;
  /** Relative to the workspace root, POSIX separators. */
  relative: string;
}

/**
 * Yields the files under `start` in sorted order, breadth first. Symlinked files are yielded (the
 * caller re-checks confinement before reading); symlinked folders are not followed, so no loops.
 */
export async function* walkWorkspace(
  root: string,
  start: string,
  maxEntries = 200_000,
): AsyncGenerator<WalkedFile> {
  const queue = [start];
  let seen = 0;
  while (queue.length > 0) {
    const directory = queue.shift() as string;
    let entries: Dirent[];
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch {
      // Unreadable folder (permissions, removed meanwhile): skip it.
      continue;
    }
    entries.sort((left, right) => left.name.localeCompare(right.name));
    for (const entry of entries) {
      seen += 1;
      if (seen > maxEntries) return;
      const absolute = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) queue.push(absolute);
      } else if (entry.isFile() || entry.isSymbolicLink()) {
        yield { absolute, relative: toPosix(path.relative(root, absolute)) };
      }
    }
  }
}
