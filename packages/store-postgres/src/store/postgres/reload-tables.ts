// Turns change notices into re-reads of the changed rows (notices for a table that arrive while its
// re-read waits join it), runs full refreshes, and tells subscribers once memory holds the new rows.

import type { PoolClient } from "pg";
import type { ChangeNotice } from "./change-listener.js";
import type { PostgresAuditLog } from "./postgres-audit-log.js";
import type { PostgresCacheStore } from "./postgres-cache-store.js";
import type { PostgresSettingsStore } from "./postgres-settings-store.js";
import type { PostgresUsageStore } from "./postgres-usage-store.js";
import { STORE_TABLES, type StoreChange, type StoreChangeListener, type StoreTable } from "./store-change.js";
import type { WritePipeline } from "./write-pipeline.js";

interface Stores {
  settings: PostgresSettingsStore;
  usage: PostgresUsageStore;
  audit: PostgresAuditLog;
  cache: PostgresCacheStore;
}

type Keys = readonly (readonly string[])[];

/** Re-reads for one store set; see the module comment. */
export function createReloader(options: { pipeline: WritePipeline; stores: Stores }) {
  const { pipeline, stores } = options;
  const listeners = new Set<StoreChangeListener>();
  // Row keys per table whose re-read is queued but not started; undefined keys: the whole table.
  const waiting = new Map<StoreTable, { keys: Map<string, readonly string[]> | undefined }>();

  const emit = (change: StoreChange) => {
    for (const listener of [...listeners]) {
      try {
        listener(change);
      } catch {
        // A failing subscriber must not stop the others; it owns its own error reporting.
      }
    }
  };

  const reloadOne = async (client: PoolClient, table: StoreTable, keys: Keys | undefined) => {
    if (table === "usage") await stores.usage.reload(client);
    else if (table === "caches") await stores.cache.reload(client, keys);
    else if (table === "audit_log") await stores.audit.reload(client, false);
    else await stores.settings.reload(client, table, keys);
  };

  const queueRead = (table: StoreTable, entry: { keys: Map<string, readonly string[]> | undefined }) => {
    let keys: Keys | undefined;
    pipeline
      .enqueueRead({
        tables: [table],
        run: async (client) => {
          // From here on, new notices for the table start a new re-read.
          if (waiting.get(table) === entry) waiting.delete(table);
          keys = entry.keys === undefined ? undefined : [...entry.keys.values()];
          await reloadOne(client, table, keys);
        },
      })
      .then(
        () => emit(keys === undefined ? { table } : { table, keys }),
        // Only a closed store fails a re-read (outages are retried); nothing is left to update.
        () => undefined,
      );
  };

  return {
    /** Queues a re-read of the notice's row, or joins one already waiting. */
    noticeChange(notice: ChangeNotice): void {
      const entry = waiting.get(notice.table);
      if (entry !== undefined) {
        if (entry.keys !== undefined && notice.key !== undefined)
          entry.keys.set(JSON.stringify(notice.key), notice.key);
        else entry.keys = undefined;
        return;
      }
      const fresh = {
        keys: notice.key === undefined ? undefined : new Map([[JSON.stringify(notice.key), notice.key]]),
      };
      waiting.set(notice.table, fresh);
      queueRead(notice.table, fresh);
    },

    /** Queues a re-read of a whole table. */
    reloadTable(table: StoreTable): void {
      this.noticeChange({ table });
    },

    /** Re-reads every table from one snapshot; resolves once memory holds it and subscribers were told. */
    async refreshAll(): Promise<void> {
      await pipeline.enqueueRead({
        tables: STORE_TABLES,
        run: async (client) => {
          await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
          try {
            await stores.settings.reload(client, "settings");
            await stores.settings.reload(client, "skill_states");
            await stores.settings.reload(client, "session_skill_states");
            await stores.usage.reload(client);
            await stores.cache.reload(client);
            await stores.audit.reload(client, true);
            await client.query("COMMIT");
          } catch (error) {
            await client.query("ROLLBACK").catch(() => undefined);
            throw error;
          }
        },
      });
      emit({ table: "all" });
    },

    onChange(listener: StoreChangeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
