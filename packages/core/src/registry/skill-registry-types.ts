// The registry's public types: its options, the content of a loaded skill, and its methods.

import type { Diagnostic } from "../skills/diagnostic.js";
import type { SkillState } from "../store/skill-state.js";
import type { UsageStat, UsageStore } from "../store/usage-store.js";
import type { RegistryFileSystem } from "./discovery/registry-file-system.js";
import type { SkillRoot } from "./discovery/skill-roots.js";
import type { WalkChanges } from "./discovery/skill-tree.js";
import type { RefreshSummary, SkillRecord } from "./index/skill-record.js";
import type { ModelVisibility } from "./model-visibility.js";
import type { SkillRegistryEvents } from "./registry-events.js";
import type { SemanticRanker } from "./semantic/semantic-ranker.js";
import type { SkillEntry } from "./skill-entry.js";
import type { SkillWatcher, WatchSkillsOptions } from "./watch/watch-skills.js";

/** How a registry is built. Only `roots` is required. */
export interface SkillRegistryOptions {
  /** Roots, highest precedence first (see resolveDefaultRoots). */
  roots: readonly SkillRoot[];
  /** Where usage is recorded; default in memory. */
  usageStore?: UsageStore;
  /** Epoch milliseconds; default Date.now. */
  clock?: () => number;
  /** Persist the index here (JSON, atomic writes) so a new process re-reads only what changed. */
  cacheFile?: string;
  /** File system to use; default Node's (tests inject faults through this). */
  fs?: RegistryFileSystem;
  /** Folder that relative paths given to activateForPaths are relative to; default process.cwd(). */
  cwd?: string;
  /** Folder levels below a root that are scanned; default 8. */
  maxDepth?: number;
  /** Folders scanned per root at most; default 100,000. */
  maxDirectories?: number;
  /**
   * Folders (absolute, or relative to `cwd`) that linked folders under a project root (one inside a
   * git work tree) may lead into, besides its project and the roots themselves; a link anywhere else
   * is not followed (`symlink-outside-roots`). Links under the user's own roots are followed anyway.
   */
  trustedSymlinkTargets?: readonly string[];
  /** Folder names never entered; default `.git` and `node_modules`. */
  skipDirectories?: readonly string[];
  /** Skip folders that `.gitignore` files met along the walk exclude; default true. */
  respectGitignore?: boolean;
  /** Skill files over this many bytes are skipped; default 1 MiB. */
  maxBytes?: number;
  /** Read whole files during scans (body-size warnings included) instead of heads; default false. */
  readWholeFiles?: boolean;
  /** Called once per skill file parsed (counting re-parses in tests and benchmarks). */
  onParse?: (file: string) => void;
  /** The per-skill state from settings (`on`, `name-only`, `user-only`, `off`); default `on`. */
  stateOf?: (record: SkillRecord) => SkillState | undefined;
  /** A never-used skill first seen within this window is `isNew` in catalog entries; default 7 days. */
  newSkillWindowMs?: number;
  /** Delay before a watcher-driven change is written to the cache file; default 1,000 ms. */
  persistDelayMs?: number;
  /** Semantic ranking over embeddings, fused with search by hybridSearch (semantic/hybrid-search.ts); default none. */
  semantic?: SemanticRanker;
}

/** A skill's full content, read when loaded. */
export interface SkillContent {
  record: SkillRecord;
  /** The body after the frontmatter, byte-exact. */
  body: string;
  /** 1-based line in the file where the body starts. */
  bodyStartLine: number;
}

/** One search result. */
export interface SkillSearchResult {
  record: SkillRecord;
  /** Relevance, higher is better; comparable only within one query. */
  score: number;
  /** The share of the query's weight this skill matches, in [0, 1], comparable across queries and library sizes (see search-index.ts). */
  confidence: number;
  /** How many distinct words of the query the skill holds in any field (one-letter words and bare numbers aside). */
  matchedTerms: number;
}

/** The registry (seed 000's SkillRegistry API, incremental). Methods that need the index load it on first use. */
export interface SkillRegistry {
  readonly roots: readonly SkillRoot[];
  /** The semantic ranking hybridSearch fuses with `search`, when embeddings are configured. */
  readonly semantic?: SemanticRanker;
  /** Brings the index up to date: unchanged folders are only stat'ed, unchanged files not re-read. */
  refresh(options?: { force?: boolean }): RefreshSummary;
  /** Re-lists the given folders (and the named children in each); what the watcher calls. */
  refreshDirectories(directories: ReadonlyMap<string, "all" | ReadonlySet<string>>): RefreshSummary;
  /** Walks one root again from the top (it appeared or vanished). */
  refreshRoot(rootIndex: number): RefreshSummary;
  /** Cheap check: true when any known folder or skill file changed on disk, or a root appeared. */
  needsRefresh(): boolean;
  /** Every record ordered by name then precedence; `includeShadowed: false` keeps only winners. */
  list(options?: { includeShadowed?: boolean }): SkillRecord[];
  /** O(1) lookup by plain name (the winner) or qualified name (`<root label>:<name>`). */
  get(name: string): SkillRecord | undefined;
  /** Like get, but throws SkillboxError `skill-not-found`. */
  require(name: string): SkillRecord;
  /**
   * Reads the skill's file now and returns its body. A file changed on disk is re-parsed (and
   * `skill-changed` emitted); a file gone throws SkillboxError `skill-not-found` (and `skill-removed`).
   */
  loadSkill(name: string): SkillContent;
  /** The body only (see loadSkill). */
  readBody(name: string): string;
  /** Records one use now; false when no such skill exists. */
  recordUsage(name: string): boolean;
  /** ln(1 + count) × 0.5^(ageHours / 168) for the skill's usage. */
  usageScore(name: string): number;
  /** The record's usage as stored (a shadowed record's under its qualified name); undefined when never used. */
  usageOf(record: SkillRecord): UsageStat | undefined;
  /** Activates conditional skills whose `paths` globs match; returns the names newly activated. */
  activateForPaths(paths: readonly string[]): string[];
  /** Conditional skills (winners) whose globs match any path, activated or not. Changes nothing. */
  matchingForPaths(paths: readonly string[]): SkillRecord[];
  /** The model may load it (see isModelInvocable in invocation-flags). */
  isModelInvocable(target: string | SkillRecord): boolean;
  /** A person may run it by name. */
  isUserInvocable(target: string | SkillRecord): boolean;
  /** Layer 1 lists it. */
  isListedForModel(target: string | SkillRecord): boolean;
  /** What the model gets of the record under its current state, and if nothing, why. */
  modelVisibility(record: SkillRecord): ModelVisibility;
  /**
   * The skills Layer 1 lists (every model-invocable one), as plain entries by score then name;
   * prompt/'s renderSkillCatalog turns them into text.
   */
  catalogEntries(): SkillEntry[];
  /** The skills the load tool offers: the same model-invocable entries as catalogEntries. */
  toolEntries(): SkillEntry[];
  /** Ranked search over every copy's name, namespace, tags, description, when_to_use, body headings and opening; one result per name (its winning record). */
  search(query: string, limit?: number, options?: { modelOnly?: boolean }): SkillSearchResult[];
  /** Registry findings (roots, folders, skipped files, bounds) and, unless excluded, every record's. */
  diagnostics(options?: { includeSkills?: boolean }): Diagnostic[];
  on<Name extends keyof SkillRegistryEvents>(
    event: Name,
    listener: (payload: SkillRegistryEvents[Name]) => void,
  ): () => void;
  once<Name extends keyof SkillRegistryEvents>(
    event: Name,
    listener: (payload: SkillRegistryEvents[Name]) => void,
  ): () => void;
  off<Name extends keyof SkillRegistryEvents>(
    event: Name,
    listener: (payload: SkillRegistryEvents[Name]) => void,
  ): void;
  /** Low-level: called with each walk's folder changes (the watcher keeps its watch list with it). */
  onDirectoriesChanged(listener: (changes: WalkChanges) => void): () => void;
  /** Watches the roots with OS file events (no polling); refreshes only what changed, debounced. */
  watch(options?: WatchSkillsOptions): SkillWatcher;
  /** Writes the cache file now (when `cacheFile` is set). */
  persist(): void;
  /** Closes every watcher and timer and flushes the cache. */
  close(): void;
}
