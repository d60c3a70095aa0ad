// Translates skill descriptions (batched, one model call) and skill bodies with the configured model,
// caching by content hash + language + model; any failure falls back to the original, uncached.
import type { ChatProvider } from "@skillbox/core/agent/providers/provider";
import { describeError } from "@skillbox/core/errors";
import { findTranslationProblem } from "./check-translation.js";
import { parseTranslationReply } from "./parse-translation-reply.js";
import { type CacheLike, createSafeCache, translationCacheKey } from "./translation-cache.js";
import { buildBodyRequest, buildDescriptionsRequest, unwrapBodyReply } from "./translation-requests.js";

/** Where a returned text came from: the cache, the model just now, or the untranslated original. */
export type TranslationSource = "cache" | "model" | "original";

/** A description to translate; the name gives the model context and is never translated. */
export interface DescriptionItem {
  name: string;
  description: string;
}

/** One description after translation, in the order given. */
export interface TranslatedDescription {
  name: string;
  /** The translation, or the original when `source` is "original". */
  description: string;
  original: string;
  source: TranslationSource;
  /** Why the original was kept, when translating failed. */
  failure?: string;
}

/** A translated body (or the original, with the reason). */
export interface TranslatedText {
  text: string;
  source: TranslationSource;
  failure?: string;
}

export interface TranslateCallOptions {
  signal?: AbortSignal;
}

/** Translates skill texts for display. Never throws for a model or cache failure. */
export interface Translator {
  translateDescriptions(
    items: readonly DescriptionItem[],
    language: string,
    options?: TranslateCallOptions,
  ): Promise<TranslatedDescription[]>;
  translateBody(
    name: string,
    body: string,
    language: string,
    options?: TranslateCallOptions,
  ): Promise<TranslatedText>;
}

export interface CreateTranslatorOptions {
  provider: ChatProvider;
  model: string;
  cache: CacheLike;
  /** Descriptions per model call (default 40); larger lists take several calls. */
  batchSize?: number;
  /** Bodies longer than this many characters are not sent (default 100 000). */
  maxBodyChars?: number;
  /** `maxTokens` for each request; the provider's default when omitted. */
  maxTokens?: number;
}

type Outcome = { text: string } | { failure: string };

/** Creates a translator over one provider and model, sharing a cache (and in-flight calls) across callers. */
export function createTranslator(options: CreateTranslatorOptions): Translator {
  const { provider, model } = options;
  const cache = createSafeCache(options.cache);
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 40));
  const maxBodyChars = options.maxBodyChars ?? 100_000;
  // Callers asking for the same text while a model call is under way wait for that call.
  const inFlight = new Map<string, Promise<Outcome>>();

  const translateBatch = async (
    batch: readonly { key: string; name: string; description: string }[],
    language: string,
    call: TranslateCallOptions,
  ): Promise<Outcome[]> => {
    const numbered = batch.map((item, id) => ({ id, name: item.name, description: item.description }));
    let reply: string;
    try {
      const request = buildDescriptionsRequest(model, numbered, language, options.maxTokens);
      reply = (await provider.complete(request, call.signal ? { signal: call.signal } : {})).text;
    } catch (error) {
      const failure = `translation failed: ${describeError(error)}`;
      return batch.map(() => ({ failure }));
    }
    const parsed = parseTranslationReply(reply, batch.length);
    return batch.map((item, id) => {
      const text = parsed.get(id);
      if (text === undefined) return { failure: "the model's reply had no translation for this item" };
      const problem = findTranslationProblem(item.description, text);
      if (problem !== undefined) return { failure: problem };
      cache.write(item.key, text);
      return { text };
    });
  };

  return {
    async translateDescriptions(items, language, call = {}) {
      const target = language.trim();
      const keys = items.map((item) => translationCacheKey(item.description, target, model));
      const outcomes = new Map<string, Outcome | Promise<Outcome>>();
      const fromCache = new Set<string>();
      const missing: { key: string; name: string; description: string }[] = [];
      const queued = new Set<string>();
      items.forEach((item, index) => {
        const key = keys[index] as string;
        if (target === "" || item.description.trim() === "" || outcomes.has(key)) return;
        if (queued.has(key)) return;
        const cached = cache.read(key);
        const pending = inFlight.get(key);
        if (cached !== undefined) {
          outcomes.set(key, { text: cached });
          fromCache.add(key);
        } else if (pending !== undefined) outcomes.set(key, pending);
        else {
          queued.add(key);
          missing.push({ key, name: item.name, description: item.description });
        }
      });
      for (let start = 0; start < missing.length; start += batchSize) {
        const batch = missing.slice(start, start + batchSize);
        const results = translateBatch(batch, target, call);
        batch.forEach((item, index) => {
          const promise = results.then((all) => all[index] ?? { failure: "translation failed" });
          outcomes.set(item.key, promise);
          inFlight.set(item.key, promise);
          void promise.finally(() => inFlight.delete(item.key));
        });
      }
      const settled = new Map<string, Outcome>();
      for (const [key, outcome] of outcomes) settled.set(key, await outcome);
      return items.map((item, index) => {
        const key = keys[index] as string;
        const outcome = settled.get(key);
        const base = { name: item.name, original: item.description };
        if (outcome === undefined) return { ...base, description: item.description, source: "original" };
        if ("failure" in outcome)
          return { ...base, description: item.description, source: "original", failure: outcome.failure };
        return { ...base, description: outcome.text, source: fromCache.has(key) ? "cache" : "model" };
      });
    },

    async translateBody(name, body, language, call = {}) {
      const target = language.trim();
      if (target === "" || body.trim() === "") return { text: body, source: "original" };
      if (body.length > maxBodyChars) {
        return {
          text: body,
          source: "original",
          failure: `the body is longer than ${maxBodyChars} characters`,
        };
      }
      const key = translationCacheKey(body, target, model);
      const cached = cache.read(key);
      if (cached !== undefined) return { text: cached, source: "cache" };
      let pending = inFlight.get(key);
      if (pending === undefined) {
        pending = translateOneBody(name, body, target, key, call);
        inFlight.set(key, pending);
        void pending.finally(() => inFlight.delete(key));
      }
      const outcome = await pending;
      return "failure" in outcome
        ? { text: body, source: "original", failure: outcome.failure }
        : { text: outcome.text, source: "model" };
    },
  };

  async function translateOneBody(
    name: string,
    body: string,
    language: string,
    key: string,
    call: TranslateCallOptions,
  ): Promise<Outcome> {
    try {
      const request = buildBodyRequest(model, name, body, language, options.maxTokens);
      const reply = await provider.complete(request, call.signal ? { signal: call.signal } : {});
      const text = unwrapBodyReply(reply.text, body);
      const problem = findTranslationProblem(body, text);
      if (problem !== undefined) return { failure: problem };
      cache.write(key, text);
      return { text };
    } catch (error) {
      return { failure: `translation failed: ${describeError(error)}` };
    }
  }
}
