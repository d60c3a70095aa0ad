// Layer 2 reads: the whole skill file, read on demand, re-parsed only when it changed on disk.

import type { SkillFileEntry } from "../discovery/load-skill-entry.js";
import {
  type FileStamp,
  hasSameValues,
  isSameStamp,
  type RegistryFileSystem,
  toStamp,
} from "../discovery/registry-file-system.js";
import { loadSkillFileParsing } from "./load-skill-file-parsing.js";

/** The result of reading a skill's body against its index entry. */
export type SkillBodyRead =
  /** The file is as indexed. */
  | { kind: "same"; body: string }
  /** The file changed: `entry` replaces the indexed one (its `body` is undefined when it is no longer loadable). */
  | { kind: "changed"; entry: SkillFileEntry; body: string | undefined };

/** Reads a whole file and the stamp of the same descriptor. Throws the file system's error. */
export function readWholeSkillFile(
  fs: RegistryFileSystem,
  file: string,
): { bytes: Buffer; stamp: FileStamp } {
  const descriptor = fs.openSync(file, "r");
  try {
    const stamp = toStamp(fs.fstatSync(descriptor));
    let buffer = Buffer.allocUnsafe(Math.max(1, stamp.size + 1));
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        const grown = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const read = fs.readSync(descriptor, buffer, length, buffer.length - length, length);
      if (read === 0) break;
      length += read;
    }
    return { bytes: buffer.subarray(0, length), stamp };
  } finally {
    fs.closeSync(descriptor);
  }
}

/**
 * The body of `entry`'s file. When the stamp still matches and the body offset is known, the body
 * is sliced from the text without parsing; otherwise the file is parsed (and a changed stamp
 * yields a replacement entry). Throws the file system's error when the file cannot be read.
 */
export function readSkillBody(
  fs: RegistryFileSystem,
  entry: SkillFileEntry,
  options: { maxBytes?: number; onParse?: (file: string) => void },
): SkillBodyRead {
  const { bytes, stamp } = readWholeSkillFile(fs, entry.file);
  if (isSameStamp(entry.stamp, stamp) && entry.bodyOffset !== undefined) {
    const text = loadSkillFileParsing().decodeSkillBytes(bytes, options.maxBytes);
    if (typeof text === "string") return { kind: "same", body: text.slice(entry.bodyOffset) };
  }
  options.onParse?.(entry.file);
  const place = {
    file: entry.file,
    directory: entry.directory,
    rootIndex: entry.rootIndex,
    orderKey: entry.orderKey,
    firstSeenAt: entry.firstSeenAt,
  };
  const { hasSameContent, parseSkillEntry } = loadSkillFileParsing();
  const parsed = parseSkillEntry(place, bytes, stamp, options);
  const sameFile =
    isSameStamp(entry.stamp, stamp) ||
    (hasSameValues(entry.stamp, stamp) && hasSameContent(entry, parsed.entry));
  if (sameFile && parsed.body !== undefined) {
    // Same file: keep the indexed entry (its record stays the same) and remember the offset. A
    // new stamp may mean a new body: its search terms are read again when next needed.
    if (!isSameStamp(entry.stamp, stamp)) {
      entry.headingTerms = undefined;
      entry.bodyTerms = undefined;
    }
    entry.bodyOffset = parsed.entry.bodyOffset;
    entry.stamp = stamp;
    return { kind: "same", body: parsed.body };
  }
  return { kind: "changed", entry: parsed.entry, body: parsed.body };
}
