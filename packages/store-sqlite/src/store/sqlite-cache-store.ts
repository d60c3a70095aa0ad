// CacheStore on SQLite: the `caches` table, with expiry checked on read and removed by prune().

import {
  type CacheSetOptions,
  type CacheStore,
  computeExpiry,
  encodeCacheValue,
} from "@skillbox/core/store/cache-store";
import { parseJsonOrUndefined } from "@skillbox/core/store/settings-store";
import type Database from "better-sqlite3";
import type { SkillboxStore } from "./open-store.js";
import { runStoreOperation } from "./store-errors.js";

/** Cached JSON values in the `caches` table, shared by every process using the file. */
export class SqliteCacheStore implements CacheStore {
  private readonly path: string;
  private readonly database: Database.Database;
  private readonly now: () => number;

  /** `now` gives epoch milliseconds (default `Date.now`). */
  constructor(store: SkillboxStore, options: { now?: () => number } = {}) {
    this.path = store.path;
    this.database = store.database;
    this.now = options.now ?? Date.now;
  }

  get<T = unknown>(namespace: string, key: string): T | undefined {
    const row = runStoreOperation(this.path, () =>
      this.database
        .prepare<[string, string, number], { value: string }>(
          `SELECT value FROM caches WHERE namespace = ? AND key = ? AND (expires_at IS NULL OR expires_at > ?)`,
        )
        .get(namespace, key, this.now()),
    );
    // A damaged cached value is a miss: the cache is rebuilt from the source, never trusted.
    return row === undefined ? undefined : (parseJsonOrUndefined(row.value) as T | undefined);
  }

  set(namespace: string, key: string, value: unknown, options?: CacheSetOptions): void {
    const text = encodeCacheValue(namespace, key, value);
    const now = this.now();
    const expiresAt = computeExpiry(now, options);
    runStoreOperation(this.path, () =>
      this.database
        .prepare(
          `INSERT INTO caches (namespace, key, value, created_at, expires_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (namespace, key) DO UPDATE SET
             value = excluded.value, created_at = excluded.created_at, expires_at = excluded.expires_at`,
        )
        .run(namespace, key, text, now, expiresAt),
    );
  }

  async claim(namespace: string, key: string, value: unknown, options?: CacheSetOptions): Promise<boolean> {
    const text = encodeCacheValue(namespace, key, value);
    const now = this.now();
    const expiresAt = computeExpiry(now, options);
    // One statement: SQLite's write lock makes it atomic across every process on the file.
    const result = runStoreOperation(this.path, () =>
      this.database
        .prepare(
          `INSERT INTO caches (namespace, key, value, created_at, expires_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (namespace, key) DO UPDATE SET
             value = excluded.value, created_at = excluded.created_at, expires_at = excluded.expires_at
           WHERE caches.expires_at IS NOT NULL AND caches.expires_at <= ?`,
        )
        .run(namespace, key, text, now, expiresAt, now),
    );
    return result.changes > 0;
  }

  delete(namespace: string, key: string): boolean {
    const result = runStoreOperation(this.path, () =>
      this.database.prepare("DELETE FROM caches WHERE namespace = ? AND key = ?").run(namespace, key),
    );
    return result.changes > 0;
  }

  clear(namespace: string): number {
    return runStoreOperation(this.path, () =>
      this.database.prepare("DELETE FROM caches WHERE namespace = ?").run(namespace),
    ).changes;
  }

  prune(): number {
    const now = this.now();
    return runStoreOperation(this.path, () =>
      this.database.prepare("DELETE FROM caches WHERE expires_at IS NOT NULL AND expires_at <= ?").run(now),
    ).changes;
  }
}
