// The SQLite file's stores, opened on first use: a command that never reads usage, states or settings
// (`list` on an empty folder) never loads better-sqlite3 nor opens the file. When better-sqlite3
// cannot load and the caller accepts it, the stores live in memory for this process instead.

import { SkillboxError } from "@skillbox/core/errors";
import type { AuditLog } from "@skillbox/core/store/audit-log";
import type { CacheStore } from "@skillbox/core/store/cache-store";
import type { EmbeddingStore } from "@skillbox/core/store/embedding-store";
import type { SettingsStore } from "@skillbox/core/store/settings-store";
import type { UsageStore } from "@skillbox/core/store/usage-store";
import type { SkillboxStore } from "@skillbox/store-sqlite/store/open-store";
import { loadSqliteStores } from "./load-sqlite-stores.js";
import type { SqliteStores } from "./open-sqlite-stores.js";

export interface LazySqliteStoresOptions {
  /** The SQLite file, or `:memory:`. */
  path: string;
  /**
   * Called once when better-sqlite3 cannot load (`store-unavailable`); the stores then live in
   * memory. Omitted: that error reaches whoever first uses a store.
   */
  onUnavailable?: (error: SkillboxError) => void;
  /** Runs once, right after the stores opened (in memory or not), before they are handed out. */
  onOpened?: (stores: SqliteStores) => void;
}

/** Stores that open the SQLite file the first time any of them is used. */
export interface LazySqliteStores {
  readonly store: SkillboxStore;
  readonly settings: SettingsStore;
  readonly usage: UsageStore;
  readonly audit: AuditLog;
  readonly cache: CacheStore;
  readonly embeddings: EmbeddingStore;
  /** Opens the stores now (a no-op once open). */
  open(): void;
  /** A value that changes when the file changed (another connection committed, or this one wrote). */
  changeStamp(): unknown;
  /** Closes the file if it was opened. */
  close(): void;
}

/** Creates the stores without touching the file. */
export function createLazySqliteStores(options: LazySqliteStoresOptions): LazySqliteStores {
  let opened: SqliteStores | undefined;
  const open = (): SqliteStores => {
    if (opened !== undefined) return opened;
    opened = loadSqliteStores().openSqliteStores(options.path, options.onUnavailable);
    options.onOpened?.(opened);
    return opened;
  };
  const database = () => {
    const store = open().store;
    if (store === undefined) {
      throw new SkillboxError(
        "store-unavailable",
        "The SQLite store is not open in this process (better-sqlite3 did not load).",
      );
    }
    return store.database;
  };
  const store: SkillboxStore = {
    path: options.path,
    get database() {
      return database();
    },
    get schemaVersion() {
      return open().store?.schemaVersion ?? 0;
    },
    get isOpen() {
      return opened?.store?.isOpen ?? false;
    },
    close() {
      opened?.store?.close();
    },
  };
  return {
    store,
    settings: lazyObject(() => open().settings),
    usage: lazyObject(() => open().usage),
    audit: lazyObject(() => open().audit),
    cache: lazyObject(() => open().cache),
    embeddings: lazyObject(() => open().embeddings),
    open: () => {
      open();
    },
    changeStamp() {
      const sqlite = open().store;
      // In memory only this process writes, and re-reading is cheap: always a new stamp.
      if (sqlite === undefined) return {};
      // data_version changes when another connection (the server, another CLI) commits;
      // total_changes() when this connection wrote (e.g. settings saved through the API).
      const version = sqlite.database.pragma("data_version", { simple: true });
      const changes = sqlite.database.prepare("SELECT total_changes() AS changes").pluck().get();
      return `${String(version)}:${String(changes)}`;
    },
    close: () => store.close(),
  };
}

/** An object whose properties are those of `create()`'s result, made on the first property read. */
function lazyObject<T extends object>(create: () => T): T {
  return new Proxy({} as T, {
    get(_empty, key) {
      const target = create();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
