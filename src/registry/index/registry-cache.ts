// The persisted index: a versioned, compact JSON file, written atomically, ignored when missing or damaged.

import { randomBytes } from "node:crypto";
import * as path from "node:path";
import type { Diagnostic } from "../../skills/diagnostic.js";
import type { SkillFileEntry } from "../discovery/load-skill-entry.js";
import { errorCodeOf, type RegistryFileSystem } from "../discovery/registry-file-system.js";
import type { SkillRoot } from "../discovery/skill-roots.js";
import type { DirectoryNode } from "../discovery/skill-tree.js";
import {
  type CachedDirectory,
  type CachedFile,
  decodeDirectory,
  decodeFile,
  encodeDirectory,
  encodeFile,
} from "./registry-cache-codec.js";

/** Bump when the layout or the loader's output changes: older files are then ignored. */
export const REGISTRY_CACHE_VERSION = 4;

/** The index as read back: folders (without their rebuilt `.gitignore` chains) and file entries. */
export interface RegistryCacheContent {
  directories: DirectoryNode[];
  files: SkillFileEntry[];
}

interface CacheFileShape {
  version: number;
  key: string;
  /** Per root, in root order: folders and files with paths relative to the root. */
  roots: Array<{ directories: CachedDirectory[]; files: CachedFile[] }>;
}

/**
 * Reads the cache; undefined when it is missing, unreadable, not JSON, of another version or key,
 * or malformed anywhere (a damaged cache costs one cold scan, never a crash).
 */
export function readRegistryCache(
  fs: RegistryFileSystem,
  file: string,
  key: string,
  roots: readonly SkillRoot[],
): RegistryCacheContent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(file).toString("utf8"));
  } catch {
    // Missing or not JSON: start cold.
    return undefined;
  }
  const shape = value as Partial<CacheFileShape> | null;
  if (
    typeof shape !== "object" ||
    shape === null ||
    shape.version !== REGISTRY_CACHE_VERSION ||
    shape.key !== key
  ) {
    return undefined;
  }
  if (!Array.isArray(shape.roots) || shape.roots.length !== roots.length) return undefined;
  const content: RegistryCacheContent = { directories: [], files: [] };
  for (let rootIndex = 0; rootIndex < roots.length; rootIndex++) {
    const part = shape.roots[rootIndex] as Partial<CacheFileShape["roots"][number]> | undefined;
    const root = roots[rootIndex];
    if (root === undefined || !Array.isArray(part?.directories) || !Array.isArray(part?.files))
      return undefined;
    for (const item of part.directories) {
      const node = decodeDirectory(item, root.path, rootIndex);
      if (node === undefined) return undefined;
      content.directories.push(node);
    }
    for (const item of part.files) {
      const entry = decodeFile(item, root.path, rootIndex);
      if (entry === undefined) return undefined;
      content.files.push(entry);
    }
  }
  return content;
}

/** Writes the cache atomically (temp file, then rename). Returns a warning instead of throwing. */
export function writeRegistryCache(
  fs: RegistryFileSystem,
  file: string,
  key: string,
  roots: readonly SkillRoot[],
  content: { directories: Iterable<DirectoryNode>; files: Iterable<SkillFileEntry> },
): Diagnostic | undefined {
  const shape: CacheFileShape = {
    version: REGISTRY_CACHE_VERSION,
    key,
    roots: roots.map(() => ({ directories: [], files: [] })),
  };
  for (const node of content.directories) {
    const root = roots[node.rootIndex];
    if (root !== undefined) shape.roots[node.rootIndex]?.directories.push(encodeDirectory(node, root.path));
  }
  for (const entry of content.files) {
    const root = roots[entry.rootIndex];
    if (root !== undefined) shape.roots[entry.rootIndex]?.files.push(encodeFile(entry, root.path));
  }
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(temporary, JSON.stringify(shape));
    fs.renameSync(temporary, file);
    return undefined;
  } catch (error) {
    try {
      fs.rmSync(temporary, { force: true });
    } catch {
      // Nothing more to clean up; the warning below says what failed.
    }
    return {
      severity: "warning",
      code: "cache-write-failed",
      message: `Could not write the skill index cache (${errorCodeOf(error) ?? "error"}); the next start scans every skill again. Check that the folder is writable.`,
      path: file,
    };
  }
}
