// The persisted index: one header line, then the roots' columns through v8.serialize (far fewer
// objects to build than JSON tuples), written atomically, ignored when missing, damaged or foreign.

import type { Diagnostic } from "../../skills/diagnostic.js";
import type { SkillFileEntry } from "../discovery/load-skill-entry.js";
import { errorCodeOf, type RegistryFileSystem } from "../discovery/registry-file-system.js";
import type { SkillRoot } from "../discovery/skill-roots.js";
import type { DirectoryNode } from "../discovery/skill-tree.js";
import { loadSkillFileParsing } from "./load-skill-file-parsing.js";
import { writeCacheFile } from "./write-cache-file.js";

/** Bump when the layout or the loader's output changes: older files are then ignored. */
export const REGISTRY_CACHE_VERSION = 7;

/** The index as read back: folders (without their rebuilt `.gitignore` chains) and file entries. */
export interface RegistryCacheContent {
  directories: DirectoryNode[];
  files: SkillFileEntry[];
}

// The V8 version is part of the header: another engine may not read the serialized payload.
const HEADER = Buffer.from(`skillbox-index ${REGISTRY_CACHE_VERSION} v8-${process.versions.v8}\n`, "latin1");

/**
 * Reads the cache; undefined when it is missing, unreadable, of another version or key, or
 * malformed anywhere (a damaged cache costs one cold scan, never a crash).
 */
export function readRegistryCache(
  fs: RegistryFileSystem,
  file: string,
  key: string,
  roots: readonly SkillRoot[],
): RegistryCacheContent | undefined {
  let value: unknown;
  try {
    const bytes = fs.readFileSync(file);
    if (bytes.length <= HEADER.length || !HEADER.equals(bytes.subarray(0, HEADER.length))) return undefined;
    // node:v8 is not in Node's start-up snapshot (~2 ms to load): loaded once a cache file is there.
    value = process.getBuiltinModule("node:v8").deserialize(bytes.subarray(HEADER.length));
  } catch {
    // Missing, unreadable or not a serialized value: start cold.
    return undefined;
  }
  const shape = value as { key?: unknown; roots?: unknown } | null;
  if (typeof shape !== "object" || shape === null || shape.key !== key) return undefined;
  if (!Array.isArray(shape.roots) || shape.roots.length !== roots.length) return undefined;
  const { decodeRoot } = loadSkillFileParsing();
  const content: RegistryCacheContent = { directories: [], files: [] };
  for (let rootIndex = 0; rootIndex < roots.length; rootIndex++) {
    const root = roots[rootIndex] as SkillRoot;
    const decoded = decodeRoot(shape.roots[rootIndex], root.path, rootIndex);
    if (decoded === undefined) return undefined;
    for (const node of decoded.directories) content.directories.push(node);
    for (const entry of decoded.files) content.files.push(entry);
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
  const directories: DirectoryNode[][] = roots.map(() => []);
  const files: SkillFileEntry[][] = roots.map(() => []);
  for (const node of content.directories) directories[node.rootIndex]?.push(node);
  for (const entry of content.files) files[entry.rootIndex]?.push(entry);
  return writeCacheFile(
    fs,
    file,
    HEADER,
    () =>
      process.getBuiltinModule("node:v8").serialize({
        key,
        roots: roots.map((root, index) =>
          loadSkillFileParsing().encodeRoot(root.path, directories[index] ?? [], files[index] ?? []),
        ),
      }),
    "the skill index cache",
    "the next start scans every skill again",
  );
}

/** Removes a saved index that no longer holds anything; a warning instead of throwing. */
export function removeCacheFile(fs: RegistryFileSystem, file: string): Diagnostic | undefined {
  try {
    // Asked first: rmSync loads Node's rimraf even for a file that is not there.
    if (fs.existsSync(file)) fs.rmSync(file, { force: true });
    return undefined;
  } catch (error) {
    return {
      severity: "warning",
      code: "cache-write-failed",
      message: `Could not remove the outdated skill index (${errorCodeOf(error) ?? "error"}); the next run reads it and scans again. Check that the folder is writable.`,
      path: file,
    };
  }
}
