// The index of one root as columns (one array per field, numbers in typed arrays): few objects to
// serialize and to read back. Paths are relative to the root; metadata left at its defaults and a
// diagnostic's path when it is the file's own are left out; everything is checked on read.

import * as path from "node:path";
import type { Diagnostic, DiagnosticSeverity } from "../../skills/diagnostic.js";
import { createDefaultSkillMetadata } from "../../skills/load-skill-text.js";
import type { SkillMetadata } from "../../skills/skill-metadata.js";
import type { SkillFileEntry } from "../discovery/load-skill-entry.js";
import type { FileStamp } from "../discovery/registry-file-system.js";
import { type DirectoryNode, NO_DIAGNOSTICS, NO_NAMES, toOrderKey } from "../discovery/skill-tree.js";

/** One root's folders and skill files, column by column. */
export interface CachedRoot {
  /** Per folder: its path relative to the root. */
  folders: string[];
  /** Per folder: size, mtimeMs, ino, flags. */
  folderNumbers: Float64Array;
  /** Per folder: child folder names, links (0 when none) and rarely used fields (0 when none). */
  folderNames: Array<string[] | 0>;
  folderLinks: Array<string[] | 0>;
  folderExtras: Array<FolderExtra | 0>;
  /** Per file: the index of its folder in `folders`. */
  fileFolders: Int32Array;
  /** Per file: flags, size, mtimeMs, ino, firstSeenAt, bodyStartLine, bodyOffset (-1 when unknown). */
  fileNumbers: Float64Array;
  names: string[];
  descriptions: string[];
  /** Per file: the other metadata fields that differ from their defaults, in the metadata's key order. */
  metadata: Array<Record<string, unknown> | 0>;
  /** Per file: diagnostics, six slots each (see encodeDiagnostics), or 0 when there are none. */
  diagnostics: Array<unknown[] | 0>;
}

interface FolderExtra {
  /** Real path, when it is not the root's path joined with the relative path. */
  realPath?: string;
  gitignore?: { stamp: FileStamp; text: string };
  /** The folder's listing findings, as they were. */
  diagnostics?: Diagnostic[];
}

const FOLDER_STRIDE = 4;
const FILE_STRIDE = 7;
const DIAGNOSTIC_STRIDE = 6;
// flags: bits 0-1 the skill file (0 none, 1 SKILL.md, 2 skill.md), bit 2 racy stamp, bit 3 not loadable,
// bit 4 the folder's skill file is a link (checked again by the next walk before anything reads it).
const FILE_NAMES = [undefined, "SKILL.md", "skill.md"] as const;
const RACY = 4;
const SKIPPED = 8;
const LINKED = 16;
const SEVERITIES: readonly DiagnosticSeverity[] = ["error", "warning", "info"];
const DIAGNOSTIC_KEYS = ["severity", "code", "message", "path", "line", "column"] as const;

/** Encodes one root's folders and files (both already filtered to the root). */
export function encodeRoot(
  rootPath: string,
  directories: readonly DirectoryNode[],
  files: readonly SkillFileEntry[],
): CachedRoot {
  const folderIndex = new Map<string, number>();
  const folderNumbers = new Float64Array(directories.length * FOLDER_STRIDE);
  const cached: CachedRoot = {
    folders: [],
    folderNumbers,
    folderNames: [],
    folderLinks: [],
    folderExtras: [],
    fileFolders: new Int32Array(files.length),
    fileNumbers: new Float64Array(files.length * FILE_STRIDE),
    names: [],
    descriptions: [],
    metadata: [],
    diagnostics: [],
  };
  for (let index = 0; index < directories.length; index++) {
    const node = directories[index] as DirectoryNode;
    folderIndex.set(node.path, index);
    cached.folders.push(relativeTo(rootPath, node.path));
    const stamp = node.stamp;
    const at = index * FOLDER_STRIDE;
    folderNumbers[at] = stamp?.size ?? -1;
    folderNumbers[at + 1] = stamp?.mtimeMs ?? -1;
    folderNumbers[at + 2] = stamp?.ino ?? -1;
    folderNumbers[at + 3] =
      fileCode(node.skillFileLink ?? node.skillFileName) |
      (stamp === undefined || stamp.racy ? RACY : 0) |
      (node.skillFileLink === undefined ? 0 : LINKED);
    cached.folderNames.push(node.directoryNames.length === 0 ? 0 : node.directoryNames);
    cached.folderLinks.push(node.links.length === 0 ? 0 : node.links);
    const extra: FolderExtra = {};
    if (node.realPath !== node.path) extra.realPath = node.realPath;
    if (node.gitignore !== undefined) extra.gitignore = node.gitignore;
    if (node.diagnostics.length > 0) extra.diagnostics = node.diagnostics;
    cached.folderExtras.push(
      extra.realPath === undefined && extra.gitignore === undefined && extra.diagnostics === undefined
        ? 0
        : extra,
    );
  }
  let kept = 0;
  for (const entry of files) {
    const folder = folderIndex.get(entry.directory);
    // Every entry sits in a walked folder; one that does not is read again by the next walk.
    if (folder === undefined) continue;
    cached.fileFolders[kept] = folder;
    const at = kept * FILE_STRIDE;
    const numbers = cached.fileNumbers;
    numbers[at] =
      fileCode(path.basename(entry.file)) | (entry.stamp.racy ? RACY : 0) | (entry.loadable ? 0 : SKIPPED);
    numbers[at + 1] = entry.stamp.size;
    numbers[at + 2] = entry.stamp.mtimeMs;
    numbers[at + 3] = entry.stamp.ino;
    numbers[at + 4] = entry.firstSeenAt;
    numbers[at + 5] = entry.bodyStartLine;
    numbers[at + 6] = entry.bodyOffset ?? -1;
    cached.names.push(entry.metadata.name);
    cached.descriptions.push(entry.metadata.description);
    cached.metadata.push(encodeMetadata(entry.metadata));
    cached.diagnostics.push(encodeDiagnostics(entry.diagnostics, entry.file));
    kept++;
  }
  if (kept < files.length) {
    cached.fileFolders = cached.fileFolders.slice(0, kept);
    cached.fileNumbers = cached.fileNumbers.slice(0, kept * FILE_STRIDE);
  }
  return cached;
}

/** Decodes one root; undefined when anything in it is malformed. `children` are rebuilt by the caller. */
export function decodeRoot(
  value: unknown,
  rootPath: string,
  rootIndex: number,
): { directories: DirectoryNode[]; files: SkillFileEntry[] } | undefined {
  if (!isRecord(value)) return undefined;
  const cached = value as Partial<CachedRoot>;
  const { folders, folderNumbers, folderNames, folderLinks, folderExtras } = cached;
  const { fileFolders, fileNumbers, names, descriptions, metadata, diagnostics } = cached;
  if (
    !Array.isArray(folders) ||
    !(folderNumbers instanceof Float64Array) ||
    folderNumbers.length !== folders.length * FOLDER_STRIDE ||
    !hasLength(folderNames, folders.length) ||
    !hasLength(folderLinks, folders.length) ||
    !hasLength(folderExtras, folders.length) ||
    !(fileFolders instanceof Int32Array) ||
    !(fileNumbers instanceof Float64Array) ||
    fileNumbers.length !== fileFolders.length * FILE_STRIDE ||
    !hasLength(names, fileFolders.length) ||
    !hasLength(descriptions, fileFolders.length) ||
    !hasLength(metadata, fileFolders.length) ||
    !hasLength(diagnostics, fileFolders.length)
  ) {
    return undefined;
  }
  const directories: DirectoryNode[] = [];
  for (let index = 0; index < folders.length; index++) {
    const node = decodeFolder(cached as CachedRoot, index, rootPath, rootIndex);
    if (node === undefined) return undefined;
    directories.push(node);
  }
  const files: SkillFileEntry[] = [];
  for (let index = 0; index < fileFolders.length; index++) {
    const folder = directories[fileFolders[index] as number];
    if (folder === undefined) return undefined;
    const entry = decodeFile(cached as CachedRoot, index, folder, rootIndex);
    if (entry === undefined) return undefined;
    files.push(entry);
  }
  return { directories, files };
}

function decodeFolder(
  cached: CachedRoot,
  index: number,
  rootPath: string,
  rootIndex: number,
): DirectoryNode | undefined {
  const relative = cached.folders[index];
  const names = cached.folderNames[index];
  const links = cached.folderLinks[index];
  const extra = cached.folderExtras[index];
  if (typeof relative !== "string" || !isNamesSlot(names) || !isNamesSlot(links)) return undefined;
  if (extra !== 0 && !isUsableExtra(extra)) return undefined;
  const at = index * FOLDER_STRIDE;
  const numbers = cached.folderNumbers;
  const flags = numbers[at + 3] as number;
  const nodePath = joinRelative(rootPath, relative);
  const fileName = FILE_NAMES[flags & 3];
  return {
    path: nodePath,
    realPath: extra === 0 ? nodePath : (extra.realPath ?? nodePath),
    rootIndex,
    depth: countSegments(relative),
    orderKey: toOrderKey(relative),
    stamp:
      flags & RACY
        ? undefined
        : { size: numbers[at] as number, mtimeMs: numbers[at + 1] as number, ino: numbers[at + 2] as number },
    directoryNames: names === 0 ? NO_NAMES : names,
    children: NO_NAMES,
    links: links === 0 ? NO_NAMES : links,
    skillFileName: fileName,
    skillFileLink: flags & LINKED ? fileName : undefined,
    gitignore: extra === 0 ? undefined : extra.gitignore,
    layer: undefined,
    diagnostics: extra === 0 || extra.diagnostics === undefined ? NO_DIAGNOSTICS : extra.diagnostics,
    walkDiagnostics: NO_DIAGNOSTICS,
    limited: undefined,
  };
}

function decodeFile(
  cached: CachedRoot,
  index: number,
  folder: DirectoryNode,
  rootIndex: number,
): SkillFileEntry | undefined {
  const at = index * FILE_STRIDE;
  const numbers = cached.fileNumbers;
  const flags = numbers[at] as number;
  const fileName = FILE_NAMES[flags & 3];
  const name = cached.names[index];
  const description = cached.descriptions[index];
  const delta = cached.metadata[index];
  if (fileName === undefined || typeof name !== "string" || typeof description !== "string") return undefined;
  if (delta !== 0 && !isRecord(delta)) return undefined;
  const metadata = createDefaultSkillMetadata(name);
  metadata.description = description;
  if (delta !== 0) {
    Object.assign(metadata, delta);
    if (!isUsableMetadata(metadata)) return undefined;
  }
  const file = folder.path + path.sep + fileName;
  const diagnostics = decodeDiagnostics(cached.diagnostics[index], file);
  if (diagnostics === undefined) return undefined;
  const stamp: FileStamp = {
    size: numbers[at + 1] as number,
    mtimeMs: numbers[at + 2] as number,
    ino: numbers[at + 3] as number,
  };
  if (flags & RACY) stamp.racy = true;
  const entry: SkillFileEntry = {
    file,
    directory: folder.path,
    rootIndex,
    orderKey: folder.orderKey,
    stamp,
    metadata,
    diagnostics,
    loadable: (flags & SKIPPED) === 0,
    bodyStartLine: numbers[at + 5] as number,
    firstSeenAt: numbers[at + 4] as number,
  };
  const bodyOffset = numbers[at + 6] as number;
  if (bodyOffset >= 0) entry.bodyOffset = bodyOffset;
  return entry;
}

/** The metadata fields besides name and description that are not at their defaults, in key order. */
function encodeMetadata(metadata: SkillMetadata): Record<string, unknown> | 0 {
  let delta: Record<string, unknown> | undefined;
  for (const key in metadata) {
    if (key === "name" || key === "description") continue;
    const value = (metadata as unknown as Record<string, unknown>)[key];
    if (isDefaultValue(key, value)) continue;
    delta ??= {};
    delta[key] = value;
  }
  return delta ?? 0;
}

function isDefaultValue(key: string, value: unknown): boolean {
  switch (key) {
    case "allowedTools":
    case "disallowedTools":
    case "paths":
    case "tags":
    case "arguments":
      return Array.isArray(value) && value.length === 0;
    case "context":
      return value === "inline";
    case "disableModelInvocation":
      return value === false;
    case "userInvocable":
      return value === true;
    case "hooks":
    case "extra":
      return isEmptyObject(value);
    default:
      return false;
  }
}

/**
 * Diagnostics in six slots each: severity (0 error, 1 warning, 2 info), code, message, path (0 for
 * the file's own), line and column (-1 when absent). One whose keys are not in that order (or that
 * carries others) keeps its own shape: the slots then hold that object and five zeros.
 */
function encodeDiagnostics(diagnostics: readonly Diagnostic[], owner: string): unknown[] | 0 {
  if (diagnostics.length === 0) return 0;
  const slots: unknown[] = [];
  for (const diagnostic of diagnostics) {
    const severity = SEVERITIES.indexOf(diagnostic.severity);
    if (severity === -1 || !hasCanonicalKeys(diagnostic)) {
      slots.push(diagnostic, 0, 0, 0, 0, 0);
      continue;
    }
    slots.push(
      severity,
      diagnostic.code,
      diagnostic.message,
      diagnostic.path === owner ? 0 : diagnostic.path,
      diagnostic.line ?? -1,
      diagnostic.column ?? -1,
    );
  }
  return slots;
}

function decodeDiagnostics(slots: unknown, owner: string): Diagnostic[] | undefined {
  if (slots === 0) return [];
  if (!Array.isArray(slots) || slots.length % DIAGNOSTIC_STRIDE !== 0) return undefined;
  const diagnostics: Diagnostic[] = [];
  for (let at = 0; at < slots.length; at += DIAGNOSTIC_STRIDE) {
    const first = slots[at];
    if (isRecord(first)) {
      if (!isUsableDiagnostic(first)) return undefined;
      diagnostics.push(first as unknown as Diagnostic);
      continue;
    }
    const severity = SEVERITIES[first as number];
    const code = slots[at + 1];
    const message = slots[at + 2];
    const where = slots[at + 3];
    const line = slots[at + 4];
    const column = slots[at + 5];
    if (severity === undefined || typeof code !== "string" || typeof message !== "string") return undefined;
    if ((where !== 0 && typeof where !== "string") || typeof line !== "number" || typeof column !== "number")
      return undefined;
    // Built in the order the loader builds them, so cold and warm output print the same.
    const diagnostic: Diagnostic = { severity, code, message, path: where === 0 ? owner : where };
    if (line !== -1) diagnostic.line = line;
    if (column !== -1) diagnostic.column = column;
    diagnostics.push(diagnostic);
  }
  return diagnostics;
}

/** True when the keys are severity, code, message, path, then line and column if present, in that order. */
function hasCanonicalKeys(diagnostic: Diagnostic): boolean {
  let expected = 0;
  for (const key in diagnostic) {
    while (expected < DIAGNOSTIC_KEYS.length && DIAGNOSTIC_KEYS[expected] !== key) {
      // Only line and column may be missing.
      if (expected < 4) return false;
      expected++;
    }
    if (expected === DIAGNOSTIC_KEYS.length) return false;
    expected++;
  }
  if (expected < 4) return false;
  const { line, column } = diagnostic;
  return (
    typeof diagnostic.path === "string" &&
    (line === undefined || (typeof line === "number" && line !== -1)) &&
    (column === undefined || (typeof column === "number" && column !== -1))
  );
}

/** `root` joined with a relative path from `path.relative` (already normalised: plain concatenation). */
function joinRelative(rootPath: string, relative: string): string {
  if (relative === "") return rootPath;
  return rootPath.endsWith(path.sep) ? rootPath + relative : rootPath + path.sep + relative;
}

/** `path.relative` for a path known to be `rootPath` or below it. */
function relativeTo(rootPath: string, target: string): string {
  if (target === rootPath) return "";
  const prefix = rootPath.endsWith(path.sep) ? rootPath : rootPath + path.sep;
  return target.startsWith(prefix) ? target.slice(prefix.length) : path.relative(rootPath, target);
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

function isUsableMetadata(metadata: SkillMetadata): boolean {
  return (
    isStrings(metadata.paths) &&
    isStrings(metadata.tags) &&
    isStrings(metadata.allowedTools) &&
    isStrings(metadata.disallowedTools) &&
    isStrings(metadata.arguments) &&
    typeof metadata.disableModelInvocation === "boolean" &&
    typeof metadata.userInvocable === "boolean" &&
    (metadata.whenToUse === undefined || typeof metadata.whenToUse === "string") &&
    isRecord(metadata.hooks) &&
    isRecord(metadata.extra)
  );
}

function isUsableExtra(value: unknown): value is FolderExtra {
  if (!isRecord(value)) return false;
  const extra = value as FolderExtra;
  if (extra.realPath !== undefined && typeof extra.realPath !== "string") return false;
  const gitignore = extra.gitignore as unknown;
  if (gitignore !== undefined) {
    if (!isRecord(gitignore) || typeof gitignore.text !== "string" || !isRecord(gitignore.stamp))
      return false;
    const stamp = gitignore.stamp;
    if (typeof stamp.size !== "number" || typeof stamp.mtimeMs !== "number" || typeof stamp.ino !== "number")
      return false;
  }
  const diagnostics = extra.diagnostics as unknown;
  return diagnostics === undefined || (Array.isArray(diagnostics) && diagnostics.every(isUsableDiagnostic));
}

function isUsableDiagnostic(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.severity === "string" &&
    typeof value.code === "string" &&
    typeof value.message === "string" &&
    typeof value.path === "string"
  );
}

function isNamesSlot(value: unknown): value is string[] | 0 {
  return value === 0 || isStrings(value);
}

function hasLength(value: unknown, length: number): value is unknown[] {
  return Array.isArray(value) && value.length === length;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isEmptyObject(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  for (const _key in value) return false;
  return true;
}

function isStrings(value: unknown): value is string[] {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item !== "string") return false;
  return true;
}
