import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  decodeEmbedding,
  type EmbeddingStore,
  embeddingContentHash,
  encodeEmbedding,
  InMemoryEmbeddingStore,
} from "@skillbox/core/store/embedding-store";
import {
  createTestSchemaName,
  HAS_POSTGRES,
  openTestStore,
  queryTestDatabase,
  SKIPPED_POSTGRES_NOTE,
} from "@skillbox/store-postgres/store/postgres/__fixtures__/test-database";
import { openStore } from "@skillbox/store-sqlite/store/open-store";
import { SqliteEmbeddingStore } from "@skillbox/store-sqlite/store/sqlite-embedding-store";
import { afterAll, afterEach, describe, expect, it } from "vitest";

const folders: string[] = [];
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Opens the same location again on each call of the returned function. */
interface Kind {
  name: string;
  enabled: boolean;
  location(): () => Promise<EmbeddingStore>;
}

const kinds: Kind[] = [
  {
    name: "in memory",
    enabled: true,
    location() {
      const store = new InMemoryEmbeddingStore();
      return async () => store;
    },
  },
  {
    name: "SQLite",
    enabled: true,
    location() {
      const folder = mkdtempSync(join(tmpdir(), "skillbox-embeddings-"));
      folders.push(folder);
      const path = join(folder, "skillbox.db");
      return async () => {
        const store = openStore({ path });
        closers.push(() => store.close());
        return new SqliteEmbeddingStore(store);
      };
    },
  },
  {
    name: "PostgreSQL",
    // In CI a missing database makes these tests fail (openTestStore throws), never skip.
    enabled: HAS_POSTGRES || ["1", "true"].includes((process.env.CI ?? "").toLowerCase()),
    location() {
      const schema = createTestSchemaName("embeddings");
      return async () => {
        const store = await openTestStore({ schema });
        closers.push(() => store.close());
        return store.embeddings;
      };
    },
  },
];

if (!HAS_POSTGRES) console.info(SKIPPED_POSTGRES_NOTE);

const vector = (...values: number[]) => Float32Array.from(values);

describe.each(kinds.filter((kind) => kind.enabled))("EmbeddingStore ($name)", ({ location }) => {
  it("gives back stored vectors exactly, by hash, to another opening of the same store", async () => {
    const open = location();
    const first = await open();
    const a = embeddingContentHash("m", "alpha");
    const b = embeddingContentHash("m", "beta");
    await first.putEmbeddings("m", [
      { hash: a, vector: vector(0.25, -1.5, 3) },
      { hash: b, vector: vector(1e-7, 0, 1) },
    ]);
    const second = await open();
    const found = await second.getEmbeddings([a, b, embeddingContentHash("m", "missing")]);
    expect([...found.keys()].sort()).toEqual([a, b].sort());
    expect([...(found.get(a) ?? [])]).toEqual([0.25, -1.5, 3]);
    expect([...(found.get(b) ?? [])]).toEqual([...vector(1e-7, 0, 1)]);
  });

  it("keeps the first vector of a hash stored twice", async () => {
    const store = await location()();
    const hash = embeddingContentHash("m", "same text");
    await store.putEmbeddings("m", [{ hash, vector: vector(1, 0) }]);
    await store.putEmbeddings("m", [{ hash, vector: vector(0, 1) }]);
    expect([...((await store.getEmbeddings([hash])).get(hash) ?? [])]).toEqual([1, 0]);
  });

  it("looks up more hashes than one statement binds", async () => {
    const store = await location()();
    const entries = Array.from({ length: 1200 }, (_, index) => ({
      hash: embeddingContentHash("m", `text ${index}`),
      vector: vector(index, 1),
    }));
    await store.putEmbeddings("m", entries);
    const found = await store.getEmbeddings(entries.map((entry) => entry.hash));
    expect(found.size).toBe(1200);
    expect(found.get(entries[1199]?.hash ?? "")?.[0]).toBe(1199);
  });
});

describe("embedding store helpers", () => {
  it("hash the model with the text, so another model's vector is another entry", () => {
    expect(embeddingContentHash("a", "text")).not.toBe(embeddingContentHash("b", "text"));
    expect(embeddingContentHash("a", "text")).toBe(embeddingContentHash("a", "text"));
    // The separator keeps "ab" + "c" apart from "a" + "bc".
    expect(embeddingContentHash("ab", "c")).not.toBe(embeddingContentHash("a", "bc"));
  });

  it("round-trip float32 bytes, and read damaged bytes as no vector", () => {
    const original = vector(0.1, -2, 3.5);
    const bytes = encodeEmbedding(original);
    expect(bytes.byteLength).toBe(12);
    expect(decodeEmbedding(bytes)).toEqual(original);
    expect(decodeEmbedding(new Uint8Array(7))).toBeUndefined();
    expect(decodeEmbedding(new Uint8Array(0))).toBeUndefined();
  });
});

describe.runIf(HAS_POSTGRES)("PostgreSQL embeddings table", () => {
  it("holds the model and the dimensions beside each vector", async () => {
    const schema = createTestSchemaName("embeddings_rows");
    const store = await openTestStore({ schema });
    closers.push(() => store.close());
    const hash = embeddingContentHash("nomic", "text");
    await store.embeddings.putEmbeddings("nomic", [{ hash, vector: vector(1, 2, 3) }]);
    const rows = await queryTestDatabase<{ model: string; dimensions: number }>(
      `SELECT model, dimensions FROM "${schema}".embeddings`,
    );
    expect(rows).toEqual([{ model: "nomic", dimensions: 3 }]);
  });
});
