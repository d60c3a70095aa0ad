// The files of one skill folder as the extension serves them, with the (size, mtime) stamps that
// decide whether cached digests still hold.

import { stat } from "node:fs/promises";
import * as path from "node:path";
import { walkSkillFolder } from "../registry/files/walk-skill-folder.js";

/** One served file: its path under the skill folder and its stamp. */
export interface ServedFile {
  /** POSIX path relative to the skill folder; the skill file itself is always `SKILL.md`. */
  relative: string;
  absolute: string;
  size: number;
  mtimeMs: number;
}

/** How far a walk goes. */
export interface ListServedFilesOptions {
  /** Folder levels below the skill folder; default 8 (the registry's scan depth). */
  maxDepth?: number;
  /** Files listed at most; default 513 (one past the SDK's publication limit, so excess shows). */
  maxFiles?: number;
}

const SKIPPED_FOLDERS = new Set(["node_modules", "__pycache__"]);

/**
 * Lists `skillFile` as `SKILL.md` and every other regular file under its folder, sorted by path.
 * Dot entries, `node_modules` and `__pycache__` are skipped (the registry never scans them) and
 * symbolic links are never followed, so nothing outside the folder is served. Undefined when the
 * skill file itself is gone.
 */
export async function listServedFiles(
  skillFile: string,
  options: ListServedFilesOptions = {},
): Promise<ServedFile[] | undefined> {
  const directory = path.dirname(skillFile);
  const skillFileName = path.basename(skillFile);
  const own = await stamp(skillFile);
  if (own === undefined) return undefined;
  const others = await walkSkillFolder<ServedFile>(directory, {
    maxDepth: options.maxDepth ?? 8,
    maxFiles: options.maxFiles ?? 513,
    enterFolder: (name) => !name.startsWith(".") && !SKIPPED_FOLDERS.has(name),
    includeEntry: (entry) => entry.isFile() && !entry.name.startsWith("."),
    async toResult(relative, absolute) {
      // The skill file is served as SKILL.md whatever its case on disk; a second spelling is dropped.
      if (relative === skillFileName || relative === "SKILL.md") return undefined;
      const found = await stamp(absolute);
      return found === undefined ? undefined : { relative, absolute, ...found };
    },
  });
  const files = [{ relative: "SKILL.md", absolute: skillFile, ...own }, ...others];
  return files.sort((left, right) =>
    left.relative < right.relative ? -1 : left.relative > right.relative ? 1 : 0,
  );
}

/** `relative\0size\0mtime` lines: equal signatures mean no file was added, removed or touched. */
export function signatureOf(files: readonly ServedFile[]): string {
  return files.map((file) => `${file.relative}\0${file.size}\0${file.mtimeMs}`).join("\n");
}

async function stamp(file: string): Promise<{ size: number; mtimeMs: number } | undefined> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? { size: stats.size, mtimeMs: stats.mtimeMs } : undefined;
  } catch {
    // Gone between the listing and the stat: the file simply is not served.
    return undefined;
  }
}
