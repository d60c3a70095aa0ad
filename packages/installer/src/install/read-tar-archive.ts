// Reads a tar or tar.gz held in memory into snapshot entries and file bytes without touching the
// disk: each header is checked before its data is kept, devices and FIFOs refuse the archive, and
// decompression stops at the size and ratio caps (a gzip bomb never gets far).
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { SkillboxError } from "@skillbox/core/errors";
import { Parser, type ReadEntry } from "tar";
import { checkEntryPath, isGitMetadataPath } from "./check-entry-path.js";
import type { InstallLimits } from "./install-limits.js";
import { formatBytes } from "./install-limits.js";
import type { ProgressListener } from "./install-progress.js";
import type { SnapshotEntry } from "./source-snapshot.js";
import { unsafeSource } from "./validate-listing.js";

/** Entries of an archive and the bytes of the files (and link targets) it kept. */
export interface ArchiveContents {
  entries: SnapshotEntry[];
  contents: Map<string, Uint8Array>;
}

export interface ReadArchiveOptions {
  label: string;
  limits: InstallLimits;
  /** Drop the first path segment (GitHub tarballs wrap the repository in one folder). */
  stripFirstSegment?: boolean;
  /** Which files to keep bytes for; the rest are read past. Default: all. */
  keep?: (path: string) => boolean;
  onProgress?: ProgressListener;
}

const FILE_TYPES = new Set(["File", "OldFile", "ContiguousFile"]);
const FOLDER_TYPES = new Set(["Directory", "GNUDumpDir"]);

/** Parses `data` (tar, gzip-compressed or not); throws `unsafe-source` or `source-too-large`. */
export async function readTarArchive(
  data: Uint8Array,
  options: ReadArchiveOptions,
): Promise<ArchiveContents> {
  const { label, limits } = options;
  const entries: SnapshotEntry[] = [];
  const contents = new Map<string, Uint8Array>();
  let keptBytes = 0;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
  };
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry: ReadEntry) => {
      if (failure) return void entry.resume();
      try {
        const record = describeEntry(entry, options);
        if (record === undefined) return void entry.resume();
        if (entries.length >= limits.maxListingEntries) {
          throw tooLarge(label, `more than ${limits.maxListingEntries} entries`);
        }
        entries.push(record);
        const keepBytes =
          record.kind === "symlink" || (record.kind === "file" && (options.keep?.(record.path) ?? true));
        if (record.kind === "symlink") contents.set(record.path, Buffer.from(entry.linkpath ?? ""));
        if (!keepBytes || record.kind !== "file") return void entry.resume();
        const chunks: Buffer[] = [];
        entry.on("data", (chunk: Buffer) => {
          keptBytes += chunk.length;
          if (keptBytes > limits.maxExpandedBytes) fail(tooLarge(label, "the kept files are too large"));
          else chunks.push(chunk);
        });
        entry.on("end", () => contents.set(record.path, Buffer.concat(chunks)));
      } catch (error) {
        fail(error as Error);
        entry.resume();
      }
    },
  });
  const finished = new Promise<void>((resolve) => {
    parser.on("end", () => resolve());
    parser.on("error", (error: Error) => {
      fail(invalidArchive(label, error));
      resolve();
    });
  });
  const compressed = isGzip(data);
  const source = compressed ? Readable.from([Buffer.from(data)]).pipe(createGunzip()) : Readable.from([data]);
  let expanded = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      expanded += chunk.length;
      const problem = checkExpansion(expanded, data.length, compressed, limits);
      if (problem) throw tooLarge(label, problem);
      if (failure) throw failure;
      options.onProgress?.({ phase: "extract", label, entries: entries.length, bytes: expanded });
      if (!parser.write(chunk)) await new Promise((resolve) => parser.once("drain", resolve));
    }
  } catch (error) {
    if (error instanceof SkillboxError) throw error;
    throw invalidArchive(label, error);
  }
  parser.end();
  await finished;
  if (failure) throw failure;
  options.onProgress?.({ phase: "extract", label, entries: entries.length, bytes: expanded, done: true });
  return { entries, contents };
}

/** The snapshot entry for one header, undefined for entries that are skipped (.git, the wrapper folder). */
function describeEntry(entry: ReadEntry, options: ReadArchiveOptions): SnapshotEntry | undefined {
  const raw = options.stripFirstSegment ? stripFirst(entry.path) : entry.path;
  if (raw === undefined) return undefined;
  const checked = checkEntryPath(raw);
  if (!checked.ok) throw unsafeSource(options.label, entry.path, checked.reason);
  if (checked.path === "" || isGitMetadataPath(checked.path)) return undefined;
  const executable = ((entry.mode ?? 0) & 0o111) !== 0;
  if (FILE_TYPES.has(entry.type)) {
    return { path: checked.path, kind: "file", executable, size: entry.size ?? 0 };
  }
  if (FOLDER_TYPES.has(entry.type)) return { path: checked.path, kind: "directory", executable: false };
  if (entry.type === "SymbolicLink") return { path: checked.path, kind: "symlink", executable: false };
  if (entry.type === "Link") {
    const rawTarget = options.stripFirstSegment ? stripFirst(entry.linkpath ?? "") : entry.linkpath;
    const target = checkEntryPath(rawTarget ?? "");
    if (!target.ok || target.path === "") {
      throw unsafeSource(options.label, entry.path, "a hard link points outside the archive");
    }
    return { path: checked.path, kind: "hardlink", executable, linkTarget: target.path };
  }
  throw unsafeSource(options.label, entry.path, `entries of type ${entry.type} are never extracted`);
}

/** Why expansion must stop, or undefined: the total cap, or the ratio once past the check threshold. */
export function checkExpansion(
  expanded: number,
  compressedSize: number,
  compressed: boolean,
  limits: InstallLimits,
): string | undefined {
  if (expanded > limits.maxExpandedBytes) {
    return `it expands to more than ${formatBytes(limits.maxExpandedBytes)}`;
  }
  if (compressed && expanded > limits.ratioCheckAfterBytes) {
    const ratio = expanded / Math.max(compressedSize, 1);
    if (ratio > limits.maxCompressionRatio) {
      return `it expands more than ${limits.maxCompressionRatio} times (a compression bomb?)`;
    }
  }
  return undefined;
}

/** A `source-too-large` error; nothing is installed. */
export function tooLarge(label: string, problem: string): SkillboxError {
  return new SkillboxError("source-too-large", `Refused ${label}: ${problem}. Nothing was installed.`, {
    data: { source: label },
  });
}

function invalidArchive(label: string, cause: unknown): SkillboxError {
  const message = cause instanceof Error ? cause.message : String(cause);
  return new SkillboxError("install-error", `Could not read the archive ${label}: ${message}`, { cause });
}

function isGzip(data: Uint8Array): boolean {
  return data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b;
}

function stripFirst(entryPath: string): string | undefined {
  const slash = entryPath.indexOf("/");
  if (slash === -1) return undefined;
  return entryPath.slice(slash + 1);
}
