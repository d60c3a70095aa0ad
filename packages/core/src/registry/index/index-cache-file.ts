// Where a registry's index is saved: one file per set of roots and discovery options in a cache
// folder, so `--dir` runs and each project keep their own, and the oldest files are pruned.

import * as path from "node:path";
import type { RegistryFileSystem } from "../discovery/registry-file-system.js";
import type { SkillRoot } from "../discovery/skill-roots.js";
import { REGISTRY_CACHE_VERSION } from "./registry-cache.js";
import { searchTermsFile } from "./search-terms-cache.js";

/** What tells two indexes apart (the file itself also holds the registry's full key, checked on read). */
export interface IndexIdentity {
  /** Roots in precedence order, as the registry gets them. */
  roots: readonly SkillRoot[];
  maxDepth?: number | undefined;
  maxDirectories?: number | undefined;
  trustedSymlinkTargets?: readonly string[] | undefined;
}

/** Index files kept in one cache folder; the least recently written beyond this are deleted. */
export const MAX_INDEX_FILES = 16;
const PREFIX = "index-";
const SUFFIX = ".bin";

/**
 * The index file for `identity` in `folder`: `index-<hash>.bin`, the hash taken over the roots'
 * real paths (a root reached through a link or a relative path shares its file), labels, scopes,
 * the discovery options and the cache version. Roots keep their order: it decides precedence.
 */
export function indexCacheFile(fs: RegistryFileSystem, folder: string, identity: IndexIdentity): string {
  const roots = identity.roots.map((root) => [realPathOf(fs, root.path), root.label, root.scope]);
  const text = JSON.stringify([
    REGISTRY_CACHE_VERSION,
    roots,
    identity.maxDepth ?? null,
    identity.maxDirectories ?? null,
    identity.trustedSymlinkTargets ?? [],
  ]);
  return path.join(folder, `${PREFIX}${hashText(text)}${SUFFIX}`);
}

/**
 * Deletes the least recently written index files of `folder` beyond `keep`. Costs one listing;
 * call it when a new index file is about to be created. Never throws.
 */
export function pruneIndexCaches(fs: RegistryFileSystem, folder: string, keep = MAX_INDEX_FILES): void {
  let names: string[];
  try {
    names = fs
      .readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.startsWith(PREFIX) && entry.name.endsWith(SUFFIX))
      .map((entry) => entry.name);
  } catch {
    // No cache folder yet: nothing to prune.
    return;
  }
  if (names.length <= keep) return;
  const written = names.map((name) => {
    const file = path.join(folder, name);
    try {
      return { file, at: fs.statSync(file).mtimeMs };
    } catch {
      // Gone already (another process pruned it).
      return { file, at: Number.NEGATIVE_INFINITY };
    }
  });
  written.sort((left, right) => right.at - left.at);
  for (const { file } of written.slice(keep)) {
    try {
      fs.rmSync(file, { force: true });
      fs.rmSync(searchTermsFile(file), { force: true });
    } catch {
      // Another process may hold or have removed it; the next prune tries again.
    }
  }
}

function realPathOf(fs: RegistryFileSystem, target: string): string {
  try {
    return fs.realpathSync(target);
  } catch {
    // A root that does not exist (yet) is known by its resolved path.
    return path.resolve(target);
  }
}

/** 64-bit FNV-1a over UTF-16 units, as 16 hex digits: enough to tell key sets apart (the file checks the full key). */
function hashText(text: string): string {
  let high = 0xcbf29ce4;
  let low = 0x84222325;
  for (let index = 0; index < text.length; index++) {
    low = (low ^ text.charCodeAt(index)) >>> 0;
    // Multiply the 64-bit value (high:low) by the FNV prime 0x100000001b3, modulo 2^64.
    const lowProduct = low * 0x1b3;
    const carry = Math.floor(lowProduct / 0x100000000);
    high = (Math.imul(high, 0x1b3) + Math.imul(low, 0x100) + carry) >>> 0;
    low = lowProduct >>> 0;
  }
  return high.toString(16).padStart(8, "0") + low.toString(16).padStart(8, "0");
}
