// A generic namespaced key-value cache with optional expiry, behind an interface; in-memory version here.

import { SkillboxError } from "../errors.js";

/** Options for one cache write. */
export interface CacheSetOptions {
  /** Milliseconds until the entry expires; omitted means it never does. */
  ttlMs?: number;
}

/** JSON values by namespace and key, e.g. translations or the registry's persisted index. */
export interface CacheStore {
  /** The value, or undefined when absent or expired. */
  get<T = unknown>(namespace: string, key: string): T | undefined;
  set(namespace: string, key: string, value: unknown, options?: CacheSetOptions): void;
  /** True when an entry was removed. */
  delete(namespace: string, key: string): boolean;
  /** Removes every entry of a namespace; returns how many. */
  clear(namespace: string): number;
  /** Removes expired entries everywhere; returns how many. */
  prune(): number;
  /**
   * Stores `value` only when no unexpired entry holds the key, in one atomic step for every process
   * sharing the store; resolves true when this call stored it. A single-use marker (a spent sign-in
   * code): of many concurrent claims on one key, across instances, exactly one wins.
   */
  claim(namespace: string, key: string, value: unknown, options?: CacheSetOptions): Promise<boolean>;
}

/** A translation cache key: SHA-256 of the text, the target language and the model that translated it. */
export function createTranslationCacheKey(input: {
  text: string;
  targetLanguage: string;
  model: string;
}): string {
  // node:crypto is loaded on first use: every workspace loads this module, few runs translate.
  const { createHash } = process.getBuiltinModule("node:crypto");
  const hash = createHash("sha256").update(input.text, "utf8").digest("hex");
  return `${hash}:${input.targetLanguage}:${input.model}`;
}

/** The expiry time for a write at `now`, or null; throws `invalid-argument` on a negative or non-finite TTL. */
export function computeExpiry(now: number, options: CacheSetOptions = {}): number | null {
  if (options.ttlMs === undefined) return null;
  if (!Number.isFinite(options.ttlMs) || options.ttlMs < 0) {
    throw new SkillboxError(
      "invalid-argument",
      `Cache TTL must be a finite number of milliseconds ≥ 0; got ${options.ttlMs}.`,
    );
  }
  return now + Math.trunc(options.ttlMs);
}

/** Serializes a cache value, refusing values JSON cannot hold. */
export function encodeCacheValue(namespace: string, key: string, value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) {
    throw new SkillboxError("invalid-argument", `Cache value for ${namespace}/${key} must be a JSON value.`);
  }
  return text;
}

interface MemoryEntry {
  text: string;
  expiresAt: number | null;
}

/** A CacheStore that lives as long as the process. `now` gives epoch milliseconds (default `Date.now`). */
export class InMemoryCacheStore implements CacheStore {
  private readonly entries = new Map<string, Map<string, MemoryEntry>>();
  private readonly now: () => number;

  constructor(options: { now?: () => number } = {}) {
    this.now = options.now ?? Date.now;
  }

  get<T = unknown>(namespace: string, key: string): T | undefined {
    const entry = this.entries.get(namespace)?.get(key);
    if (entry === undefined || (entry.expiresAt !== null && entry.expiresAt <= this.now())) return undefined;
    return JSON.parse(entry.text) as T;
  }

  set(namespace: string, key: string, value: unknown, options?: CacheSetOptions): void {
    const text = encodeCacheValue(namespace, key, value);
    const expiresAt = computeExpiry(this.now(), options);
    const group = this.entries.get(namespace) ?? new Map<string, MemoryEntry>();
    group.set(key, { text, expiresAt });
    this.entries.set(namespace, group);
  }

  delete(namespace: string, key: string): boolean {
    return this.entries.get(namespace)?.delete(key) ?? false;
  }

  clear(namespace: string): number {
    const count = this.entries.get(namespace)?.size ?? 0;
    this.entries.delete(namespace);
    return count;
  }

  async claim(namespace: string, key: string, value: unknown, options?: CacheSetOptions): Promise<boolean> {
    if (this.get(namespace, key) !== undefined) return false;
    this.set(namespace, key, value, options);
    return true;
  }

  prune(): number {
    const now = this.now();
    let removed = 0;
    for (const group of this.entries.values()) {
      for (const [key, entry] of group) {
        if (entry.expiresAt !== null && entry.expiresAt <= now) {
          group.delete(key);
          removed += 1;
        }
      }
    }
    return removed;
  }
}
