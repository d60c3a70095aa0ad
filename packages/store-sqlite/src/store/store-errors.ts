// Maps SQLite failures to SkillboxErrors whose message says what to do next.

import { SkillboxError } from "@skillbox/core/errors";
import { loadedBetterSqlite3 } from "./load-better-sqlite3.js";

/** Turns a better-sqlite3 error into a `store-corrupt`, `store-locked` or `store-error`; other errors pass through. */
export function toStoreError(error: unknown, path: string): unknown {
  // Only a loaded better-sqlite3 throws SqliteErrors: never load it just to classify an error.
  const sqlite = loadedBetterSqlite3();
  if (sqlite === undefined || !(error instanceof sqlite.SqliteError)) return error;
  const code = error.code;
  const data = { path, sqliteCode: code };
  if (code.startsWith("SQLITE_NOTADB") || code.startsWith("SQLITE_CORRUPT")) {
    return new SkillboxError(
      "store-corrupt",
      `The Skillbox database at ${path} is damaged or is not a SQLite database (${error.message}). ` +
        "It was left untouched: move it aside (for example rename it to skillbox.db.broken) and Skillbox " +
        "will create a fresh one, or choose another database path.",
      { cause: error, data },
    );
  }
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) {
    return new SkillboxError(
      "store-locked",
      `The Skillbox database at ${path} is locked by another process and stayed locked past the busy timeout. ` +
        "Close the other program using it (another skillbox, a database browser) and try again.",
      { cause: error, data },
    );
  }
  if (code.startsWith("SQLITE_CANTOPEN") || code.startsWith("SQLITE_READONLY") || code === "SQLITE_PERM") {
    return new SkillboxError(
      "store-error",
      `The Skillbox database at ${path} cannot be opened for writing (${error.message}). ` +
        "Check that the folder exists and that you have permission to write to it.",
      { cause: error, data },
    );
  }
  if (code.startsWith("SQLITE_FULL")) {
    return new SkillboxError(
      "store-error",
      `The disk holding the Skillbox database at ${path} is full. Free some space and try again.`,
      { cause: error, data },
    );
  }
  return new SkillboxError("store-error", `The Skillbox database at ${path} failed: ${error.message}.`, {
    cause: error,
    data,
  });
}

/** Runs one database operation, rethrowing SQLite failures as SkillboxErrors. */
export function runStoreOperation<T>(path: string, operation: () => T): T {
  try {
    return operation();
  } catch (error) {
    throw toStoreError(error, path);
  }
}
