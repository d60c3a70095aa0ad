// Reads the head of a SKILL.md: enough bytes to hold the whole frontmatter and the start of the body.

import { type FileStamp, type RegistryFileSystem, toStamp } from "./registry-file-system.js";

/** How much of a file a scan reads. */
export interface ReadSkillHeadOptions {
  /** First read size; default 4 KiB (the largest real frontmatter seen is about 2.7 KB). */
  headBytes?: number;
  /** Bytes wanted after the closing delimiter, for a description taken from the body; default 1 KiB. */
  bodyMarginBytes?: number;
  /** Never read more than this while looking for the closing delimiter; default 1 MiB. */
  maxHeadBytes?: number;
}

/** The head of one file and the stamp taken from the same open descriptor. */
export interface SkillHead {
  /** The bytes read, cut at a UTF-8 character boundary. Valid only until the next call. */
  bytes: Uint8Array;
  /** True when `bytes` is the whole file. */
  complete: boolean;
  stamp: FileStamp;
}

const DEFAULT_HEAD_BYTES = 4096;
const DEFAULT_BODY_MARGIN = 1024;
const DEFAULT_MAX_HEAD = 1024 * 1024;
// One scratch buffer for the common case: a scan allocates nothing per file.
let scratch = Buffer.allocUnsafe(DEFAULT_HEAD_BYTES);

/**
 * Opens `file`, takes its stamp, and reads its head: the first `headBytes`, extended until the
 * frontmatter's closing `---` line and `bodyMarginBytes` after it are in, or the file ends.
 * Throws the file system's error (the caller turns it into a diagnostic).
 */
export function readSkillHead(
  fs: RegistryFileSystem,
  file: string,
  options: ReadSkillHeadOptions = {},
): SkillHead {
  const headBytes = options.headBytes ?? DEFAULT_HEAD_BYTES;
  const margin = options.bodyMarginBytes ?? DEFAULT_BODY_MARGIN;
  const maxHead = Math.max(headBytes, options.maxHeadBytes ?? DEFAULT_MAX_HEAD);
  const descriptor = fs.openSync(file, "r");
  try {
    const stamp = toStamp(fs.fstatSync(descriptor));
    if (scratch.length < headBytes) scratch = Buffer.allocUnsafe(headBytes);
    let buffer = scratch;
    let length = readFully(fs, descriptor, buffer, 0, headBytes, stamp.size);
    let complete = length < headBytes || length >= stamp.size;
    while (!complete && length < maxHead && needsMore(buffer, length, margin)) {
      const grown = Buffer.allocUnsafe(Math.min(maxHead, buffer.length * 2));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
      const wanted = grown.length - length;
      const read = readFully(fs, descriptor, grown, length, wanted, stamp.size);
      length += read;
      complete = read < wanted || length >= stamp.size;
    }
    const end = complete ? length : utf8Boundary(buffer, length);
    return { bytes: buffer.subarray(0, end), complete, stamp };
  } finally {
    fs.closeSync(descriptor);
  }
}

function readFully(
  fs: RegistryFileSystem,
  descriptor: number,
  buffer: Buffer,
  offset: number,
  length: number,
  size: number,
): number {
  let total = 0;
  while (total < length) {
    const wanted = length - total;
    const read = fs.readSync(descriptor, buffer, offset + total, wanted, offset + total);
    total += read;
    // A short read at the size fstat gave is the end of the file: asking again would only return 0.
    if (read === 0 || (read < wanted && offset + total >= size)) break;
  }
  return total;
}

/** True while an opened frontmatter is unclosed, or closed with fewer than `margin` bytes after it. */
export function needsMore(buffer: Uint8Array, length: number, margin: number): boolean {
  let start = 0;
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) start = 3;
  let lineEnd = indexOfNewline(buffer, start, length);
  if (lineEnd === -1 || !isDelimiter(buffer, start, lineEnd)) return false;
  for (;;) {
    const lineStart = lineEnd + 1;
    lineEnd = indexOfNewline(buffer, lineStart, length);
    // The last line in the buffer may be cut short: it cannot close the frontmatter yet.
    if (lineEnd === -1) return true;
    if (isDelimiter(buffer, lineStart, lineEnd)) return length - (lineEnd + 1) < margin;
  }
}

/**
 * The offset just past the frontmatter's closing `---` line, when the bytes open a frontmatter and
 * close it with a line that ends in a line break; -1 otherwise. The same delimiter rule as the
 * loader's (splitFrontmatter), applied to bytes.
 */
export function findFrontmatterEnd(buffer: Uint8Array): number {
  const length = buffer.length;
  let start = 0;
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) start = 3;
  let lineEnd = indexOfNewline(buffer, start, length);
  if (lineEnd === -1 || !isDelimiter(buffer, start, lineEnd)) return -1;
  for (;;) {
    const lineStart = lineEnd + 1;
    lineEnd = indexOfNewline(buffer, lineStart, length);
    if (lineEnd === -1) return -1;
    if (isDelimiter(buffer, lineStart, lineEnd)) return lineEnd + 1;
  }
}

/** Counts line breaks in `buffer` from `from`, stopping once `limit` are found. */
export function countNewlines(buffer: Uint8Array, from: number, limit: number): number {
  let count = 0;
  for (
    let index = buffer.indexOf(10, from);
    index !== -1 && count < limit;
    index = buffer.indexOf(10, index + 1)
  )
    count++;
  return count;
}

function indexOfNewline(buffer: Uint8Array, from: number, length: number): number {
  const found = buffer.indexOf(10, from);
  return found === -1 || found >= length ? -1 : found;
}

/** `---` then only spaces, tabs or a final CR, matching the loader's delimiter rule. */
function isDelimiter(buffer: Uint8Array, start: number, end: number): boolean {
  if (end - start < 3 || buffer[start] !== 45 || buffer[start + 1] !== 45 || buffer[start + 2] !== 45)
    return false;
  for (let index = start + 3; index < end; index++) {
    const byte = buffer[index];
    if (byte !== 32 && byte !== 9 && !(byte === 13 && index === end - 1)) return false;
  }
  return true;
}

/** The largest length <= `length` that does not cut a UTF-8 sequence in two. */
export function utf8Boundary(buffer: Uint8Array, length: number): number {
  let lead = length - 1;
  // Step back over at most three continuation bytes (10xxxxxx) to the sequence's lead byte.
  while (lead >= 0 && length - lead <= 4 && ((buffer[lead] ?? 0) & 0xc0) === 0x80) lead--;
  if (lead < 0) return length;
  const byte = buffer[lead] ?? 0;
  const size = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
  return lead + size <= length ? length : lead;
}
