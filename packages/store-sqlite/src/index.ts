// @skillbox/store-sqlite: the SQLite store (better-sqlite3) behind Skillbox's store interfaces.
export type { OpenStoreOptions, SkillboxStore } from "./store/open-store.js";
export { DEFAULT_BUSY_TIMEOUT_MS, openStore } from "./store/open-store.js";
