// Fleet mode for library users (`import { openWorkspaceWithStore } from "skillbox"`), loaded on first
// use: importing the package must not load the workspace's SQLite store or the PostgreSQL driver.

import type {
  OpenPostgresStoreOptions,
  PostgresStore,
} from "@skillbox/store-postgres/store/postgres/open-postgres-store";
import type { OpenWorkspaceWithStoreOptions, StoreBackedWorkspace } from "./open-workspace-with-store.js";

/**
 * Opens a workspace whose usage, states, settings, audit log and caches live in PostgreSQL when
 * `storeUrl` (or SKILLBOX_DATABASE_URL in `env`) is set, in the SQLite file otherwise. Changes any
 * instance makes reach this one's states and listeners within a second.
 */
export async function openWorkspaceWithStore(
  options: OpenWorkspaceWithStoreOptions,
): Promise<StoreBackedWorkspace> {
  const { openWorkspaceWithStore: open } = await import("./open-workspace-with-store.js");
  return open(options);
}

/** Opens Skillbox's stores on PostgreSQL alone (no workspace); throws `store-unavailable` when unreachable. */
export async function openPostgresStore(options: OpenPostgresStoreOptions): Promise<PostgresStore> {
  const { openPostgresStore: open } = await import(
    "@skillbox/store-postgres/store/postgres/open-postgres-store"
  );
  return open(options);
}
