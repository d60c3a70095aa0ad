// The config's `embeddings` key: an OpenAI-compatible embeddings endpoint for semantic retrieval, and
// which environment variable holds its key. Checked without zod (every command reads the config).

/** `embeddings` in the config: where skills and requests are embedded. */
export interface EmbeddingsConfig {
  /** The API's base URL, the part before `/embeddings` (e.g. `http://localhost:11434/v1` for Ollama). */
  baseUrl: string;
  /** The embedding model, as the server names it (e.g. `text-embedding-3-small`, `nomic-embed-text`). */
  model: string;
  /** The environment variable holding the API key; default SKILLBOX_EMBEDDINGS_API_KEY (see resolveEmbeddingsApiKey). */
  apiKeyEnv?: string;
  /** Texts per request; default 64. */
  batchSize?: number;
  /** Milliseconds one search waits for the endpoint (the request's embedding and any skills not yet embedded); default 10,000. */
  timeoutMs?: number;
}

/** The variable read for the key when `apiKeyEnv` is not given. */
export const EMBEDDINGS_API_KEY_VARIABLE = "SKILLBOX_EMBEDDINGS_API_KEY";
/** Read as a fallback only for OpenAI's own API, so the key is never sent to another host. */
export const OPENAI_API_KEY_VARIABLE = "OPENAI_API_KEY";
export const DEFAULT_EMBEDDINGS_BATCH_SIZE = 64;
export const DEFAULT_EMBEDDINGS_TIMEOUT_MS = 10_000;

const KEYS = ["baseUrl", "model", "apiKeyEnv", "batchSize", "timeoutMs"] as const;
const MAX_BATCH_SIZE = 2048;
const MAX_TIMEOUT_MS = 600_000;

/**
 * Checks a config `embeddings` value; answers the setting (keys in a fixed order, the base URL
 * without trailing slashes), or what is wrong with it, naming the field.
 */
export function readEmbeddingsSetting(value: unknown): EmbeddingsConfig | string {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return 'expected { "baseUrl": "http://localhost:11434/v1", "model": "nomic-embed-text" }';
  if (Object.getPrototypeOf(value) !== Object.prototype) return "expected a plain JSON object";
  const fields = value as Record<string, unknown>;
  const unknown = Object.keys(fields).find((key) => !(KEYS as readonly string[]).includes(key));
  if (unknown !== undefined) return `unknown key ${JSON.stringify(unknown)} (known: ${KEYS.join(", ")})`;
  const { baseUrl, model, apiKeyEnv, batchSize, timeoutMs } = fields;
  if (typeof baseUrl !== "string" || !isHttpUrl(baseUrl.trim()))
    return "baseUrl must be an http:// or https:// URL, the part before /embeddings (e.g. http://localhost:11434/v1)";
  if (typeof model !== "string" || model.trim() === "")
    return "model must name the embedding model (e.g. text-embedding-3-small)";
  const setting: EmbeddingsConfig = { baseUrl: baseUrl.trim().replace(/\/+$/, ""), model: model.trim() };
  if (apiKeyEnv !== undefined) {
    if (typeof apiKeyEnv !== "string" || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(apiKeyEnv))
      return "apiKeyEnv must be an environment variable's name (letters, digits, _)";
    setting.apiKeyEnv = apiKeyEnv;
  }
  if (batchSize !== undefined) {
    if (!isIntegerIn(batchSize, 1, MAX_BATCH_SIZE))
      return `batchSize must be a whole number from 1 to ${MAX_BATCH_SIZE}`;
    setting.batchSize = batchSize;
  }
  if (timeoutMs !== undefined) {
    if (!isIntegerIn(timeoutMs, 1, MAX_TIMEOUT_MS))
      return `timeoutMs must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`;
    setting.timeoutMs = timeoutMs;
  }
  return setting;
}

/** The API key to send, and the variable it came from (for messages); no key when none applies. */
export interface EmbeddingsApiKey {
  key?: string;
  /** The variable read (or that would have been), for messages. */
  variable: string;
  /** Set when `apiKeyEnv` names a variable that is not set: a warning, requests go without a key. */
  problem?: string;
}

/**
 * `apiKeyEnv` when given; else SKILLBOX_EMBEDDINGS_API_KEY; else OPENAI_API_KEY, but only when the
 * base URL is OpenAI's own API (api.openai.com), so that key never reaches another server. Local
 * servers (Ollama, LM Studio, vLLM) usually need no key.
 */
export function resolveEmbeddingsApiKey(
  config: EmbeddingsConfig,
  env: Readonly<Record<string, string | undefined>>,
): EmbeddingsApiKey {
  const given = (name: string) => {
    const value = env[name]?.trim();
    return value === undefined || value === "" ? undefined : value;
  };
  if (config.apiKeyEnv !== undefined) {
    const key = given(config.apiKeyEnv);
    if (key !== undefined) return { key, variable: config.apiKeyEnv };
    return {
      variable: config.apiKeyEnv,
      problem: `embeddings.apiKeyEnv names ${config.apiKeyEnv}, which is not set; embedding requests go without an API key. Set ${config.apiKeyEnv}, or remove apiKeyEnv for a server that needs no key.`,
    };
  }
  const own = given(EMBEDDINGS_API_KEY_VARIABLE);
  if (own !== undefined) return { key: own, variable: EMBEDDINGS_API_KEY_VARIABLE };
  if (isOpenAiApi(config.baseUrl)) {
    const openai = given(OPENAI_API_KEY_VARIABLE);
    if (openai !== undefined) return { key: openai, variable: OPENAI_API_KEY_VARIABLE };
  }
  return { variable: EMBEDDINGS_API_KEY_VARIABLE };
}

function isOpenAiApi(baseUrl: string): boolean {
  try {
    const url = new URL(baseUrl);
    return url.protocol === "https:" && url.hostname === "api.openai.com";
  } catch {
    // A base URL that is not a URL is no OpenAI URL (the setting check refuses it anyway).
    return false;
  }
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    // Not a URL at all.
    return false;
  }
}

function isIntegerIn(value: unknown, low: number, high: number): value is number {
  return Number.isSafeInteger(value) && (value as number) >= low && (value as number) <= high;
}
