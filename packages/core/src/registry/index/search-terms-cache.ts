// The body terms search read, saved beside the index file (`<index file>.terms`) rather than in it:
// only a process that searches loads them, so `list` and `prompt` read and hold nothing more.
// Same rules as the index file: header with version and V8, atomic write, ignored when damaged.

import type { Diagnostic } from "../../skills/diagnostic.js";
import type { SkillFileEntry } from "../discovery/load-skill-entry.js";
import { type FileStamp, hasSameValues, type RegistryFileSystem } from "../discovery/registry-file-system.js";
import { writeCacheFile } from "./write-cache-file.js";

/** Bump when the terms' analysis changes (stemmer, stop words, what is extracted). */
const SEARCH_TERMS_VERSION = 1;
const HEADER = Buffer.from(`skillbox-terms ${SEARCH_TERMS_VERSION} v8-${process.versions.v8}\n`, "latin1");
const STRIDE = 3;

/** Saved terms by skill file, each with the stamp of the file they were read from. */
export type SavedSearchTerms = Map<string, { stamp: FileStamp; headings: string; body: string }>;

interface TermsColumns {
  key: string;
  files: string[];
  /** Per file: size, mtimeMs, ino. */
  stamps: Float64Array;
  headings: string[];
  bodies: string[];
}

/** The terms file of an index file. */
export function searchTermsFile(indexFile: string): string {
  return `${indexFile}.terms`;
}

/** Reads saved terms; undefined when the file is missing, damaged, or of another version or key. */
export function readSearchTermsCache(
  fs: RegistryFileSystem,
  file: string,
  key: string,
): SavedSearchTerms | undefined {
  let value: unknown;
  try {
    const bytes = fs.readFileSync(file);
    if (bytes.length <= HEADER.length || !HEADER.equals(bytes.subarray(0, HEADER.length))) return undefined;
    // node:v8 is not in Node's start-up snapshot (~2 ms to load): loaded once a cache file is there.
    value = process.getBuiltinModule("node:v8").deserialize(bytes.subarray(HEADER.length));
  } catch {
    // Missing or unreadable: the terms are read from the skill files again.
    return undefined;
  }
  const columns = value as Partial<TermsColumns> | null;
  if (typeof columns !== "object" || columns === null || columns.key !== key) return undefined;
  const { files, stamps, headings, bodies } = columns;
  if (
    !Array.isArray(files) ||
    !(stamps instanceof Float64Array) ||
    stamps.length !== files.length * STRIDE ||
    !Array.isArray(headings) ||
    !Array.isArray(bodies) ||
    headings.length !== files.length ||
    bodies.length !== files.length
  ) {
    return undefined;
  }
  const saved: SavedSearchTerms = new Map();
  for (let index = 0; index < files.length; index++) {
    const file = files[index];
    const heading = headings[index];
    const body = bodies[index];
    if (typeof file !== "string" || typeof heading !== "string" || typeof body !== "string") return undefined;
    const at = index * STRIDE;
    const stamp = {
      size: stamps[at] as number,
      mtimeMs: stamps[at + 1] as number,
      ino: stamps[at + 2] as number,
    };
    saved.set(file, { stamp, headings: heading, body });
  }
  return saved;
}

/** Sets an entry's terms from the saved ones when they were read from the same file; true when it did. */
export function applySavedSearchTerms(saved: SavedSearchTerms | undefined, entry: SkillFileEntry): boolean {
  const found = saved?.get(entry.file);
  if (found === undefined || !hasSameValues(entry.stamp, found.stamp)) return false;
  entry.headingTerms = found.headings;
  entry.bodyTerms = found.body;
  return true;
}

/** Writes the terms of every entry that has them, atomically. Returns a warning instead of throwing. */
export function writeSearchTermsCache(
  fs: RegistryFileSystem,
  file: string,
  key: string,
  entries: Iterable<SkillFileEntry>,
): Diagnostic | undefined {
  const columns: TermsColumns = { key, files: [], stamps: new Float64Array(0), headings: [], bodies: [] };
  const numbers: number[] = [];
  for (const entry of entries) {
    if (entry.bodyTerms === undefined || entry.headingTerms === undefined) continue;
    columns.files.push(entry.file);
    numbers.push(entry.stamp.size, entry.stamp.mtimeMs, entry.stamp.ino);
    columns.headings.push(entry.headingTerms);
    columns.bodies.push(entry.bodyTerms);
  }
  columns.stamps = Float64Array.from(numbers);
  return writeCacheFile(
    fs,
    file,
    HEADER,
    () => process.getBuiltinModule("node:v8").serialize(columns),
    "the skills' search terms",
    "the next search reads the skill files again",
  );
}
