// better-sqlite3, loaded when a store is first opened, through require(): an ES import of the
// CommonJS package made Node scan its source for export names, and its `bindings` helper searched a
// dozen folders (and parsed a stack trace) for the native addon; together a sixth of a `skillbox list`.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type Database from "better-sqlite3";

let loaded: { Database: typeof Database; nativeBinding: string | undefined } | undefined;

function load(): NonNullable<typeof loaded> {
  if (loaded !== undefined) return loaded;
  const require = createRequire(import.meta.url);
  // Where better-sqlite3's install puts the addon; anywhere else, `bindings` finds it as before.
  const addon = join(
    dirname(require.resolve("better-sqlite3")),
    "..",
    "build",
    "Release",
    "better_sqlite3.node",
  );
  loaded = {
    Database: require("better-sqlite3") as typeof Database,
    nativeBinding: existsSync(addon) ? addon : undefined,
  };
  return loaded;
}

/** better-sqlite3's Database class (its `SqliteError` too). */
export function loadBetterSqlite3(): typeof Database {
  return load().Database;
}

/** Opens a better-sqlite3 connection. */
export function openSqliteDatabase(path: string, options: Database.Options = {}): Database.Database {
  const { Database, nativeBinding } = load();
  return new Database(path, nativeBinding === undefined ? options : { nativeBinding, ...options });
}
