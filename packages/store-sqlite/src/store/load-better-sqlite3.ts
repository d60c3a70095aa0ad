// better-sqlite3, loaded when a store is first opened, through require(): an ES import of the
// CommonJS package made Node scan its source for export names, and its `bindings` helper searched a
// dozen folders (and parsed a stack trace) for the native addon; together a sixth of a `skillbox list`.
// This is the one place the package is loaded: a package that cannot load (missing, no prebuilt binary
// for this Node, built for another Node) becomes a `store-unavailable` SkillboxError saying how to fix
// the install, so callers can carry on in memory or say plainly that they need the store.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { SkillboxError } from "@skillbox/core/errors";
import type Database from "better-sqlite3";

let loaded: { Database: typeof Database; nativeBinding: string | undefined } | undefined;

function load(): NonNullable<typeof loaded> {
  if (loaded !== undefined) return loaded;
  const require = createRequire(import.meta.url);
  try {
    // Where better-sqlite3's install puts the addon; anywhere else, `bindings` finds it as before.
    const addon = join(
      dirname(require.resolve("better-sqlite3")),
      "..",
      "build",
      "Release",
      "better_sqlite3.node",
    );
    const nativeBinding = existsSync(addon) ? addon : undefined;
    const database = require("better-sqlite3") as typeof Database;
    // The addon loads on the first `new Database`; load it now so a broken build fails here, once.
    if (nativeBinding !== undefined) require(nativeBinding);
    loaded = { Database: database, nativeBinding };
  } catch (error) {
    if (isModuleLoadFailure(error)) throw storeUnavailable(error as Error);
    throw error;
  }
  return loaded;
}

/** True when `error` says the package or its native addon could not be loaded (not a SQLite failure). */
function isModuleLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "MODULE_NOT_FOUND" || code === "ERR_MODULE_NOT_FOUND" || code === "ERR_DLOPEN_FAILED") {
    return true;
  }
  return /Could not locate the bindings file|NODE_MODULE_VERSION|was compiled against a different Node\.js version|invalid ELF header|wrong ELF class/.test(
    error.message,
  );
}

function storeUnavailable(error: Error): SkillboxError {
  const reason = error.message.split("\n")[0] ?? error.message;
  return new SkillboxError(
    "store-unavailable",
    `The SQLite store cannot be used: the better-sqlite3 module did not load (${reason}). ` +
      "Fix the install with `npm rebuild better-sqlite3` (it needs a prebuilt binary for Node " +
      `${process.versions.node} or a C++ compiler), run Skillbox on a Node version better-sqlite3 supports ` +
      "(20, 22 or 24), or keep the stores in PostgreSQL with --store postgres://… or SKILLBOX_DATABASE_URL.",
    { cause: error },
  );
}

/** better-sqlite3's Database class if it was loaded already, else undefined (never loads it). */
export function loadedBetterSqlite3(): typeof Database | undefined {
  return loaded?.Database;
}

/** Opens a better-sqlite3 connection; throws `store-unavailable` when the module cannot load. */
export function openSqliteDatabase(path: string, options: Database.Options = {}): Database.Database {
  const { Database, nativeBinding } = load();
  try {
    return new Database(path, nativeBinding === undefined ? options : { nativeBinding, ...options });
  } catch (error) {
    // Without a known addon path, `bindings` looks for the addon only now.
    if (nativeBinding === undefined && isModuleLoadFailure(error)) throw storeUnavailable(error as Error);
    throw error;
  }
}
