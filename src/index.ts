// Skillbox's public library API, named exports only: everything of @skillbox/core, and fleet mode.

export * from "@skillbox/core";
export type { OpenPostgresStoreOptions, PostgresStore } from "./store/postgres/open-postgres-store.js";
export type { StoreChange, StoreChangeListener, StoreTable } from "./store/postgres/store-change.js";
export { openPostgresStore, openWorkspaceWithStore } from "./workspace/fleet-mode.js";
export type {
  OpenWorkspaceWithStoreOptions,
  StoreBackedWorkspace,
} from "./workspace/open-workspace-with-store.js";
export { DATABASE_URL_VARIABLE } from "./workspace/workspace.js";
