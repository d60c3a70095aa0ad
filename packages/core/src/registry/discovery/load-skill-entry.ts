// One SKILL.md in the index: its stamp, its parsed metadata and diagnostics, never its body.

import { Buffer, isAscii, isUtf8 } from "node:buffer";
import * as path from "node:path";
import { MAX_BODY_LINES } from "../../skills/check-body-size.js";
import type { Diagnostic } from "../../skills/diagnostic.js";
import {
  createSkippedSkill,
  DEFAULT_MAX_SKILL_FILE_BYTES,
  loadSkillText,
} from "../../skills/load-skill-text.js";
import { NO_DESCRIPTION } from "../../skills/normalize-skill-metadata.js";
import type { LoadedSkillText, SkillMetadata } from "../../skills/skill-metadata.js";
import { describeUnsafeFolderName } from "../../skills/skill-name.js";
import { decodeSkillBytes } from "../files/load-skill-bytes.js";
import { countNewlines, findFrontmatterEnd, readSkillHead } from "./read-skill-head.js";
import { errorCodeOf, type FileStamp, type RegistryFileSystem, toStamp } from "./registry-file-system.js";

/** What the index keeps about one skill file. */
export interface SkillFileEntry {
  file: string;
  directory: string;
  rootIndex: number;
  /** Depth-first order within the root (see toOrderKey). */
  orderKey: string;
  stamp: FileStamp;
  metadata: SkillMetadata;
  diagnostics: Diagnostic[];
  /** False when the lenient policy skips the file (empty, binary, not UTF-8, too large, unreadable). */
  loadable: boolean;
  bodyStartLine: number;
  /** Epoch milliseconds when the index first saw this path. */
  firstSeenAt: number;
  /** Character offset of the body in the decoded file, learned on the first full read. */
  bodyOffset?: number;
  /**
   * Search terms of the body's headings and opening (registry/search/extract-body-terms.ts), taken
   * when the library is first searched rather than at scan time, and saved beside the index
   * (index/search-terms-cache.ts). Undefined until then.
   */
  headingTerms?: string;
  bodyTerms?: string;
}

/** How files are read and parsed. */
export interface LoadSkillEntryOptions {
  fs: RegistryFileSystem;
  /** Files over this many bytes are skipped; default 1 MiB. */
  maxBytes?: number;
  /** Read whole files (every diagnostic, body size included) instead of heads. */
  readWholeFiles?: boolean;
  /** Called once per file actually parsed (tests count re-parses with it). */
  onParse?: (file: string) => void;
}

/** Where an entry sits, decided by the walk. */
export interface EntryPlace {
  file: string;
  directory: string;
  rootIndex: number;
  orderKey: string;
  firstSeenAt: number;
}

/**
 * Reads and parses one skill file. Never throws: a file that vanished or cannot be read comes back
 * `undefined` (vanished) or as a skipped entry with an error diagnostic.
 */
export function loadSkillEntry(
  place: EntryPlace,
  options: LoadSkillEntryOptions,
): SkillFileEntry | undefined {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_SKILL_FILE_BYTES;
  try {
    const head = readSkillHead(
      options.fs,
      place.file,
      options.readWholeFiles ? { headBytes: maxBytes + 1 } : {},
    );
    options.onParse?.(place.file);
    return parseScannedHead(place, head.bytes, head.stamp, options);
  } catch (error) {
    const code = errorCodeOf(error);
    if (code === "ENOENT") return undefined;
    const skipped = createSkippedSkill(path.basename(place.directory), {
      severity: "error",
      code: "unreadable-file",
      message: `Cannot read SKILL.md (${code ?? "error"}); the skill is skipped (check its permissions)`,
      path: place.file,
    });
    return toEntry(place, statOrUnknown(options.fs, place.file), skipped);
  }
}

/**
 * Parses the bytes of a skill file (its head or all of it) into an entry, and returns the body
 * of what was read (the whole body only when the bytes were the whole file).
 */
export function parseSkillEntry(
  place: EntryPlace,
  bytes: Uint8Array,
  stamp: FileStamp,
  options: { maxBytes?: number },
): { entry: SkillFileEntry; body: string | undefined } {
  const directoryName = path.basename(place.directory);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_SKILL_FILE_BYTES;
  const skip = (code: string, message: string) =>
    createSkippedSkill(directoryName, { severity: "error", code, message, path: place.file });
  if (stamp.size > maxBytes) {
    const message = `SKILL.md is ${stamp.size} bytes, over the ${maxBytes}-byte limit; the skill is skipped (move content to references/)`;
    return { entry: toEntry(place, stamp, skip("file-too-large", message)), body: undefined };
  }
  const text = decodeSkillBytes(bytes, maxBytes);
  if (typeof text !== "string")
    return { entry: toEntry(place, stamp, skip(text.code, text.message)), body: undefined };
  const loaded = loadSkillText(text, { path: place.file, directoryName, maxBytes });
  // A frontmatter name is checked by the loader; a name taken from the folder is checked here.
  const unsafeName = loaded.loadable ? describeUnsafeFolderName(loaded.metadata.name) : undefined;
  if (unsafeName !== undefined) {
    const diagnostics = [
      ...loaded.diagnostics,
      { severity: "error" as const, code: "folder-name-unsafe", message: unsafeName, path: place.file },
    ];
    const skipped = { ...loaded, diagnostics: detach(diagnostics), loadable: false };
    return { entry: toEntry(place, stamp, skipped), body: undefined };
  }
  // Copy what is kept: strings cut from the file text would otherwise keep the whole text alive.
  loaded.metadata = detach(loaded.metadata);
  loaded.diagnostics = detach(loaded.diagnostics);
  const entry = toEntry(place, stamp, loaded);
  // The body is the tail of the text (byte-exact after the closing delimiter). A head holds the
  // whole frontmatter (or is the whole file), so the offset found in it holds for the full text
  // too: a later load slices the body out without parsing again.
  if (loaded.loadable && loaded.bodyOffset !== undefined) entry.bodyOffset = loaded.bodyOffset;
  return { entry, body: loaded.loadable ? loaded.body : undefined };
}

/**
 * The entry of a file's head as a scan reads it: the frontmatter alone is decoded when that gives
 * the same entry as parsing the whole head (see parseFrontmatterOnly), which it does for nearly every file.
 */
export function parseScannedHead(
  place: EntryPlace,
  bytes: Uint8Array,
  stamp: FileStamp,
  options: { maxBytes?: number },
): SkillFileEntry {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_SKILL_FILE_BYTES;
  return (
    parseFrontmatterOnly(place, bytes, stamp, maxBytes) ?? parseSkillEntry(place, bytes, stamp, options).entry
  );
}

// A body shorter than this has fewer than 500 lines (MAX_BODY_LINES) or 5,000 tokens: no size warning.
const BODY_CHECK_BYTES = 500;
const BODY_TOKEN_BYTES = 20_000;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The entry of a scanned head, decoding only the frontmatter: the common case of a closed
 * frontmatter with a description, whose body gives no finding. Undefined whenever the body could
 * matter (a description taken from it, a size warning) or the bytes are not plain text; the caller
 * then parses the whole head, which gives the same entry for every file this one accepts.
 */
function parseFrontmatterOnly(
  place: EntryPlace,
  bytes: Uint8Array,
  stamp: FileStamp,
  maxBytes: number,
): SkillFileEntry | undefined {
  if (stamp.size > maxBytes || bytes.length === 0 || bytes.length > maxBytes) return undefined;
  const cut = findFrontmatterEnd(bytes);
  if (cut === -1) return undefined;
  const bodyBytes = bytes.length - cut;
  if (bodyBytes >= BODY_TOKEN_BYTES) return undefined;
  if (bodyBytes >= BODY_CHECK_BYTES && countNewlines(bytes, cut, MAX_BODY_LINES - 1) >= MAX_BODY_LINES - 1)
    return undefined;
  if (bytes.includes(0)) return undefined;
  let text: string;
  if (isAscii(bytes)) text = Buffer.from(bytes.buffer, bytes.byteOffset, cut).toString("latin1");
  else if (isUtf8(bytes)) text = utf8.decode(bytes.subarray(0, cut));
  else return undefined;
  const directoryName = path.basename(place.directory);
  const loaded = loadSkillText(text, { path: place.file, directoryName, maxBytes });
  if (!loaded.loadable || loaded.metadata.description === NO_DESCRIPTION) return undefined;
  if (describeUnsafeFolderName(loaded.metadata.name) !== undefined) return undefined;
  // The text is the frontmatter alone (a few hundred bytes): its slices may stay, no copy is needed.
  const entry = toEntry(place, stamp, loaded);
  entry.bodyOffset = text.length;
  return entry;
}

function toEntry(place: EntryPlace, stamp: FileStamp, loaded: LoadedSkillText): SkillFileEntry {
  const diagnostics = loaded.diagnostics;
  if (loaded.loadable && place.file.endsWith(LOWERCASE_SUFFIX))
    diagnostics.push(lowercaseWarning(place.file));
  return {
    file: place.file,
    directory: place.directory,
    rootIndex: place.rootIndex,
    orderKey: place.orderKey,
    firstSeenAt: place.firstSeenAt,
    stamp,
    metadata: loaded.metadata,
    diagnostics,
    loadable: loaded.loadable,
    bodyStartLine: loaded.bodyStartLine,
  };
}

const LOWERCASE_SUFFIX = `${path.sep}skill.md`;

/** The warning for the lowercase `skill.md` fallback (same code as the one-shot lister's). */
export function lowercaseWarning(file: string): Diagnostic {
  return {
    severity: "warning",
    code: "lowercase-skill-file",
    message: "The file is named skill.md; rename it to SKILL.md, the name the spec and most agents look for",
    path: file,
  };
}

function statOrUnknown(fs: RegistryFileSystem, file: string): FileStamp {
  try {
    // An unreadable file still has a stamp, so it is not re-read until it changes.
    return toStamp(fs.statSync(file));
  } catch {
    return { size: -1, mtimeMs: -1, ino: -1 };
  }
}

/** True when two entries carry the same parsed content (metadata, diagnostics, loadability), key order aside. */
export function hasSameContent(left: SkillFileEntry, right: SkillFileEntry): boolean {
  return (
    left.loadable === right.loadable &&
    left.bodyStartLine === right.bodyStartLine &&
    stableStringify(left.metadata) === stableStringify(right.metadata) &&
    stableStringify(left.diagnostics) === stableStringify(right.diagnostics)
  );
}

/** JSON with object keys sorted, so two equal values print the same whatever their key order. */
function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item !== "object" || item === null || Array.isArray(item)) return item;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(item).sort()) sorted[key] = (item as Record<string, unknown>)[key];
    return sorted;
  });
}

/**
 * A copy of parsed values that holds no slice of the file text (V8 substrings keep their parent
 * string alive, and a registry keeps every skill's metadata). Plain objects and arrays are copied;
 * strings long enough to be slices are re-flattened; anything else is shared as is.
 */
function detach<Value>(value: Value): Value {
  return detachValue(value, 0) as Value;
}

// Shorter strings are always copied by V8 rather than sliced.
const MIN_SLICE_LENGTH = 13;
// Parsed front matter is shallow; the bound only guards against a pathological nesting.
const MAX_DETACH_DEPTH = 64;

function detachValue(value: unknown, depth: number): unknown {
  if (typeof value === "string") {
    // Concatenating makes a rope; slicing it flattens into a fresh string that owns its characters.
    return value.length < MIN_SLICE_LENGTH ? value : ` ${value}`.slice(1);
  }
  if (typeof value !== "object" || value === null || depth > MAX_DETACH_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => detachValue(item, depth + 1));
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = detachValue((value as Record<string, unknown>)[key], depth + 1);
    // An own `__proto__` key (YAML allows it) must stay a plain property, not become the prototype.
    if (key === "__proto__")
      Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy;
}
