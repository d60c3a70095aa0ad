// EmbeddingStore on PostgreSQL: the `embeddings` table (migration 2), vectors as float32 bytea.
// Unlike the other PostgreSQL stores it keeps nothing in memory and bypasses the write pipeline: a
// vector is looked up once per skill per process (the semantic ranking keeps its own copy), and a
// cache must fail fast — the pipeline retries until PostgreSQL is back, which would hold a search.

import {
  decodeEmbedding,
  type EmbeddingStore,
  encodeEmbedding,
  type StoredEmbedding,
} from "@skillbox/core/store/embedding-store";
import type { Pool } from "pg";
import { toPgStoreError } from "./pg-errors.js";

// Rows per statement: bounded so one statement's parameters and answer stay modest.
const CHUNK = 500;

/** Embedding vectors in PostgreSQL's `embeddings` table, shared by every instance on the database. */
export class PostgresEmbeddingStore implements EmbeddingStore {
  constructor(
    private readonly pool: Pool,
    private readonly database: string,
    private readonly now: () => number,
  ) {}

  async getEmbeddings(hashes: readonly string[]): Promise<Map<string, Float32Array>> {
    const found = new Map<string, Float32Array>();
    for (let start = 0; start < hashes.length; start += CHUNK) {
      const chunk = hashes.slice(start, start + CHUNK);
      const { rows } = await this.query<{ hash: string; vector: Buffer }>(
        "SELECT hash, vector FROM embeddings WHERE hash = ANY($1::text[])",
        [chunk],
      );
      for (const row of rows) {
        const vector = decodeEmbedding(row.vector);
        if (vector !== undefined) found.set(row.hash, vector);
      }
    }
    return found;
  }

  async putEmbeddings(model: string, entries: readonly StoredEmbedding[]): Promise<void> {
    const now = this.now();
    for (let start = 0; start < entries.length; start += CHUNK) {
      const chunk = entries.slice(start, start + CHUNK);
      await this.query(
        `INSERT INTO embeddings (hash, model, dimensions, vector, created_at)
         SELECT hash, $1, dimensions, vector, $2
         FROM unnest($3::text[], $4::int[], $5::bytea[]) AS given (hash, dimensions, vector)
         ON CONFLICT (hash) DO NOTHING`,
        [
          model,
          now,
          chunk.map((entry) => entry.hash),
          chunk.map((entry) => entry.vector.length),
          chunk.map((entry) => encodeEmbedding(entry.vector)),
        ],
      );
    }
  }

  private async query<R extends Record<string, unknown>>(text: string, values: unknown[]) {
    try {
      return await this.pool.query<R>(text, values);
    } catch (error) {
      throw toPgStoreError(error, this.database);
    }
  }
}
