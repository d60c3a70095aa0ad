// Layer 3's table of contents: the files of a skill folder besides its SKILL.md, bounded in depth and count.

import { type Dirent, readdirSync } from "node:fs";
import * as path from "node:path";

/** How far a listing goes. */
export interface ListSkillFilesOptions {
  /** Files returned at most; default 30. */
  limit?: number;
  /** Folder levels entered below the skill folder; default 4. */
  maxDepth?: number;
  /** Directory entries examined at most, so a huge folder cannot stall a load; default 2,000. */
  maxEntries?: number;
  /** Relative paths left out (the skill file itself). */
  exclude?: readonly string[];
}

/** Relative paths (with `/`), sorted, and how many more files exist beyond the limit (a lower bound when cut). */
export interface SkillFileListing {
  files: string[];
  more: number;
}

const SKIPPED_DIRECTORIES = new Set(["node_modules", "__pycache__"]);

/**
 * Lists files under `directory` breadth-first in name order, skipping dot entries, `node_modules`
 * and `__pycache__`. Symbolic links are listed as they are (reading them is checked separately).
 * Unreadable folders are skipped. Never throws.
 */
export function listSkillFiles(directory: string, options: ListSkillFilesOptions = {}): SkillFileListing {
  const limit = options.limit ?? 30;
  const maxDepth = options.maxDepth ?? 4;
  let budget = options.maxEntries ?? 2000;
  const exclude = new Set(options.exclude ?? []);
  const files: string[] = [];
  let more = 0;
  let level: string[] = [""];
  for (let depth = 0; depth <= maxDepth && level.length > 0 && budget > 0; depth++) {
    const next: string[] = [];
    for (const relative of level) {
      let entries: Dirent[];
      try {
        entries = readdirSync(path.join(directory, relative), { withFileTypes: true });
      } catch {
        // An unreadable or vanished folder just contributes nothing to the listing.
        continue;
      }
      entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
      for (const entry of entries) {
        if (budget-- <= 0) break;
        if (entry.name.startsWith(".")) continue;
        const child = relative === "" ? entry.name : `${relative}/${entry.name}`;
        if (entry.isDirectory()) {
          if (!SKIPPED_DIRECTORIES.has(entry.name)) next.push(child);
        } else if (!exclude.has(child)) {
          if (files.length < limit) files.push(child);
          else more++;
        }
      }
    }
    level = next;
  }
  return { files: files.sort(), more };
}
