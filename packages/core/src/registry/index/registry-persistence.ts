// When the index is written to its cache file: at once after a full refresh, later after watcher changes.

import type { Diagnostic } from "../../skills/diagnostic.js";
import type { RegistryFileSystem } from "../discovery/registry-file-system.js";
import type { SkillRoot } from "../discovery/skill-roots.js";
import { readRegistryCache, removeCacheFile, writeRegistryCache } from "./registry-cache.js";
import {
  readSearchTermsCache,
  type SavedSearchTerms,
  searchTermsFile,
  writeSearchTermsCache,
} from "./search-terms-cache.js";
import type { SkillIndex } from "./skill-index.js";

/** What persistence needs. Without `cacheFile`, every method is a no-op. */
export interface RegistryPersistenceOptions {
  fs: RegistryFileSystem;
  cacheFile: string | undefined;
  /** Ties the file to the roots and options that produced it. */
  key: string;
  roots: readonly SkillRoot[];
  index: SkillIndex;
  /** Delay of a scheduled write; default 1,000 ms. */
  delayMs?: number;
}

/** The cache file's life cycle. */
export interface RegistryPersistence {
  /** Loads the cache into the index; false when there was none (or it was unusable). */
  load(): boolean;
  /** Something changed that the file does not have yet. */
  markDirty(): void;
  /** The search terms saved beside the index file (read each call: the caller keeps what it needs). */
  loadSearchTerms(): SavedSearchTerms | undefined;
  /** Search read terms the terms file does not have yet. */
  markSearchTermsDirty(): void;
  /** Writes now when dirty. */
  flush(): void;
  /** Writes after a delay, on a timer that never keeps the process alive. */
  schedule(): void;
  /** Flushes and refuses later schedules. */
  close(): void;
  /** The last write's problem, if it failed. */
  diagnostics(): Diagnostic[];
}

/** Creates the persistence of one registry. */
export function createRegistryPersistence(options: RegistryPersistenceOptions): RegistryPersistence {
  const { cacheFile } = options;
  let dirty = false;
  let termsDirty = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let problem: Diagnostic | undefined;
  const persistence: RegistryPersistence = {
    load() {
      const cached =
        cacheFile === undefined
          ? undefined
          : readRegistryCache(options.fs, cacheFile, options.key, options.roots);
      if (cached === undefined) {
        dirty = true;
        return false;
      }
      // A file without a skill file (written before such files were removed) goes at the next flush.
      if (cached.files.length === 0) dirty = true;
      options.index.hydrate(cached);
      return true;
    },
    markDirty() {
      dirty = true;
    },
    loadSearchTerms() {
      return cacheFile === undefined
        ? undefined
        : readSearchTermsCache(options.fs, searchTermsFile(cacheFile), options.key);
    },
    markSearchTermsDirty() {
      termsDirty = true;
    },
    flush() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (cacheFile === undefined) return;
      if (dirty) {
        dirty = false;
        // No skill file, nothing worth a file: the next run walks the (empty) roots faster than it
        // would read and decode a cache, and with no file it does not load node:v8 either.
        // (A snapshot holds iterators: the check takes its own.)
        problem = holdsAny(options.index.snapshot().files)
          ? writeRegistryCache(options.fs, cacheFile, options.key, options.roots, options.index.snapshot())
          : removeCacheFile(options.fs, cacheFile);
      }
      if (termsDirty) {
        termsDirty = false;
        problem =
          writeSearchTermsCache(
            options.fs,
            searchTermsFile(cacheFile),
            options.key,
            options.index.snapshot().files,
          ) ?? problem;
      }
    },
    schedule() {
      if (cacheFile === undefined || timer !== undefined || closed) return;
      timer = setTimeout(() => persistence.flush(), options.delayMs ?? 1000);
      timer.unref?.();
    },
    close() {
      closed = true;
      persistence.flush();
    },
    diagnostics() {
      return problem === undefined ? [] : [problem];
    },
  };
  return persistence;
}

function holdsAny(items: Iterable<unknown>): boolean {
  for (const _ of items) return true;
  return false;
}
