// Deterministic embeddings for the fake LLM server's `POST /v1/embeddings`: a hashed bag of words
// (each lower-cased word adds ±1 to one of `dimensions` slots, FNV-1a picking slot and sign),
// normalised. Texts sharing words point the same way, so ranking by cosine behaves like word
// overlap: enough to test plumbing (fusion, caching, failures), not a model of meaning.

import type { FakeLlmRequest } from "./fake-llm-script.js";
import { buildOpenAIError } from "./openai-wire-reply.js";

/** The default vector length. */
export const FAKE_EMBEDDING_DIMENSIONS = 64;

/** The fake vector of `text`. */
export function fakeEmbedding(text: string, dimensions: number = FAKE_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const hash = fnv1a(word);
    const slot = hash % dimensions;
    vector[slot] = (vector[slot] as number) + ((hash >>> 16) & 1 ? 1 : -1);
  }
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

/** The answer to one embeddings request: status and body, in OpenAI's shape. */
export function answerEmbeddings(
  request: FakeLlmRequest,
  dimensions: number,
): { status: number; body: unknown; texts: string[] } {
  const { model, input } = request.body as { model?: unknown; input?: unknown };
  const texts = typeof input === "string" ? [input] : input;
  if (typeof model !== "string" || model === "")
    return {
      status: 400,
      body: buildOpenAIError("Fake LLM server: `model` is required.", "invalid_request_error"),
      texts: [],
    };
  if (!Array.isArray(texts) || texts.length === 0 || !texts.every((text) => typeof text === "string"))
    return {
      status: 400,
      body: buildOpenAIError(
        "Fake LLM server: `input` must be a string or a non-empty list of strings.",
        "invalid_request_error",
      ),
      texts: [],
    };
  const strings = texts as string[];
  return {
    status: 200,
    body: {
      object: "list",
      model,
      data: strings.map((text, index) => ({
        object: "embedding",
        index,
        embedding: fakeEmbedding(text, dimensions),
      })),
      usage: { prompt_tokens: strings.length, total_tokens: strings.length },
    },
    texts: strings,
  };
}

function fnv1a(word: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < word.length; index++) {
    hash ^= word.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
