// Opens a workspace on PostgreSQL when a database is named (`storeUrl`, else SKILLBOX_DATABASE_URL, else
// the user config's `store`), on the SQLite file otherwise; changes other instances make reach this one.

import { type SkillStateScope, toScopeKey } from "@skillbox/core/store/skill-state";
import type {
  OpenPostgresStoreOptions,
  PostgresStore,
} from "@skillbox/store-postgres/store/postgres/open-postgres-store";
import { isStateChange } from "@skillbox/store-postgres/store/postgres/store-change";
import { openWorkspace } from "./open-workspace.js";
import { resolveConfiguredStore } from "./resolve-configured-store.js";
import type { OpenWorkspaceOptions, Workspace, WorkspaceStores } from "./workspace.js";

export interface OpenWorkspaceWithStoreOptions extends Omit<OpenWorkspaceOptions, "stores"> {
  /** `postgres://user:password@host:port/database`; wins over SKILLBOX_DATABASE_URL and the config's `store`. */
  storeUrl?: string;
  /** PostgreSQL store options (schema, retention, pool size …). */
  postgres?: Omit<OpenPostgresStoreOptions, "connectionString">;
}

/** A workspace, and the PostgreSQL store under it when there is one. */
export interface StoreBackedWorkspace extends Workspace {
  readonly postgres?: PostgresStore;
  /**
   * Closes the workspace and waits for queued writes; rejects with `store-unavailable` naming the
   * writes that could not be saved. (`close()` starts the same but cannot report the outcome.)
   */
  closeAndFlush(): Promise<void>;
}

/**
 * Opens the workspace on the database `storeUrl`, else SKILLBOX_DATABASE_URL, else the user config's
 * `store` names; throws `store-unavailable` when that database cannot be reached.
 */
export async function openWorkspaceWithStore(
  options: OpenWorkspaceWithStoreOptions,
): Promise<StoreBackedWorkspace> {
  const configured = resolveConfiguredStore({
    url: options.storeUrl,
    urlName: "storeUrl",
    env: options.env,
    home: options.home,
  });
  if (configured === undefined) {
    const workspace = openWorkspace(options);
    return Object.assign(workspace, { closeAndFlush: async () => workspace.close() });
  }
  // Loaded only when asked for, so SQLite runs never load the PostgreSQL driver.
  const { openPostgresStore } = await import("@skillbox/store-postgres/store/postgres/open-postgres-store");
  const postgres = await openPostgresStore({
    ...(configured.schema === undefined ? {} : { schema: configured.schema }),
    ...options.postgres,
    connectionString: configured.url,
  });
  let workspace: Workspace;
  try {
    workspace = openWorkspace({ ...options, stores: createWorkspaceStores(postgres) });
  } catch (error) {
    await postgres.close();
    throw error;
  }
  const closeWorkspace = workspace.close;
  let closing: Promise<void> | undefined;
  const closeAndFlush = () => {
    closing ??= (async () => {
      closeWorkspace();
      await postgres.close();
    })();
    return closing;
  };
  return Object.assign(workspace, {
    postgres,
    closeAndFlush,
    close() {
      // A synchronous close cannot report unsaved writes; closeAndFlush does. The writes are still
      // waited for (up to the store's close timeout) before the connections end.
      closeAndFlush().catch(() => undefined);
    },
  });
}

/** The PostgreSQL store as the workspace's stores, with its change notices as state changes. */
export function createWorkspaceStores(postgres: PostgresStore): WorkspaceStores {
  let stamp = 0;
  // Registered first, so the stamp has moved before any state-change listener runs.
  postgres.onChange((change) => {
    if (isStateChange(change)) stamp += 1;
  });
  return {
    settings: postgres.settings,
    usage: postgres.usage,
    audit: postgres.audit,
    cache: postgres.cache,
    embeddings: postgres.embeddings,
    changeStamp: () => stamp,
    onStateChange(listener, projectPath) {
      const projectKey = toScopeKey({ scope: "project", projectPath });
      return postgres.onChange((change) => {
        if (change.table !== "skill_states") return;
        for (const [scope, scopeKey, name] of change.keys ?? []) {
          if (name === undefined || !isScope(scope) || (scope !== "user" && scopeKey !== projectKey))
            continue;
          const target = scope === "user" ? { scope } : { scope, projectPath };
          listener({ name, state: postgres.settings.getSkillStates(target).get(name), scope });
        }
      });
    },
  };
}

function isScope(value: string | undefined): value is SkillStateScope {
  return value === "user" || value === "project" || value === "project-local";
}
