// The synchronous file-system calls the registry makes, behind one small interface (Node's by default).

import * as nodeFs from "node:fs";

/** The subset of `node:fs` the registry uses; pass another implementation to inject faults in tests. */
export interface RegistryFileSystem {
  readdirSync(path: string, options: { withFileTypes: true }): nodeFs.Dirent[];
  statSync(path: string): nodeFs.Stats;
  lstatSync(path: string): nodeFs.Stats;
  realpathSync(path: string): string;
  /** File-system type of a folder (discovery refuses /proc and its kin wherever they are mounted). */
  statfsSync(path: string): { type: number };
  openSync(path: string, flags: string): number;
  fstatSync(descriptor: number): nodeFs.Stats;
  readSync(descriptor: number, buffer: Uint8Array, offset: number, length: number, position: number): number;
  /** Writes from `buffer[offset, offset + length)`; returns the bytes written. */
  writeSync(descriptor: number, buffer: Uint8Array, offset: number, length: number): number;
  closeSync(descriptor: number): void;
  readFileSync(path: string): Buffer;
  writeFileSync(path: string, data: string | Uint8Array): void;
  renameSync(from: string, to: string): void;
  mkdirSync(path: string, options: { recursive: true }): string | undefined;
  rmSync(path: string, options: { force: true }): void;
  existsSync(path: string): boolean;
}

/** Node's own synchronous file system. */
export const nodeFileSystem: RegistryFileSystem = {
  readdirSync: (path, options) => nodeFs.readdirSync(path, options),
  statSync: (path) => nodeFs.statSync(path),
  lstatSync: (path) => nodeFs.lstatSync(path),
  realpathSync: (path) => nodeFs.realpathSync(path),
  statfsSync: (path) => nodeFs.statfsSync(path),
  openSync: (path, flags) => nodeFs.openSync(path, flags),
  fstatSync: (descriptor) => nodeFs.fstatSync(descriptor),
  readSync: (descriptor, buffer, offset, length, position) =>
    nodeFs.readSync(descriptor, buffer, offset, length, position),
  writeSync: (descriptor, buffer, offset, length) => nodeFs.writeSync(descriptor, buffer, offset, length),
  closeSync: (descriptor) => nodeFs.closeSync(descriptor),
  readFileSync: (path) => nodeFs.readFileSync(path),
  writeFileSync: (path, data) => nodeFs.writeFileSync(path, data),
  renameSync: (from, to) => nodeFs.renameSync(from, to),
  mkdirSync: (path, options) => nodeFs.mkdirSync(path, options),
  rmSync: (path, options) => nodeFs.rmSync(path, options),
  existsSync: (path) => nodeFs.existsSync(path),
};

/** The file system with `overrides` layered over Node's. */
export function createRegistryFileSystem(overrides: Partial<RegistryFileSystem> = {}): RegistryFileSystem {
  return { ...nodeFileSystem, ...overrides };
}

/** Identity of a file's content as far as the index cares: size, modification time and inode. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  ino: number;
  /**
   * Taken so soon after the last modification that a same-size write in the same clock tick
   * would not change it (git's "racily clean"): such a stamp is never trusted, so the file is
   * read again on the next check.
   */
  racy?: true;
}

/** How close to its modification time a stamp counts as racy; file timestamps tick in 1-10 ms. */
export const RACY_WINDOW_MS = 50;

/** The stamp of a stat result, taken at `now` (epoch milliseconds, the file system's clock). */
export function toStamp(stats: nodeFs.Stats, now: number = Date.now()): FileStamp {
  const stamp: FileStamp = { size: stats.size, mtimeMs: stats.mtimeMs, ino: stats.ino };
  // A modification time in the future (clock skew) is just as untrustworthy.
  if (now - stats.mtimeMs < RACY_WINDOW_MS) stamp.racy = true;
  return stamp;
}

/** True when `current` shows the same file content as the trusted stamp `known`. */
export function isSameStamp(known: FileStamp | undefined, current: FileStamp | undefined): boolean {
  if (known === undefined || current === undefined || known.racy) return false;
  return hasSameValues(known, current);
}

/** isSameStamp against a stat result, without building a stamp. */
export function matchesStats(known: FileStamp | undefined, stats: nodeFs.Stats): boolean {
  if (known === undefined || known.racy) return false;
  return known.size === stats.size && known.mtimeMs === stats.mtimeMs && known.ino === stats.ino;
}

/** True when two stamps hold the same size, time and inode, racy or not. */
export function hasSameValues(left: FileStamp, right: FileStamp): boolean {
  return left.size === right.size && left.mtimeMs === right.mtimeMs && left.ino === right.ino;
}

/** The error code of a Node file-system error (`ENOENT`, `EACCES` …), or undefined. */
export function errorCodeOf(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === "string" ? code : undefined;
  }
  return undefined;
}
