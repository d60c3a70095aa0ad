// Saved-index files (the index, its search terms) are caches: written atomically, and a failed
// write is a warning that costs the next run some work, never an exception.

import * as path from "node:path";
import type { Diagnostic } from "../../skills/diagnostic.js";
import { errorCodeOf, type RegistryFileSystem } from "../discovery/registry-file-system.js";

// Temp names are unique per process (pid) and per write (count); node:crypto is not worth loading for them.
let temporaryCount = 0;

/**
 * Writes `header` then the payload `build` returns to `file` through a temp file and a rename.
 * `what` and `consequence` complete the warning: "Could not save {what} (EACCES); {consequence}."
 */
export function writeCacheFile(
  fs: RegistryFileSystem,
  file: string,
  header: Uint8Array,
  build: () => Uint8Array,
  what: string,
  consequence: string,
): Diagnostic | undefined {
  const temporary = `${file}.${process.pid}.${(temporaryCount++).toString(36)}.tmp`;
  try {
    const payload = build();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const descriptor = fs.openSync(temporary, "w");
    try {
      writeAll(fs, descriptor, header);
      writeAll(fs, descriptor, payload);
    } finally {
      fs.closeSync(descriptor);
    }
    fs.renameSync(temporary, file);
    return undefined;
  } catch (error) {
    try {
      fs.rmSync(temporary, { force: true });
    } catch {
      // Nothing more to clean up; the warning says what failed.
    }
    return {
      severity: "warning",
      code: "cache-write-failed",
      message: `Could not save ${what} (${errorCodeOf(error) ?? "error"}); ${consequence}. Check that the folder is writable.`,
      path: file,
    };
  }
}

/** Writes all of `bytes` (a write may take fewer bytes than asked). */
function writeAll(fs: RegistryFileSystem, descriptor: number, bytes: Uint8Array): void {
  for (let offset = 0; offset < bytes.length; ) {
    offset += fs.writeSync(descriptor, bytes, offset, bytes.length - offset);
  }
}
