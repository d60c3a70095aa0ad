// @skillbox/store-sqlite: the SQLite store (better-sqlite3) behind Skillbox's store interfaces.
// openStore opens the file; each class below serves one of core's store interfaces from it.
export type { OpenStoreOptions, SkillboxStore } from "./store/open-store.js";
export { DEFAULT_BUSY_TIMEOUT_MS, openStore } from "./store/open-store.js";
export { SqliteAuditLog } from "./store/sqlite-audit-log.js";
export { SqliteCacheStore } from "./store/sqlite-cache-store.js";
export { SqliteEmbeddingStore } from "./store/sqlite-embedding-store.js";
export { SqliteSettingsStore } from "./store/sqlite-settings-store.js";
export { SqliteUsageStore } from "./store/sqlite-usage-store.js";
