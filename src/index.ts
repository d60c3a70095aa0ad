// Skillbox's public library API, named exports only: everything of @skillbox/core, and fleet mode.

export * from "@skillbox/core";
// Kept off @skillbox/core's main entry so that importing it does not load zod.
export * from "@skillbox/core/schemas";
export type {
  OpenPostgresStoreOptions,
  PostgresStore,
} from "@skillbox/store-postgres/store/postgres/open-postgres-store";
export type {
  StoreChange,
  StoreChangeListener,
  StoreTable,
} from "@skillbox/store-postgres/store/postgres/store-change";
export { openPostgresStore, openWorkspaceWithStore } from "@skillbox/workspace/workspace/fleet-mode";
export type {
  OpenWorkspaceWithStoreOptions,
  StoreBackedWorkspace,
} from "@skillbox/workspace/workspace/open-workspace-with-store";
export { DATABASE_URL_VARIABLE } from "@skillbox/workspace/workspace/workspace";
