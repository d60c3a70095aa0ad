// CacheStore on PostgreSQL: entries mirrored in memory (reads never wait), writes queued in order,
// expiry checked on read and removed by prune(), as in the SQLite cache.

import {
  type CacheSetOptions,
  type CacheStore,
  computeExpiry,
  encodeCacheValue,
} from "@skillbox/core/store/cache-store";
import { parseJsonOrUndefined } from "@skillbox/core/store/settings-store";
import type { PoolClient } from "pg";
import type { PgStoreContext } from "./postgres-settings-store.js";

interface CachedEntry {
  text: string;
  expiresAt: number | null;
}

/** Cached JSON values in PostgreSQL's `caches` table, shared by every instance on the database. */
export class PostgresCacheStore implements CacheStore {
  private readonly entries = new Map<string, Map<string, CachedEntry>>();

  constructor(private readonly context: PgStoreContext) {}

  get<T = unknown>(namespace: string, key: string): T | undefined {
    const entry = this.entries.get(namespace)?.get(key);
    if (entry === undefined || (entry.expiresAt !== null && entry.expiresAt <= this.context.now()))
      return undefined;
    // A damaged cached value is a miss: the cache is rebuilt from the source, never trusted.
    return parseJsonOrUndefined(entry.text) as T | undefined;
  }

  set(namespace: string, key: string, value: unknown, options?: CacheSetOptions): void {
    const text = encodeCacheValue(namespace, key, value);
    const now = this.context.now();
    const expiresAt = computeExpiry(now, options);
    this.write(
      () => this.put(namespace, key, { text, expiresAt }),
      (client) =>
        client.query(
          `INSERT INTO caches (namespace, key, value, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (namespace, key) DO UPDATE SET
             value = excluded.value, created_at = excluded.created_at, expires_at = excluded.expires_at`,
          [namespace, key, text, now, expiresAt],
        ),
    );
  }

  /**
   * Decided by PostgreSQL, never by memory (another instance's claim may not have reached it yet).
   * A claim whose answer was lost to a dropped connection is retried and then sees its own row:
   * it reports false, so a lost answer can refuse a claim but never grant one twice.
   */
  async claim(namespace: string, key: string, value: unknown, options?: CacheSetOptions): Promise<boolean> {
    const text = encodeCacheValue(namespace, key, value);
    const now = this.context.now();
    const expiresAt = computeExpiry(now, options);
    this.context.pipeline.checkWritable();
    let stored = false;
    // In the pipeline's lane (after this instance's queued writes), as one autocommitted statement.
    await this.context.pipeline.enqueueRead({
      tables: [],
      run: async (client) => {
        const result = await client.query(
          `INSERT INTO caches (namespace, key, value, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (namespace, key) DO UPDATE SET
             value = excluded.value, created_at = excluded.created_at, expires_at = excluded.expires_at
           WHERE caches.expires_at IS NOT NULL AND caches.expires_at <= $4`,
          [namespace, key, text, now, expiresAt],
        );
        stored = result.rowCount === 1;
      },
    });
    if (stored) this.put(namespace, key, { text, expiresAt });
    return stored;
  }

  delete(namespace: string, key: string): boolean {
    const existed = this.entries.get(namespace)?.has(key) ?? false;
    this.write(
      () => this.remove(namespace, key),
      (client) => client.query("DELETE FROM caches WHERE namespace = $1 AND key = $2", [namespace, key]),
    );
    return existed;
  }

  clear(namespace: string): number {
    const count = this.entries.get(namespace)?.size ?? 0;
    this.write(
      () => this.entries.delete(namespace),
      (client) => client.query("DELETE FROM caches WHERE namespace = $1", [namespace]),
    );
    return count;
  }

  prune(): number {
    const now = this.context.now();
    const dropExpired = () => {
      let removed = 0;
      for (const [namespace, group] of this.entries) {
        for (const [key, entry] of group) {
          if (entry.expiresAt !== null && entry.expiresAt <= now) {
            this.remove(namespace, key);
            removed += 1;
          }
        }
      }
      return removed;
    };
    this.context.pipeline.checkWritable();
    const removed = dropExpired();
    this.context.pipeline.enqueueWrite({
      table: "caches",
      reapply: () => void dropExpired(),
      run: async (client) =>
        void (await client.query("DELETE FROM caches WHERE expires_at IS NOT NULL AND expires_at <= $1", [
          now,
        ])),
    });
    return removed;
  }

  /** Re-reads the entries named by notice keys (`[namespace, key]`), or every entry. */
  async reload(client: PoolClient, keys?: readonly (readonly string[])[]): Promise<void> {
    const filter = keys ? "WHERE (namespace, key) IN (SELECT * FROM unnest($1::text[], $2::text[]))" : "";
    const { rows } = await client.query<{
      namespace: string;
      key: string;
      value: string;
      expires_at: string | null;
    }>(
      `SELECT namespace, key, value, expires_at FROM caches ${filter}`,
      keys ? [keys.map((key) => key[0] ?? ""), keys.map((key) => key[1] ?? "")] : [],
    );
    if (keys === undefined) this.entries.clear();
    else for (const key of keys) this.remove(key[0] ?? "", key[1] ?? "");
    for (const row of rows) {
      this.put(row.namespace, row.key, {
        text: row.value,
        expiresAt: row.expires_at === null ? null : Number(row.expires_at),
      });
    }
  }

  private put(namespace: string, key: string, entry: CachedEntry): void {
    const group = this.entries.get(namespace);
    if (group) group.set(key, entry);
    else this.entries.set(namespace, new Map([[key, entry]]));
  }

  private remove(namespace: string, key: string): void {
    const group = this.entries.get(namespace);
    group?.delete(key);
    if (group?.size === 0) this.entries.delete(namespace);
  }

  private write(apply: () => void, run: (client: PoolClient) => Promise<unknown>): void {
    this.context.pipeline.checkWritable();
    apply();
    this.context.pipeline.enqueueWrite({
      table: "caches",
      reapply: apply,
      run: async (client) => void (await run(client)),
    });
  }
}
