// Ranks documents by cosine similarity to a request, over vectors from an embeddings endpoint,
// cached by content hash in memory and in the store, so an unchanged skill is embedded once ever
// (per model). Brute force over Float32Arrays: 10,000 skills × 1,536 dimensions is ~15M
// multiply-adds, a few milliseconds. It never throws and never waits past its budget: when the
// endpoint fails, `rank` answers undefined (search stays lexical) and warns once per kind of failure.

import type { Diagnostic } from "../../skills/diagnostic.js";
import {
  type EmbeddingStore,
  embeddingContentHash,
  type StoredEmbedding,
} from "../../store/embedding-store.js";
import type { EmbeddingClient } from "./embedding-client.js";

/** One document to rank: a key to answer with and the text embedded for it. */
export interface SemanticDocument {
  key: string;
  text: string;
}

/** Semantic ranking over an embeddings endpoint. */
export interface SemanticRanker {
  readonly model: string;
  /**
   * The keys of the `limit` documents most similar to `query`, best first; undefined when the
   * ranking cannot be had now (the endpoint failed or was too slow: a warning said why once).
   */
  rank(query: string, documents: readonly SemanticDocument[], limit: number): Promise<string[] | undefined>;
}

export interface SemanticRankerOptions {
  client: EmbeddingClient;
  model: string;
  store: EmbeddingStore;
  /** Milliseconds one `rank` may take, embedding included (skills not embedded yet wait for the next call). */
  budgetMs: number;
  /** Receives each warning once (the CLI prints it; the HTTP API lists it with the other findings). */
  warn: (diagnostic: Diagnostic) => void;
  /** After a failure, the endpoint is left alone this long (each search would wait for it otherwise); default 60 s. */
  retryAfterMs?: number;
  /** Epoch milliseconds; default Date.now. */
  clock?: () => number;
}

const DEFAULT_RETRY_AFTER_MS = 60_000;
// Recent requests' vectors (a turn's suggestions and searches often repeat the same text).
const QUERY_CACHE_SIZE = 32;

/** Creates a ranker; nothing is sent until the first `rank`. */
export function createSemanticRanker(options: SemanticRankerOptions): SemanticRanker {
  const { client, model, store } = options;
  const clock = options.clock ?? Date.now;
  const retryAfterMs = options.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
  // Normalised vectors by content hash, and the hash of each text seen (hashing 10,000 texts per
  // search would cost more than the ranking).
  const vectors = new Map<string, Float32Array>();
  const hashes = new Map<string, string>();
  const queries = new Map<string, Float32Array>();
  const warned = new Set<string>();
  let dimensions: number | undefined;
  let pausedUntil = 0;
  // One fill at a time: two searches at once must not embed the same skills twice.
  let lane: Promise<unknown> = Promise.resolve();

  const warn = (code: string, message: string) => {
    if (warned.has(message)) return;
    warned.add(message);
    options.warn({ severity: "warning", code, message, path: client.endpoint });
  };

  const hashOf = (text: string) => {
    let hash = hashes.get(text);
    if (hash === undefined) {
      hash = embeddingContentHash(model, text);
      hashes.set(text, hash);
    }
    return hash;
  };

  /** Keeps `vector` (normalised) unless its length disagrees with the vectors kept so far. */
  const accept = (vector: Float32Array): Float32Array | undefined => {
    dimensions ??= vector.length;
    return vector.length === dimensions ? normalise(vector) : undefined;
  };

  const embedQuery = async (query: string, signal: AbortSignal) => {
    const cached = queries.get(query);
    if (cached !== undefined) return cached;
    const [raw] = await client.embed([query], signal);
    const vector = raw === undefined ? undefined : accept(raw);
    if (vector === undefined) throw dimensionError(raw?.length ?? 0);
    if (queries.size >= QUERY_CACHE_SIZE) queries.delete(queries.keys().next().value as string);
    queries.set(query, vector);
    return vector;
  };

  const dimensionError = (got: number) =>
    new Error(
      `returned vectors of ${got} dimensions where earlier ones had ${dimensions}; the model behind embeddings.model "${model}" changed, or the server mixes models: restart to start over with the new one.`,
    );

  /** Loads stored vectors, then embeds what is still missing, batch by batch, storing each batch. */
  const fill = async (texts: ReadonlyMap<string, string>, signal: AbortSignal) => {
    const missing = [...texts.keys()].filter((hash) => !vectors.has(hash));
    if (missing.length === 0) return;
    try {
      for (const [hash, stored] of await store.getEmbeddings(missing)) {
        const vector = accept(stored);
        // A stored vector of other dimensions (another server under the same model name) is re-embedded.
        if (vector !== undefined) vectors.set(hash, vector);
      }
    } catch (error) {
      // The store is only a cache: embedding again costs time, not correctness.
      warn(
        "embeddings-cache-unavailable",
        `Stored embeddings could not be read (${describe(error)}); skills are embedded again.`,
      );
    }
    const pending = missing.filter((hash) => !vectors.has(hash));
    // One request at a time, each stored at once: a search cut short by its budget keeps its progress.
    for (let start = 0; start < pending.length; start += client.batchSize) {
      if (signal.aborted) throw signal.reason;
      const chunk = pending.slice(start, start + client.batchSize);
      const embedded = await client.embed(
        chunk.map((hash) => texts.get(hash) as string),
        signal,
      );
      const fresh: StoredEmbedding[] = [];
      embedded.forEach((raw, index) => {
        const vector = accept(raw);
        if (vector === undefined) throw dimensionError(raw.length);
        const hash = chunk[index] as string;
        vectors.set(hash, vector);
        fresh.push({ hash, vector });
      });
      await store.putEmbeddings(model, fresh).catch((error: unknown) => {
        warn(
          "embeddings-cache-unavailable",
          `Embeddings could not be stored (${describe(error)}); they are kept for this process only.`,
        );
      });
    }
  };

  return {
    model,
    async rank(query, documents, limit) {
      if (clock() < pausedUntil || documents.length === 0 || limit <= 0) return undefined;
      const deadline = AbortSignal.timeout(options.budgetMs);
      // Texts of skills since changed or removed would pile up in a long-running process.
      if (hashes.size > 2 * documents.length + 1024) hashes.clear();
      const texts = new Map<string, string>();
      const keys = documents.map((document) => {
        const hash = hashOf(document.text);
        texts.set(hash, document.text);
        return hash;
      });
      let queryVector: Float32Array | undefined;
      try {
        const target = await embedQuery(query, deadline);
        queryVector = target;
        const filled = lane.then(() => fill(texts, deadline));
        lane = filled.catch(() => undefined);
        await filled;
        const scores = new Float64Array(documents.length);
        const order: number[] = [];
        keys.forEach((hash, index) => {
          const vector = vectors.get(hash);
          if (vector === undefined) return;
          scores[index] = dot(target, vector);
          order.push(index);
        });
        order.sort((left, right) => (scores[right] as number) - (scores[left] as number) || left - right);
        return order.slice(0, limit).map((index) => (documents[index] as SemanticDocument).key);
      } catch (error) {
        if (deadline.aborted && queryVector !== undefined) {
          // The endpoint answers, but the library is not embedded yet: progress is kept, no pause.
          const left = keys.filter((hash) => !vectors.has(hash)).length;
          warn(
            "embeddings-warming-up",
            `Semantic ranking is not used yet: ${left} of ${documents.length} skills still need embedding, more than ${options.budgetMs} ms allows. Each search embeds more (kept in the store) until all are done; raise embeddings.timeoutMs to wait longer.`,
          );
          return undefined;
        }
        pausedUntil = clock() + retryAfterMs;
        const what = deadline.aborted
          ? `did not answer within ${options.budgetMs} ms; check that the server runs, or raise embeddings.timeoutMs.`
          : describeFailure(error);
        warn(
          "embeddings-failed",
          `Semantic ranking is off for now, search is lexical: the embeddings endpoint ${client.endpoint} ${what} It is tried again after ${Math.round(retryAfterMs / 1000)} s.`,
        );
        return undefined;
      }
    },
  };
}

function describeFailure(error: unknown): string {
  const message = describe(error);
  const prefix = /^The embeddings endpoint \S+ /;
  return prefix.test(message) ? message.replace(prefix, "") : message;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (norm === 0) return vector;
  const unit = new Float32Array(vector.length);
  for (let index = 0; index < vector.length; index++) unit[index] = (vector[index] as number) / norm;
  return unit;
}

function dot(left: Float32Array, right: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < left.length; index++) sum += (left[index] as number) * (right[index] as number);
  return sum;
}
