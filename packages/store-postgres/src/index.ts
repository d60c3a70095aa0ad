// @skillbox/store-postgres: fleet mode's PostgreSQL store (pg) behind Skillbox's store interfaces.
export type { OpenPostgresStoreOptions, PostgresStore } from "./store/postgres/open-postgres-store.js";
export { DEFAULT_PG_SCHEMA, openPostgresStore } from "./store/postgres/open-postgres-store.js";
export type { StoreChange, StoreChangeListener, StoreTable } from "./store/postgres/store-change.js";
