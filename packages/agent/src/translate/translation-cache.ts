// The small cache interface translations need, and how their keys are made; a CacheStore fits it.
import { createTranslationCacheKey } from "@skillbox/core/store/cache-store";

/**
 * A namespaced key-value cache. `get` may return anything (stored data can be damaged); only strings
 * are trusted as translations. The SQLite and in-memory CacheStores satisfy it.
 */
export interface CacheLike {
  get(namespace: string, key: string): unknown;
  set(namespace: string, key: string, value: string): void;
}

/** The cache namespace every translation is stored under. */
export const TRANSLATION_CACHE_NAMESPACE = "translation";

/**
 * The key for a translation: SHA-256 of the text, the target language and the model, so changed text,
 * another language or another model never reuses an old translation.
 */
export function translationCacheKey(text: string, language: string, model: string): string {
  return createTranslationCacheKey({ text, targetLanguage: language, model });
}

/** A cache that reads a miss instead of throwing, and ignores a failed write. */
export function createSafeCache(cache: CacheLike): {
  read(key: string): string | undefined;
  write(key: string, value: string): void;
} {
  return {
    read(key) {
      try {
        const value = cache.get(TRANSLATION_CACHE_NAMESPACE, key);
        return typeof value === "string" ? value : undefined;
      } catch {
        // A locked or damaged store costs one extra model call, never the translation itself.
        return undefined;
      }
    },
    write(key, value) {
      try {
        cache.set(TRANSLATION_CACHE_NAMESPACE, key, value);
      } catch {
        // Same as above: the translation is still returned, it is just not remembered.
      }
    },
  };
}
