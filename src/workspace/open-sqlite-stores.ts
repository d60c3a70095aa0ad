// The SQLite file and the five stores over it. Reached only through load-sqlite-stores.ts, so the
// store classes (and better-sqlite3) load when a command first uses a store, not at start-up.

import type { AuditLog } from "../store/audit-log.js";
import type { CacheStore } from "../store/cache-store.js";
import type { EmbeddingStore } from "../store/embedding-store.js";
import { openStore, type SkillboxStore } from "../store/open-store.js";
import type { SettingsStore } from "../store/settings-store.js";
import { SqliteAuditLog } from "../store/sqlite-audit-log.js";
import { SqliteCacheStore } from "../store/sqlite-cache-store.js";
import { SqliteEmbeddingStore } from "../store/sqlite-embedding-store.js";
import { SqliteSettingsStore } from "../store/sqlite-settings-store.js";
import { SqliteUsageStore } from "../store/sqlite-usage-store.js";
import type { UsageStore } from "../store/usage-store.js";

/** An open SQLite file and its stores. */
export interface SqliteStores {
  store: SkillboxStore;
  settings: SettingsStore;
  usage: UsageStore;
  audit: AuditLog;
  cache: CacheStore;
  embeddings: EmbeddingStore;
}

/** Opens (creating and migrating) the file at `path` and the stores over it; throws SkillboxError. */
export function openSqliteStores(path: string): SqliteStores {
  const store = openStore({ path });
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
