// The persisted index: a versioned JSON file, written atomically, ignored when missing or damaged.

import { randomBytes } from "node:crypto";
import * as path from "node:path";
import type { Diagnostic } from "../skills/diagnostic.js";
import type { SkillFileEntry } from "./load-skill-entry.js";
import { errorCodeOf, type RegistryFileSystem } from "./registry-file-system.js";
import type { DirectoryNode } from "./skill-tree.js";

/** Bump when the cache layout or the loader's output changes: older files are then ignored. */
export const REGISTRY_CACHE_VERSION = 1;

/** A folder as persisted: everything but the rebuilt `.gitignore` chain. */
export type PersistedDirectory = Omit<DirectoryNode, "layer">;

/** The file's content. `key` ties it to the roots and options that produced it. */
export interface RegistryCacheData {
  version: number;
  key: string;
  directories: PersistedDirectory[];
  files: SkillFileEntry[];
}

/**
 * Reads the cache; undefined when it is missing, unreadable, not JSON, of another version or key,
 * or malformed anywhere (a damaged cache costs one cold scan, never a crash).
 */
export function readRegistryCache(
  fs: RegistryFileSystem,
  file: string,
  key: string,
): RegistryCacheData | undefined {
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(file).toString("utf8"));
  } catch {
    // Missing or not JSON: start cold.
    return undefined;
  }
  if (!isObject(value) || value.version !== REGISTRY_CACHE_VERSION || value.key !== key) return undefined;
  const { directories, files } = value;
  if (!Array.isArray(directories) || !Array.isArray(files)) return undefined;
  if (!directories.every(isPersistedDirectory) || !files.every(isPersistedEntry)) return undefined;
  return value as unknown as RegistryCacheData;
}

/** Writes the cache atomically (temp file, then rename). Returns a warning instead of throwing. */
export function writeRegistryCache(
  fs: RegistryFileSystem,
  file: string,
  data: RegistryCacheData,
): Diagnostic | undefined {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      temporary,
      JSON.stringify(data, (key, value) => (key === "layer" ? undefined : value)),
    );
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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStamp(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.size === "number" &&
    typeof value.mtimeMs === "number" &&
    typeof value.ino === "number"
  );
}

function isStringArray(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

function isPersistedDirectory(value: unknown): boolean {
  if (!isObject(value)) return false;
  const gitignore = value.gitignore;
  return (
    typeof value.path === "string" &&
    typeof value.realPath === "string" &&
    typeof value.rootIndex === "number" &&
    typeof value.depth === "number" &&
    typeof value.orderKey === "string" &&
    (value.stamp === undefined || isStamp(value.stamp)) &&
    isStringArray(value.directoryNames) &&
    isStringArray(value.children) &&
    isStringArray(value.links) &&
    (value.skillFileName === undefined || typeof value.skillFileName === "string") &&
    (gitignore === undefined ||
      (isObject(gitignore) && isStamp(gitignore.stamp) && typeof gitignore.text === "string")) &&
    Array.isArray(value.diagnostics)
  );
}

function isPersistedEntry(value: unknown): boolean {
  if (!isObject(value)) return false;
  const metadata = value.metadata;
  return (
    typeof value.file === "string" &&
    typeof value.directory === "string" &&
    typeof value.rootIndex === "number" &&
    typeof value.orderKey === "string" &&
    isStamp(value.stamp) &&
    isObject(metadata) &&
    typeof metadata.name === "string" &&
    typeof metadata.description === "string" &&
    isStringArray(metadata.paths) &&
    isStringArray(metadata.tags) &&
    typeof metadata.disableModelInvocation === "boolean" &&
    typeof metadata.userInvocable === "boolean" &&
    Array.isArray(value.diagnostics) &&
    typeof value.loadable === "boolean" &&
    typeof value.bodyStartLine === "number" &&
    typeof value.firstSeenAt === "number"
  );
}
