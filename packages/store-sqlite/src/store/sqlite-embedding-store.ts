// EmbeddingStore on SQLite: the `embeddings` table (migration 3), vectors as float32 blobs.

import {
  decodeEmbedding,
  type EmbeddingStore,
  encodeEmbedding,
  type StoredEmbedding,
} from "@skillbox/core/store/embedding-store";
import type Database from "better-sqlite3";
import type { SkillboxStore } from "./open-store.js";
import { runStoreOperation } from "./store-errors.js";

// Bound parameters per statement stay well under SQLite's limit (32,766).
const LOOKUP_CHUNK = 500;

/** Embedding vectors in the `embeddings` table, shared by every process using the file. */
export class SqliteEmbeddingStore implements EmbeddingStore {
  private readonly path: string;
  private readonly database: Database.Database;
  private readonly now: () => number;

  /** `now` gives epoch milliseconds (default `Date.now`). */
  constructor(store: SkillboxStore, options: { now?: () => number } = {}) {
    this.path = store.path;
    this.database = store.database;
    this.now = options.now ?? Date.now;
  }

  async getEmbeddings(hashes: readonly string[]): Promise<Map<string, Float32Array>> {
    const found = new Map<string, Float32Array>();
    for (let start = 0; start < hashes.length; start += LOOKUP_CHUNK) {
      const chunk = hashes.slice(start, start + LOOKUP_CHUNK);
      const rows = runStoreOperation(this.path, () =>
        this.database
          .prepare<string[], { hash: string; vector: Buffer }>(
            `SELECT hash, vector FROM embeddings WHERE hash IN (${chunk.map(() => "?").join(", ")})`,
          )
          .all(...chunk),
      );
      for (const row of rows) {
        const vector = decodeEmbedding(row.vector);
        if (vector !== undefined) found.set(row.hash, vector);
      }
    }
    return found;
  }

  async putEmbeddings(model: string, entries: readonly StoredEmbedding[]): Promise<void> {
    if (entries.length === 0) return;
    const now = this.now();
    runStoreOperation(this.path, () => {
      const insert = this.database.prepare(
        `INSERT INTO embeddings (hash, model, dimensions, vector, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (hash) DO NOTHING`,
      );
      this.database.transaction(() => {
        for (const { hash, vector } of entries)
          insert.run(hash, model, vector.length, encodeEmbedding(vector), now);
      })();
    });
  }
}
