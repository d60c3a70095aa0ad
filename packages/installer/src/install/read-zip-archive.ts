// Reads a zip held in memory into snapshot entries and file bytes without touching the disk: every
// name is checked by our own rules first (zip-slip, drive letters, backslashes), declared sizes and
// ratios are checked before inflating, and yauzl verifies the real sizes against the declared ones.

import { SkillboxError } from "@skillbox/core/errors";
import yauzl from "yauzl";
import { checkEntryPath, isGitMetadataPath } from "./check-entry-path.js";
import {
  type ArchiveContents,
  checkExpansion,
  type ReadArchiveOptions,
  tooLarge,
} from "./read-tar-archive.js";
import type { SnapshotEntry } from "./source-snapshot.js";
import { unsafeSource } from "./validate-listing.js";

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const MADE_BY_UNIX = 3;

/** Parses a zip in `data`; throws `unsafe-source`, `source-too-large` or `install-error`. */
export async function readZipArchive(
  data: Uint8Array,
  options: ReadArchiveOptions,
): Promise<ArchiveContents> {
  const { label, limits } = options;
  const zip = await openZip(Buffer.from(data), label);
  const entries: SnapshotEntry[] = [];
  const contents = new Map<string, Uint8Array>();
  let declared = 0;
  let expanded = 0;
  try {
    for (;;) {
      const entry = await nextEntry(zip, label);
      if (entry === undefined) break;
      const name = decodeEntryName(entry);
      const checked = checkEntryPath(name);
      if (!checked.ok) throw unsafeSource(label, name, checked.reason);
      if (checked.path === "" || isGitMetadataPath(checked.path)) continue;
      if (entries.length >= limits.maxListingEntries)
        throw tooLarge(label, `more than ${limits.maxListingEntries} entries`);
      if (entry.isEncrypted()) throw unsafeSource(label, name, "encrypted entries are not supported");
      declared += entry.uncompressedSize;
      const declaredProblem =
        checkExpansion(declared, data.length, true, limits) ??
        checkExpansion(entry.uncompressedSize, entry.compressedSize, true, limits);
      if (declaredProblem) throw tooLarge(label, declaredProblem);
      const kind = entryKind(entry, name, label);
      const executable = kind === "file" && ((entry.externalFileAttributes >>> 16) & 0o111) !== 0;
      entries.push({ path: checked.path, kind, executable, size: entry.uncompressedSize });
      const keep = kind === "symlink" || (kind === "file" && (options.keep?.(checked.path) ?? true));
      if (!keep) continue;
      const bytes = await readEntryBytes(zip, entry, label);
      expanded += bytes.length;
      const problem = checkExpansion(expanded, data.length, true, limits);
      if (problem) throw tooLarge(label, problem);
      contents.set(checked.path, bytes);
      options.onProgress?.({ phase: "extract", label, entries: entries.length, bytes: expanded });
    }
  } finally {
    zip.close();
  }
  options.onProgress?.({ phase: "extract", label, entries: entries.length, bytes: expanded, done: true });
  return { entries, contents };
}

const UTF8_FLAG = 0x800;
const UNICODE_PATH_FIELD = 0x7075;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The entry's name. Without the UTF-8 flag or a Unicode path field the format says CP437, but
 * most tools (macOS Archive Utility, Java, older Windows) write UTF-8 there without saying so:
 * bytes that are valid UTF-8 are read as UTF-8, and only the rest as CP437.
 */
function decodeEntryName(entry: yauzl.Entry): string {
  const declared =
    (entry.generalPurposeBitFlag & UTF8_FLAG) !== 0 ||
    entry.extraFields.some((field) => field.id === UNICODE_PATH_FIELD);
  if (!declared) {
    try {
      return strictUtf8.decode(entry.fileNameRaw);
    } catch {
      // Not UTF-8: CP437 below.
    }
  }
  return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
}

function entryKind(entry: yauzl.Entry, name: string, label: string): SnapshotEntry["kind"] {
  const unix = entry.versionMadeBy >> 8 === MADE_BY_UNIX;
  const type = unix ? (entry.externalFileAttributes >>> 16) & S_IFMT : 0;
  if (name.endsWith("/") || type === S_IFDIR) return "directory";
  if (type === S_IFLNK) return "symlink";
  if (type === 0 || type === S_IFREG) return "file";
  throw unsafeSource(label, name, "device files, FIFOs and sockets are never extracted");
}

function openZip(buffer: Buffer, label: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false },
      (error, zip) => (error ? reject(invalidZip(label, error)) : resolve(zip)),
    );
  });
}

function nextEntry(zip: yauzl.ZipFile, label: string): Promise<yauzl.Entry | undefined> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off("entry", onEntry);
      zip.off("end", onEnd);
      zip.off("error", onError);
    };
    const onEntry = (entry: yauzl.Entry) => {
      cleanup();
      resolve(entry);
    };
    const onEnd = () => {
      cleanup();
      resolve(undefined);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(invalidZip(label, error));
    };
    zip.on("entry", onEntry);
    zip.on("end", onEnd);
    zip.on("error", onError);
    zip.readEntry();
  });
}

async function readEntryBytes(zip: yauzl.ZipFile, entry: yauzl.Entry, label: string): Promise<Buffer> {
  try {
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch (error) {
    throw invalidZip(label, error);
  }
}

function invalidZip(label: string, cause: unknown): SkillboxError {
  const message = cause instanceof Error ? cause.message : String(cause);
  return new SkillboxError("install-error", `Could not read the zip ${label}: ${message}`, { cause });
}
