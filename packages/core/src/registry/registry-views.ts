// Read-side views over the index: the sorted list, file lookup, skill entries, search and change checks.

import * as path from "node:path";
import type { SkillState } from "../store/skill-state.js";
import { computeUsageScore, type UsageStore } from "../store/usage-store.js";
import { buildSkillEntries } from "./build-skill-entries.js";
import { isSameStamp, type RegistryFileSystem, toStamp } from "./discovery/registry-file-system.js";
import { compareEntries } from "./index/resolve-precedence.js";
import type { SavedSearchTerms } from "./index/search-terms-cache.js";
import type { RecordDiff, SkillIndex } from "./index/skill-index.js";
import type { SkillRecord } from "./index/skill-record.js";
import { isModelInvocable } from "./invocation-flags.js";
import { loadRegistrySearchIndex } from "./search/load-registry-search-index.js";
import type { RegistrySearchIndex } from "./search/registry-search-index.js";
import type { SkillEntry } from "./skill-entry.js";
import type { SkillSearchResult } from "./skill-registry-types.js";
import { usageKeyOf } from "./usage-key.js";

/** What the views read from. */
export interface RegistryViewsOptions {
  index: SkillIndex;
  usageStore: UsageStore;
  clock: () => number;
  stateOf: ((record: SkillRecord) => SkillState | undefined) | undefined;
  newSkillWindowMs?: number;
  /** Reads the body terms search needs, once per skill file (without it, search sees no bodies). */
  fs?: RegistryFileSystem;
  /** The body terms saved by an earlier process, taken before any skill file is read. */
  savedSearchTerms?: () => SavedSearchTerms | undefined;
  /** Called after search read body terms that are not saved yet (to save them). */
  onSearchTermsRead?: () => void;
}

/** The views the registry delegates to. */
export interface RegistryViews {
  /** Keeps the caches (sorted list, file map, search index) in step with a diff. */
  applyDiff(diff: RecordDiff): void;
  /** Drops every cache (after the index was loaded from a file). */
  reset(): void;
  list(includeShadowed: boolean): SkillRecord[];
  recordForFile(file: string): SkillRecord | undefined;
  usageScore(record: SkillRecord | undefined, name: string): number;
  /** The skills the model may load, as plain entries by score then name. */
  skillEntries(): SkillEntry[];
  search(query: string, limit: number, modelOnly: boolean): SkillSearchResult[];
  needsRefresh(fs: RegistryFileSystem): boolean;
}

/** Creates the views over `options.index`. */
export function createRegistryViews(options: RegistryViewsOptions): RegistryViews {
  const { index, usageStore, clock } = options;
  let sorted: SkillRecord[] | undefined;
  let byFile: Map<string, SkillRecord> | undefined;
  let searchIndex: RegistrySearchIndex | undefined;

  const fileMap = () => {
    if (byFile === undefined) {
      byFile = new Map();
      for (const { record } of index.byQualifiedName.values()) byFile.set(record.file, record);
    }
    return byFile;
  };

  const buildSearchIndex = () =>
    loadRegistrySearchIndex().createRegistrySearchIndex({
      index,
      // Equal relevance goes to the skill used more (the winner's usage, as Layer 1 orders).
      usageOf: (name) => {
        const winner = index.byName.get(name)?.record;
        return winner === undefined ? 0 : computeUsageScore(usageStore.get(usageKeyOf(winner)), clock());
      },
      fs: options.fs,
      savedSearchTerms: options.savedSearchTerms,
      onSearchTermsRead: options.onSearchTermsRead,
    });

  return {
    applyDiff(diff) {
      if (diff.added.length + diff.changed.length + diff.removed.length === 0) return;
      sorted = undefined;
      if (byFile !== undefined) {
        for (const record of diff.removed) if (byFile.get(record.file) === record) byFile.delete(record.file);
        for (const { record } of diff.changed) byFile.set(record.file, record);
        for (const record of diff.added) byFile.set(record.file, record);
      }
      searchIndex?.applyDiff(diff);
    },
    reset() {
      sorted = undefined;
      byFile = undefined;
      searchIndex = undefined;
    },
    list(includeShadowed) {
      if (sorted === undefined) {
        const items = [...index.byQualifiedName.values()];
        items.sort((left, right) =>
          left.record.name < right.record.name
            ? -1
            : left.record.name > right.record.name
              ? 1
              : compareEntries(left.entry, right.entry),
        );
        sorted = items.map((item) => item.record);
      }
      return includeShadowed ? [...sorted] : sorted.filter((record) => !record.shadowed);
    },
    recordForFile(file) {
      return fileMap().get(file);
    },
    usageScore(record, name) {
      return computeUsageScore(usageStore.get(record === undefined ? name : usageKeyOf(record)), clock());
    },
    skillEntries() {
      const records = [...index.byName.values()].map((item) => item.record);
      // Layer 1 and the load tool list the same skills: every one the model may load. A
      // `user-invocable: false` skill is model-only, so it belongs in Layer 1 above all.
      return buildSkillEntries(records, {
        usage: usageStore.all(),
        now: clock(),
        stateOf: options.stateOf,
        ...(options.newSkillWindowMs === undefined ? {} : { newSkillWindowMs: options.newSkillWindowMs }),
      });
    },
    search(query, limit, modelOnly) {
      searchIndex ??= buildSearchIndex();
      const ranked = searchIndex.index;
      const visible = (record: SkillRecord) =>
        !modelOnly || isModelInvocable(record, options.stateOf?.(record));
      const results: SkillSearchResult[] = [];
      // Hidden skills are filtered after ranking: ask for more hits than wanted, then for all of them.
      for (const want of [limit * 4 + 16, ranked.size]) {
        results.length = 0;
        const hits = ranked.search(query, want);
        for (const hit of hits) {
          const record = index.byName.get(hit.name)?.record;
          if (record !== undefined && visible(record))
            results.push({
              record,
              score: hit.score,
              confidence: hit.confidence,
              matchedTerms: hit.matchedTerms,
            });
          if (results.length >= limit) return results;
        }
        if (hits.length < want) break;
      }
      return results;
    },
    needsRefresh(fs) {
      const { tree } = index;
      for (let rootIndex = 0; rootIndex < tree.roots.length; rootIndex++) {
        const root = tree.roots[rootIndex];
        if (root !== undefined && !tree.directories.has(root.path) && exists(fs, root.path)) return true;
      }
      for (const node of tree.directories.values()) {
        if (!isSameStamp(node.stamp, statStamp(fs, node.path))) return true;
        if (
          node.gitignore !== undefined &&
          !isSameStamp(node.gitignore.stamp, statStamp(fs, path.join(node.path, ".gitignore")))
        ) {
          return true;
        }
      }
      for (const entry of index.files.values())
        if (!isSameStamp(entry.stamp, statStamp(fs, entry.file))) return true;
      return false;
    },
  };
}

function statStamp(fs: RegistryFileSystem, target: string) {
  try {
    return toStamp(fs.statSync(target));
  } catch {
    // Gone or unreadable: reported as a change, which a refresh then sorts out.
    return undefined;
  }
}

function exists(fs: RegistryFileSystem, target: string): boolean {
  try {
    return fs.statSync(target).isDirectory();
  } catch {
    // A root that is still missing is no change.
    return false;
  }
}
