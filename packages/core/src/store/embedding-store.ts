// Embedding vectors by content hash, behind an interface; the in-memory version and the byte form here.
// A dedicated table rather than CacheStore: vectors are binary and many (10,000 skills × 1,536
// floats is 60 MB as float32, five times that as JSON), and PostgreSQL's CacheStore mirrors every
// entry in every instance's memory, which vectors fetched per lookup do not need.

/** One vector to store, under the content hash of the text it embeds (see embeddingContentHash). */
export interface StoredEmbedding {
  hash: string;
  vector: Float32Array;
}

/** Vectors for embedded texts, shared by every process on the store; a cache: losing one costs a re-embed. */
export interface EmbeddingStore {
  /** The stored vectors among `hashes`, by hash (absent ones are simply missing). */
  getEmbeddings(hashes: readonly string[]): Promise<Map<string, Float32Array>>;
  /** Stores vectors made by `model`; a hash already stored keeps its vector (same text, same model). */
  putEmbeddings(model: string, entries: readonly StoredEmbedding[]): Promise<void>;
}

/** The cache key of a text embedded by a model: SHA-256 (hex) of the model, a newline and the text. */
export function embeddingContentHash(model: string, text: string): string {
  // node:crypto is loaded on first use: every workspace loads this module, few runs embed.
  const { createHash } = process.getBuiltinModule("node:crypto");
  return createHash("sha256").update(model, "utf8").update("\n").update(text, "utf8").digest("hex");
}

/** A vector as stored: float32, little-endian (every platform Node supports). */
export function encodeEmbedding(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** The stored bytes as a vector; undefined for bytes that cannot be one (a damaged row is a miss). */
export function decodeEmbedding(bytes: Uint8Array): Float32Array | undefined {
  if (bytes.byteLength === 0 || bytes.byteLength % 4 !== 0) return undefined;
  // Copied: the source may be a view at an offset float32 cannot be read at.
  return new Float32Array(new Uint8Array(bytes).buffer);
}

/** An EmbeddingStore that lives as long as the process. */
export class InMemoryEmbeddingStore implements EmbeddingStore {
  private readonly vectors = new Map<string, Float32Array>();

  async getEmbeddings(hashes: readonly string[]): Promise<Map<string, Float32Array>> {
    const found = new Map<string, Float32Array>();
    for (const hash of hashes) {
      const vector = this.vectors.get(hash);
      if (vector !== undefined) found.set(hash, vector.slice());
    }
    return found;
  }

  async putEmbeddings(_model: string, entries: readonly StoredEmbedding[]): Promise<void> {
    for (const { hash, vector } of entries)
      if (!this.vectors.has(hash)) this.vectors.set(hash, vector.slice());
  }

  /** How many vectors are held (for tests). */
  get size(): number {
    return this.vectors.size;
  }
}
