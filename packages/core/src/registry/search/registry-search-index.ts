// The registry's search index: built from the index on the first search, kept in step with each
// diff after that. Reached through load-registry-search-index.ts, so that listing skills never
// loads the ranking code, the stemmer or the body-term reader (the bundled CLI loads this module,
// and those with it, on the first search).

import * as path from "node:path";
import type { RegistryFileSystem } from "../discovery/registry-file-system.js";
import { readSearchTerms } from "../index/read-search-terms.js";
import type { ResolvedSkill } from "../index/resolve-precedence.js";
import { applySavedSearchTerms, type SavedSearchTerms } from "../index/search-terms-cache.js";
import type { RecordDiff, SkillIndex } from "../index/skill-index.js";
import { namespaceWords } from "./namespace-words.js";
import { createSearchIndex, type SearchableSkill, type SearchIndex } from "./search-index.js";

/** What the search index reads from. */
export interface RegistrySearchIndexOptions {
  index: SkillIndex;
  /** A skill's usage score by name, to order skills of equal relevance. */
  usageOf: (name: string) => number;
  /** Reads the body terms search needs, once per skill file (without it, search sees no bodies). */
  fs?: RegistryFileSystem | undefined;
  /** The body terms saved by an earlier process, taken before any skill file is read. */
  savedSearchTerms?: (() => SavedSearchTerms | undefined) | undefined;
  /** Called after body terms that are not saved yet were read (to save them). */
  onSearchTermsRead?: (() => void) | undefined;
}

/** The search index over every copy of every skill, and how to keep it current. */
export interface RegistrySearchIndex {
  readonly index: SearchIndex;
  /** Re-indexes the skills a diff added, changed or removed. */
  applyDiff(diff: RecordDiff): void;
}

/** Indexes every skill the index holds (reading body terms not known yet). */
export function createRegistrySearchIndex(options: RegistrySearchIndexOptions): RegistrySearchIndex {
  const { index, fs } = options;
  const ensureSearchTerms = (resolved: ResolvedSkill) =>
    fs !== undefined && readSearchTerms(fs, resolved.entry);

  let read = false;
  const saved = options.savedSearchTerms?.();
  const documents: SearchableSkill[] = [];
  for (const resolved of index.byQualifiedName.values()) {
    if (resolved.entry.bodyTerms === undefined && !applySavedSearchTerms(saved, resolved.entry))
      read = ensureSearchTerms(resolved) || read;
    documents.push(toSearchable(resolved));
  }
  if (read) options.onSearchTermsRead?.();
  const searchIndex = createSearchIndex(documents, { usageOf: options.usageOf });

  return {
    index: searchIndex,
    applyDiff(diff) {
      // Every copy of a skill is indexed (under its qualified name), so a request worded like a
      // shadowed copy still finds the skill by its name.
      for (const record of diff.removed) searchIndex.remove(record.qualifiedName);
      let readNow = false;
      for (const record of [...diff.added, ...diff.changed.map((change) => change.record)]) {
        const resolved = index.byQualifiedName.get(record.qualifiedName);
        if (resolved === undefined) continue;
        readNow = ensureSearchTerms(resolved) || readNow;
        searchIndex.update(toSearchable(resolved));
      }
      if (readNow) options.onSearchTermsRead?.();
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
