// The files of one skill folder as the extension serves them. Synchronous on purpose: one walk is a
// handful of readdir calls, and a skills/list page walks 100 skills; going through the thread pool
// for each call cost more than the calls themselves (10,000 skills: 1.5 s of promise and thread-pool
// overhead on 2 cores, against a few hundred milliseconds of system calls).

import { type Dirent, readdirSync, statSync } from "node:fs";
import * as path from "node:path";

/** One served file: its path under the skill folder and on disk. */
export interface ServedPath {
  /** POSIX path relative to the skill folder; the skill file itself is always `SKILL.md`. */
  relative: string;
  absolute: string;
}

/** A folder the walk listed, with its mtime from just before the listing. */
export interface ServedFolder {
  absolute: string;
  mtimeMs: number;
}

/** How far a walk goes. */
export interface ListServedFilesOptions {
  /** Folder levels below the skill folder; default 8 (the registry's scan depth). */
  maxDepth?: number;
  /** Files listed besides the skill file at most; default 513 (one past the SDK's publication limit, so excess shows). */
  maxFiles?: number;
}

const SKIPPED_FOLDERS = new Set(["node_modules", "__pycache__"]);

/**
 * Lists `skillFile` as `SKILL.md`, first, then every other regular file under its folder, in walk
 * order. Dot entries, `node_modules` and `__pycache__` are skipped (the registry never scans them) and
 * symbolic links are never followed, so nothing outside the folder is served. Files are not stat'ed
 * (the caller opens or stats each anyway, and learns there whether the skill file still exists);
 * folders are, before they are listed, so that while no folder's mtime moved, no file was added,
 * removed or renamed and the listing still holds.
 */
export function listServedFiles(
  skillFile: string,
  options: ListServedFilesOptions = {},
): { files: ServedPath[]; folders: ServedFolder[] } {
  const directory = path.dirname(skillFile);
  const skillFileName = path.basename(skillFile);
  const maxDepth = options.maxDepth ?? 8;
  const maxFiles = (options.maxFiles ?? 513) + 1;
  const files: ServedPath[] = [{ relative: "SKILL.md", absolute: skillFile }];
  const folders: ServedFolder[] = [];
  const walk = (folder: string, prefix: string, depth: number): void => {
    let entries: Dirent[];
    try {
      const { mtimeMs } = statSync(folder);
      // A folder changed within the last second may change again within the same timestamp tick
      // (a few ms on Linux): its listing is not trusted (NaN never compares equal).
      folders.push({ absolute: folder, mtimeMs: Date.now() - mtimeMs < 1000 ? Number.NaN : mtimeMs });
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      // A folder that is missing, vanished or cannot be read simply contributes nothing.
      return;
    }
    for (const entry of entries) {
      if (files.length >= maxFiles) return;
      const name = entry.name;
      if (name.startsWith(".")) continue;
      const relative = prefix === "" ? name : `${prefix}/${name}`;
      if (entry.isDirectory()) {
        if (depth < maxDepth && !SKIPPED_FOLDERS.has(name))
          walk(`${folder}${path.sep}${name}`, relative, depth + 1);
        continue;
      }
      // The skill file is served as SKILL.md whatever its case on disk; a second spelling is dropped.
      if (!entry.isFile() || (prefix === "" && (name === skillFileName || name === "SKILL.md"))) continue;
      files.push({ relative, absolute: `${folder}${path.sep}${name}` });
    }
  };
  walk(directory, "", 1);
  return { files, folders };
}

/** True when every folder still has the mtime it had when listed. */
export function foldersUnchanged(folders: readonly ServedFolder[]): boolean {
  for (const folder of folders) {
    try {
      if (statSync(folder.absolute).mtimeMs !== folder.mtimeMs) return false;
    } catch {
      return false;
    }
  }
  return true;
}
