// Compact tuples for the cache file: root-relative paths, default-valued metadata left out, checked on read.

import * as path from "node:path";
import type { Diagnostic } from "../../skills/diagnostic.js";
import { createDefaultSkillMetadata } from "../../skills/load-skill-text.js";
import type { SkillMetadata } from "../../skills/skill-metadata.js";
import type { SkillFileEntry } from "../discovery/load-skill-entry.js";
import type { FileStamp } from "../discovery/registry-file-system.js";
import { type DirectoryNode, toOrderKey } from "../discovery/skill-tree.js";

/** `[relative path, size, mtimeMs, ino, flags, directoryNames, links, extra?]` */
export type CachedDirectory = [string, number, number, number, number, string[], string[], DirectoryExtra?];
/** `[relative folder, flags, size, mtimeMs, ino, firstSeenAt, bodyStartLine, bodyOffset, metadata delta, diagnostics]` */
export type CachedFile = [
  string,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  Record<string, unknown>,
  StoredDiagnostic[],
];

interface DirectoryExtra {
  /** Real path, when it is not the root's path joined with the relative path. */
  r?: string;
  /** `.gitignore`: size, mtimeMs, ino, text. */
  g?: [number, number, number, string];
  d?: StoredDiagnostic[];
}

/** A diagnostic without its path when the path is the owner's (the file or the folder). */
type StoredDiagnostic = Omit<Diagnostic, "path"> & { path?: string };

// flags: bits 0-1 the skill file (0 none, 1 SKILL.md, 2 skill.md), bit 2 racy stamp, bit 3 not loadable,
// bit 4 the folder's skill file is a link (checked again by the next walk before anything reads it).
const FILE_NAMES = [undefined, "SKILL.md", "skill.md"] as const;
const RACY = 4;
const SKIPPED = 8;
const LINKED = 16;

/** Encodes one folder relative to its root. */
export function encodeDirectory(node: DirectoryNode, rootPath: string): CachedDirectory {
  const relative = path.relative(rootPath, node.path);
  const stamp = node.stamp ?? { size: -1, mtimeMs: -1, ino: -1, racy: true as const };
  const flags =
    fileCode(node.skillFileLink ?? node.skillFileName) |
    (stamp.racy ? RACY : 0) |
    (node.skillFileLink === undefined ? 0 : LINKED);
  const extra: DirectoryExtra = {};
  if (node.realPath !== node.path) extra.r = node.realPath;
  if (node.gitignore !== undefined) {
    const { size, mtimeMs, ino } = node.gitignore.stamp;
    extra.g = [size, mtimeMs, ino, node.gitignore.text];
  }
  if (node.diagnostics.length > 0) extra.d = node.diagnostics.map((item) => stripPath(item, node.path));
  const tuple: CachedDirectory = [
    relative,
    stamp.size,
    stamp.mtimeMs,
    stamp.ino,
    flags,
    node.directoryNames,
    node.links,
  ];
  if (extra.r !== undefined || extra.g !== undefined || extra.d !== undefined) tuple.push(extra);
  return tuple;
}

/** Decodes one folder; undefined when the tuple is malformed. `children` is rebuilt by the caller. */
export function decodeDirectory(
  value: unknown,
  rootPath: string,
  rootIndex: number,
): DirectoryNode | undefined {
  if (!Array.isArray(value) || value.length < 7) return undefined;
  const [relative, size, mtimeMs, ino, flags, directoryNames, links, extra] = value as CachedDirectory;
  if (
    typeof relative !== "string" ||
    !isNumber(size) ||
    !isNumber(mtimeMs) ||
    !isNumber(ino) ||
    !isNumber(flags)
  ) {
    return undefined;
  }
  if (!isStrings(directoryNames) || !isStrings(links) || (extra !== undefined && !isObject(extra)))
    return undefined;
  const nodePath = joinRelative(rootPath, relative);
  const gitignore = extra?.g;
  if (
    gitignore !== undefined &&
    (!Array.isArray(gitignore) ||
      !isNumber(gitignore[0]) ||
      !isNumber(gitignore[1]) ||
      !isNumber(gitignore[2]) ||
      typeof gitignore[3] !== "string")
  ) {
    return undefined;
  }
  const diagnostics = restoreDiagnostics(extra?.d ?? [], nodePath);
  if (diagnostics === undefined || (extra?.r !== undefined && typeof extra.r !== "string")) return undefined;
  return {
    path: nodePath,
    realPath: extra?.r ?? nodePath,
    rootIndex,
    depth: countSegments(relative),
    orderKey: toOrderKey(relative),
    stamp: flags & RACY ? undefined : { size, mtimeMs, ino },
    directoryNames,
    children: [],
    links,
    skillFileName: FILE_NAMES[flags & 3],
    skillFileLink: flags & LINKED ? FILE_NAMES[flags & 3] : undefined,
    gitignore:
      gitignore === undefined
        ? undefined
        : { stamp: { size: gitignore[0], mtimeMs: gitignore[1], ino: gitignore[2] }, text: gitignore[3] },
    layer: undefined,
    diagnostics,
    walkDiagnostics: [],
    limited: undefined,
  };
}

/** Encodes one file entry relative to its root. */
export function encodeFile(entry: SkillFileEntry, rootPath: string): CachedFile {
  const flags =
    fileCode(path.basename(entry.file)) | (entry.stamp.racy ? RACY : 0) | (entry.loadable ? 0 : SKIPPED);
  const defaults = createDefaultSkillMetadata(entry.metadata.name) as unknown as Record<string, unknown>;
  const delta: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry.metadata)) {
    if (key === "name" || JSON.stringify(value) !== JSON.stringify(defaults[key])) delta[key] = value;
  }
  const { size, mtimeMs, ino } = entry.stamp;
  return [
    path.relative(rootPath, entry.directory),
    flags,
    size,
    mtimeMs,
    ino,
    entry.firstSeenAt,
    entry.bodyStartLine,
    entry.bodyOffset ?? -1,
    delta,
    entry.diagnostics.map((item) => stripPath(item, entry.file)),
  ];
}

/** Decodes one file entry; undefined when the tuple is malformed. */
export function decodeFile(value: unknown, rootPath: string, rootIndex: number): SkillFileEntry | undefined {
  if (!Array.isArray(value) || value.length !== 10) return undefined;
  const [relative, flags, size, mtimeMs, ino, firstSeenAt, bodyStartLine, bodyOffset, delta, stored] =
    value as CachedFile;
  if (
    typeof relative !== "string" ||
    !isNumber(flags) ||
    !isNumber(size) ||
    !isNumber(mtimeMs) ||
    !isNumber(ino)
  ) {
    return undefined;
  }
  if (!isNumber(firstSeenAt) || !isNumber(bodyStartLine) || !isNumber(bodyOffset)) return undefined;
  const fileName = FILE_NAMES[flags & 3];
  if (fileName === undefined || !isObject(delta) || typeof delta.name !== "string") return undefined;
  const metadata = createDefaultSkillMetadata(delta.name);
  Object.assign(metadata, delta);
  if (!isUsableMetadata(metadata)) return undefined;
  const directory = joinRelative(rootPath, relative);
  const file = directory + path.sep + fileName;
  const diagnostics = restoreDiagnostics(stored, file);
  if (diagnostics === undefined) return undefined;
  const stamp: FileStamp = { size, mtimeMs, ino };
  if (flags & RACY) stamp.racy = true;
  const entry: SkillFileEntry = {
    file,
    directory,
    rootIndex,
    orderKey: toOrderKey(relative),
    stamp,
    metadata,
    diagnostics,
    loadable: (flags & SKIPPED) === 0,
    bodyStartLine,
    firstSeenAt,
  };
  if (bodyOffset >= 0) entry.bodyOffset = bodyOffset;
  return entry;
}

/** `root` joined with a relative path from `path.relative` (already normalised: plain concatenation). */
function joinRelative(rootPath: string, relative: string): string {
  if (relative === "") return rootPath;
  return rootPath.endsWith(path.sep) ? rootPath + relative : rootPath + path.sep + relative;
}

function countSegments(relative: string): number {
  if (relative === "") return 0;
  let count = 1;
  for (let index = relative.indexOf(path.sep); index !== -1; index = relative.indexOf(path.sep, index + 1))
    count++;
  return count;
}

function fileCode(name: string | undefined): number {
  return name === "SKILL.md" ? 1 : name === "skill.md" ? 2 : 0;
}

function stripPath(diagnostic: Diagnostic, owner: string): StoredDiagnostic {
  if (diagnostic.path !== owner) return diagnostic;
  const { path: _owner, ...rest } = diagnostic;
  return rest;
}

function restoreDiagnostics(value: unknown, owner: string): Diagnostic[] | undefined {
  if (!Array.isArray(value)) return undefined;
  if (value.length === 0) return [];
  const diagnostics: Diagnostic[] = [];
  for (const item of value) {
    if (
      !isObject(item) ||
      typeof item.severity !== "string" ||
      typeof item.code !== "string" ||
      typeof item.message !== "string"
    ) {
      return undefined;
    }
    diagnostics.push({
      ...(item as unknown as Diagnostic),
      path: typeof item.path === "string" ? item.path : owner,
    });
  }
  return diagnostics;
}

function isUsableMetadata(metadata: SkillMetadata): boolean {
  return (
    typeof metadata.description === "string" &&
    isStrings(metadata.paths) &&
    isStrings(metadata.tags) &&
    isStrings(metadata.allowedTools) &&
    typeof metadata.disableModelInvocation === "boolean" &&
    typeof metadata.userInvocable === "boolean" &&
    (metadata.whenToUse === undefined || typeof metadata.whenToUse === "string")
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function isStrings(value: unknown): value is string[] {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item !== "string") return false;
  return true;
}
