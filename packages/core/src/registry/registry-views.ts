// Read-side views over the index: the sorted list, file lookup, skill entries, search and change checks.

import * as path from "node:path";
import type { SkillState } from "../store/skill-state.js";
import { computeUsageScore, type UsageStore } from "../store/usage-store.js";
import { buildSkillEntries } from "./build-skill-entries.js";
import { isSameStamp, type RegistryFileSystem, toStamp } from "./discovery/registry-file-system.js";
import { readSearchTerms } from "./index/read-search-terms.js";
import type { ResolvedSkill } from "./index/resolve-precedence.js";
import { compareEntries } from "./index/resolve-precedence.js";
import { applySavedSearchTerms, type SavedSearchTerms } from "./index/search-terms-cache.js";
import type { RecordDiff, SkillIndex } from "./index/skill-index.js";
import type { SkillRecord } from "./index/skill-record.js";
import { isModelInvocable } from "./invocation-flags.js";
import { namespaceWords } from "./search/namespace-words.js";
import { createSearchIndex, type SearchableSkill, type SearchIndex } from "./search/search-index.js";
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
  let searchIndex: SearchIndex | undefined;

  const fileMap = () => {
    if (byFile === undefined) {
      byFile = new Map();
      for (const { record } of index.byQualifiedName.values()) byFile.set(record.file, record);
    }
    return byFile;
  };

  const ensureSearchTerms = (resolved: ResolvedSkill) =>
    options.fs !== undefined && readSearchTerms(options.fs, resolved.entry);

  const buildSearchIndex = () => {
    let read = false;
    const saved = options.savedSearchTerms?.();
    const documents: SearchableSkill[] = [];
    for (const resolved of index.byQualifiedName.values()) {
      if (resolved.entry.bodyTerms === undefined && !applySavedSearchTerms(saved, resolved.entry))
        read = ensureSearchTerms(resolved) || read;
      documents.push(toSearchable(resolved));
    }
    if (read) options.onSearchTermsRead?.();
    return createSearchIndex(documents, {
      // Equal relevance goes to the skill used more (the winner's usage, as Layer 1 orders).
      usageOf: (name) => {
        const winner = index.byName.get(name)?.record;
        return winner === undefined ? 0 : computeUsageScore(usageStore.get(usageKeyOf(winner)), clock());
      },
    });
  };

  return {
    applyDiff(diff) {
      if (diff.added.length + diff.changed.length + diff.removed.length === 0) return;
      sorted = undefined;
      if (byFile !== undefined) {
        for (const record of diff.removed) if (byFile.get(record.file) === record) byFile.delete(record.file);
        for (const { record } of diff.changed) byFile.set(record.file, record);
        for (const record of diff.added) byFile.set(record.file, record);
      }
      if (searchIndex !== undefined) {
        // Every copy of a skill is indexed (under its qualified name), so a request worded like a
        // shadowed copy still finds the skill by its name.
        for (const record of diff.removed) searchIndex.remove(record.qualifiedName);
        let read = false;
        for (const record of [...diff.added, ...diff.changed.map((change) => change.record)]) {
          const resolved = index.byQualifiedName.get(record.qualifiedName);
          if (resolved === undefined) continue;
          read = ensureSearchTerms(resolved) || read;
          searchIndex.update(toSearchable(resolved));
        }
        if (read) options.onSearchTermsRead?.();
      }
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
      const visible = (record: SkillRecord) =>
        !modelOnly || isModelInvocable(record, options.stateOf?.(record));
      const results: SkillSearchResult[] = [];
      // Hidden skills are filtered after ranking: ask for more hits than wanted, then for all of them.
      for (const want of [limit * 4 + 16, searchIndex.size]) {
        results.length = 0;
        const hits = searchIndex.search(query, want);
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

/** One copy of a skill as search indexes it. */
function toSearchable({ record, entry }: ResolvedSkill): SearchableSkill {
  const { metadata } = record;
  const skill: SearchableSkill = {
    name: record.name,
    key: record.qualifiedName,
    description: metadata.description,
    tags: searchTags(metadata.tags, metadata.extra, metadata.metadata),
    namespace: namespaceWords(record.name, path.relative(record.root.path, record.directory)),
  };
  if (metadata.whenToUse !== undefined) skill.whenToUse = metadata.whenToUse;
  if (entry.headingTerms !== undefined) skill.headingTerms = entry.headingTerms;
  if (entry.bodyTerms !== undefined) skill.bodyTerms = entry.bodyTerms;
  return skill;
}

// Besides `tags`, authors label skills with `keywords:` or under `metadata:` (tags, keywords, category).
const LABEL_KEYS = ["tags", "keywords", "category"] as const;

function searchTags(
  tags: readonly string[],
  extra: Record<string, unknown>,
  metadata: Record<string, string> | undefined,
): string[] {
  const labels = [...tags];
  const take = (value: unknown) => {
    if (typeof value === "string") labels.push(value);
    else if (Array.isArray(value)) for (const item of value) if (typeof item === "string") labels.push(item);
  };
  take(extra.keywords);
  if (metadata !== undefined) for (const key of LABEL_KEYS) take(metadata[key]);
  return labels;
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
