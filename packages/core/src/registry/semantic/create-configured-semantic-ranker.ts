// The semantic ranker the config's `embeddings` key describes: its key from the environment, its
// client over the fetch given, its vectors in the store given.

import type { Diagnostic } from "../../skills/diagnostic.js";
import type { EmbeddingStore } from "../../store/embedding-store.js";
import { createEmbeddingClient } from "./embedding-client.js";
import {
  DEFAULT_EMBEDDINGS_BATCH_SIZE,
  DEFAULT_EMBEDDINGS_TIMEOUT_MS,
  type EmbeddingsConfig,
  resolveEmbeddingsApiKey,
} from "./embeddings-config.js";
import { createSemanticRanker, type SemanticRanker } from "./semantic-ranker.js";

export interface ConfiguredSemanticRankerOptions {
  config: EmbeddingsConfig;
  env: Readonly<Record<string, string | undefined>>;
  store: EmbeddingStore;
  fetch: typeof fetch;
  warn: (diagnostic: Diagnostic) => void;
  /** Epoch milliseconds; default Date.now. */
  clock?: () => number;
}

/** Creates the ranker; a problem with the key (a named variable not set) is warned now. */
export function createConfiguredSemanticRanker(options: ConfiguredSemanticRankerOptions): SemanticRanker {
  const { config } = options;
  const apiKey = resolveEmbeddingsApiKey(config, options.env);
  const timeoutMs = config.timeoutMs ?? DEFAULT_EMBEDDINGS_TIMEOUT_MS;
  const client = createEmbeddingClient({
    baseUrl: config.baseUrl,
    model: config.model,
    ...(apiKey.key === undefined ? {} : { apiKey: apiKey.key }),
    apiKeyVariable: apiKey.variable,
    fetch: options.fetch,
    timeoutMs,
    batchSize: config.batchSize ?? DEFAULT_EMBEDDINGS_BATCH_SIZE,
  });
  if (apiKey.problem !== undefined)
    options.warn({
      severity: "warning",
      code: "embeddings-key-missing",
      message: apiKey.problem,
      path: client.endpoint,
    });
  return createSemanticRanker({
    client,
    model: config.model,
    store: options.store,
    budgetMs: timeoutMs,
    warn: options.warn,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });
}
