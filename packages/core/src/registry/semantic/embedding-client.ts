// A client for OpenAI-compatible embeddings endpoints (`POST {baseUrl}/embeddings`: OpenAI, Ollama,
// vLLM, LM Studio): `{ model, input: string[] }` in, `{ data: [{ index, embedding }] }` out, batched,
// each request bounded by a timeout. Every failure is a SkillboxError saying what to fix.

import { SkillboxError } from "../../errors.js";

/** Embeds texts, one vector per text, in order. */
export interface EmbeddingClient {
  /** `<baseUrl>/embeddings`, for messages. */
  readonly endpoint: string;
  /** Texts per request (embed splits longer lists). */
  readonly batchSize: number;
  /** The vectors (as the server gave them, not normalised); rejects with a SkillboxError. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

export interface EmbeddingClientOptions {
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer <key>` when given. */
  apiKey?: string;
  /** The variable the key is read from, named when the server refuses it. */
  apiKeyVariable: string;
  /** The fetch to use (I/O is passed in). */
  fetch: typeof fetch;
  /** Milliseconds one request may take. */
  timeoutMs: number;
  /** Texts per request. */
  batchSize: number;
}

// An error body is quoted in messages up to this many characters.
const DETAIL_LIMIT = 200;

/** Creates a client; nothing is sent until `embed` is called. */
export function createEmbeddingClient(options: EmbeddingClientOptions): EmbeddingClient {
  const endpoint = `${options.baseUrl}/embeddings`;
  const fail = (code: "network-error" | "timeout" | "unauthorized" | "provider-error", text: string) =>
    new SkillboxError(code, `The embeddings endpoint ${endpoint} ${text}`, { data: { endpoint } });

  async function embedBatch(
    texts: readonly string[],
    signal: AbortSignal | undefined,
  ): Promise<Float32Array[]> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (options.apiKey !== undefined) headers.authorization = `Bearer ${options.apiKey}`;
    let response: Response;
    let text: string;
    try {
      response = await options.fetch(endpoint, {
        method: "POST",
        headers,
        body: JSON.stringify({ model: options.model, input: texts }),
        signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
      });
      text = await response.text();
    } catch (error) {
      if (signal?.aborted === true) throw signal.reason;
      if (timeout.aborted)
        throw fail(
          "timeout",
          `did not answer within ${options.timeoutMs} ms; check that the server runs, or raise embeddings.timeoutMs.`,
        );
      throw fail(
        "network-error",
        `cannot be reached (${describeCause(error)}); check embeddings.baseUrl (the part before /embeddings, e.g. http://localhost:11434/v1 for Ollama) and that the server runs.`,
      );
    }
    if (!response.ok) throw statusError(response.status, text);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw fail(
        "provider-error",
        `answered with something other than JSON; check that embeddings.baseUrl points at an OpenAI-compatible API (it usually ends in /v1).`,
      );
    }
    return readVectors(body, texts.length);
  }

  function statusError(status: number, text: string): SkillboxError {
    const detail = describeBody(text);
    if (status === 401 || status === 403)
      return fail(
        "unauthorized",
        `refused the API key (HTTP ${status}${detail}); set ${options.apiKeyVariable} to a valid key, or name another variable in embeddings.apiKeyEnv.`,
      );
    if (status === 404)
      return fail(
        "provider-error",
        `answered HTTP 404${detail}; check that embeddings.baseUrl is the API's base (usually ending in /v1) and that embeddings.model "${options.model}" is a model the server has.`,
      );
    return fail(
      "provider-error",
      `answered HTTP ${status}${detail}; check embeddings.model "${options.model}" and the server's log.`,
    );
  }

  function readVectors(body: unknown, count: number): Float32Array[] {
    const data = (body as { data?: unknown } | null)?.data;
    const shape = "{ data: [{ index, embedding: number[] }] }";
    if (!Array.isArray(data))
      throw fail(
        "provider-error",
        `answered without a data list (expected ${shape}); check that embeddings.baseUrl points at an OpenAI-compatible API.`,
      );
    if (data.length !== count)
      throw fail(
        "provider-error",
        `returned ${data.length} vectors for ${count} texts; check embeddings.model.`,
      );
    const vectors: (Float32Array | undefined)[] = new Array(count);
    for (const [position, item] of data.entries()) {
      const { index, embedding } = (item ?? {}) as { index?: unknown; embedding?: unknown };
      const at = index === undefined ? position : index;
      if (!Number.isInteger(at) || (at as number) < 0 || (at as number) >= count || vectors[at as number])
        throw fail(
          "provider-error",
          `returned an item with a bad index (${String(index)}); expected ${shape}.`,
        );
      if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every(Number.isFinite))
        throw fail(
          "provider-error",
          `returned an embedding that is not a list of numbers (expected ${shape}; a base64 encoding is not read).`,
        );
      vectors[at as number] = Float32Array.from(embedding as number[]);
    }
    const result = vectors as Float32Array[];
    const dimensions = result[0]?.length ?? 0;
    if (result.some((vector) => vector.length !== dimensions))
      throw fail(
        "provider-error",
        "returned vectors of different lengths in one answer; check embeddings.model.",
      );
    return result;
  }

  return {
    endpoint,
    batchSize: options.batchSize,
    async embed(texts, signal) {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += options.batchSize) {
        vectors.push(...(await embedBatch(texts.slice(start, start + options.batchSize), signal)));
      }
      return vectors;
    },
  };
}

function describeBody(text: string): string {
  let detail = text.trim();
  try {
    const parsed = JSON.parse(detail) as { error?: { message?: unknown } | string; message?: unknown };
    const message =
      typeof parsed.error === "string"
        ? parsed.error
        : typeof parsed.error?.message === "string"
          ? parsed.error.message
          : typeof parsed.message === "string"
            ? parsed.message
            : undefined;
    if (message !== undefined) detail = message;
  } catch {
    // Not JSON: the text itself is the detail.
  }
  detail = detail.replace(/\s+/g, " ");
  if (detail === "") return "";
  return `: ${detail.length > DETAIL_LIMIT ? `${detail.slice(0, DETAIL_LIMIT)}…` : detail}`;
}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === "string") return cause.code;
  if (typeof cause?.message === "string") return cause.message;
  return error instanceof Error ? error.message : String(error);
}
