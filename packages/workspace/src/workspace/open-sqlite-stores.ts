// The SQLite file and the five stores over it. Reached only through load-sqlite-stores.ts, so the
// store classes (and better-sqlite3) load when a command first uses a store, not at start-up.

import { isSkillboxError, type SkillboxError } from "@skillbox/core/errors";
import { type AuditLog, InMemoryAuditLog } from "@skillbox/core/store/audit-log";
import { type CacheStore, InMemoryCacheStore } from "@skillbox/core/store/cache-store";
import { type EmbeddingStore, InMemoryEmbeddingStore } from "@skillbox/core/store/embedding-store";
import { InMemorySettingsStore, type SettingsStore } from "@skillbox/core/store/settings-store";
import { InMemoryUsageStore, type UsageStore } from "@skillbox/core/store/usage-store";
import { openStore, type SkillboxStore } from "@skillbox/store-sqlite/store/open-store";
import { SqliteAuditLog } from "@skillbox/store-sqlite/store/sqlite-audit-log";
import { SqliteCacheStore } from "@skillbox/store-sqlite/store/sqlite-cache-store";
import { SqliteEmbeddingStore } from "@skillbox/store-sqlite/store/sqlite-embedding-store";
import { SqliteSettingsStore } from "@skillbox/store-sqlite/store/sqlite-settings-store";
import { SqliteUsageStore } from "@skillbox/store-sqlite/store/sqlite-usage-store";

/** An open SQLite file and its stores; `store` is undefined when they live in memory instead. */
export interface SqliteStores {
  store: SkillboxStore | undefined;
  settings: SettingsStore;
  usage: UsageStore;
  audit: AuditLog;
  cache: CacheStore;
  embeddings: EmbeddingStore;
}

/**
 * Opens (creating and migrating) the file at `path` and the stores over it; throws SkillboxError.
 * When better-sqlite3 cannot load (`store-unavailable`) and `onUnavailable` is given, it is called
 * and the stores live in memory instead.
 */
export function openSqliteStores(path: string, onUnavailable?: (error: SkillboxError) => void): SqliteStores {
  let store: SkillboxStore;
  try {
    store = openStore({ path });
  } catch (error) {
    if (onUnavailable === undefined || !isSkillboxError(error) || error.code !== "store-unavailable")
      throw error;
    onUnavailable(error);
    return {
      store: undefined,
      settings: new InMemorySettingsStore(),
      usage: new InMemoryUsageStore(),
      audit: new InMemoryAuditLog(),
      cache: new InMemoryCacheStore(),
      embeddings: new InMemoryEmbeddingStore(),
    };
  }
  try {
    return {
      store,
      settings: new SqliteSettingsStore(store),
      usage: new SqliteUsageStore(store),
      audit: new SqliteAuditLog(store),
      cache: new SqliteCacheStore(store),
      embeddings: new SqliteEmbeddingStore(store),
    };
  } catch (error) {
    store.close();
    throw error;
  }
}
