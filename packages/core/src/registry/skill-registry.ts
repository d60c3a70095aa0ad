// The skill registry: discovery, an incremental index with O(1) lookup, skill entries and bodies, usage and events.

import * as path from "node:path";
import { SkillboxError } from "../errors.js";
import type { Diagnostic } from "../skills/diagnostic.js";
import { InMemoryUsageStore } from "../store/usage-store.js";
import { rescanDirectory, walkRoot } from "./discovery/discover-skills.js";
import { DEFAULT_SKIPPED_DIRECTORIES } from "./discovery/list-directory.js";
import { nodeFileSystem, type RegistryFileSystem } from "./discovery/registry-file-system.js";
import { ensureSkillboxRoots, type SkillRoot } from "./discovery/skill-roots.js";
import {
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_DIRECTORIES,
  type WalkChanges,
  type WalkLimits,
} from "./discovery/skill-tree.js";
import { loadSkillContent } from "./index/load-skill-content.js";
import { createRegistryPersistence } from "./index/registry-persistence.js";
import { createSkillIndex, type RecordDiff, walkAll } from "./index/skill-index.js";
import type { RefreshSummary, SkillRecord } from "./index/skill-record.js";
import { isListedForModel, isModelInvocable, isUserInvocable } from "./invocation-flags.js";
import { describeModelVisibility } from "./model-visibility.js";
import type { SkillRegistryEvents } from "./registry-events.js";
import { createRegistryViews } from "./registry-views.js";
import type { SkillRegistry, SkillRegistryOptions } from "./skill-registry-types.js";
import { createTypedEmitter } from "./typed-emitter.js";
import { usageKeyOf } from "./usage-key.js";
import { createPathActivation } from "./watch/path-activation.js";
import { watchSkills } from "./watch/watch-skills.js";

export type { SkillRegistry, SkillRegistryOptions } from "./skill-registry-types.js";

/**
 * Creates a registry over `roots` (highest precedence first). Nothing is read until the first
 * call that needs the index (or an explicit `refresh()`); with `cacheFile`, that first refresh
 * starts from the persisted index and re-reads only what changed.
 */
export function createSkillRegistry(options: SkillRegistryOptions): SkillRegistry {
  const fs: RegistryFileSystem = options.fs ?? nodeFileSystem;
  const clock = options.clock ?? Date.now;
  const usageStore = options.usageStore ?? new InMemoryUsageStore();
  const cwd = options.cwd ?? process.cwd();
  // Root paths are made absolute (against `cwd`) so the index, the cache key and lookups agree.
  const roots: readonly SkillRoot[] = options.roots.map((root) => ({
    ...root,
    path: path.resolve(cwd, root.path),
  }));
  const limits: WalkLimits = {
    maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
    maxDirectories: options.maxDirectories ?? DEFAULT_MAX_DIRECTORIES,
    skipped: new Set(options.skipDirectories ?? DEFAULT_SKIPPED_DIRECTORIES),
    respectGitignore: options.respectGitignore ?? true,
    trustedSymlinkTargets: (options.trustedSymlinkTargets ?? []).map((target) => path.resolve(cwd, target)),
  };
  const loadOptions = {
    fs,
    ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    ...(options.readWholeFiles === undefined ? {} : { readWholeFiles: options.readWholeFiles }),
    ...(options.onParse === undefined ? {} : { onParse: options.onParse }),
  };
  const index = createSkillIndex({ ...loadOptions, roots, limits, clock });
  const events = createTypedEmitter<SkillRegistryEvents>();
  const persistence = createRegistryPersistence({
    fs,
    cacheFile: options.cacheFile,
    roots,
    index,
    ...(options.persistDelayMs === undefined ? {} : { delayMs: options.persistDelayMs }),
    key: JSON.stringify({
      roots,
      ...limits,
      skipped: [...limits.skipped].sort(),
      maxBytes: options.maxBytes ?? null,
      readWholeFiles: options.readWholeFiles ?? false,
    }),
  });
  const views = createRegistryViews({
    index,
    usageStore,
    clock,
    stateOf: options.stateOf,
    fs,
    // Body terms read for search are saved beside the index, so the next process reads no body.
    savedSearchTerms: () => persistence.loadSearchTerms(),
    onSearchTermsRead: () => {
      persistence.markSearchTermsDirty();
      persistence.schedule();
    },
    ...(options.newSkillWindowMs === undefined ? {} : { newSkillWindowMs: options.newSkillWindowMs }),
  });
  const activation = createPathActivation(index, cwd);
  const directoryListeners = new Set<(changes: WalkChanges) => void>();
  const watchers = new Set<{ close(): void }>();
  const rootDiagnostics: Diagnostic[] = [];
  let loaded = false;
  let looseSignature = "";

  const lookup = (name: string) => index.byName.get(name) ?? index.byQualifiedName.get(name);
  const recordOf = (target: string | SkillRecord) =>
    typeof target === "string" ? lookup(target)?.record : target;
  const ensureLoaded = () => {
    if (!loaded) registry.refresh();
  };

  /** Folds a diff into the views, then emits its events (and the loose findings, when they changed). */
  const publish = (diff: RecordDiff, synthetic = false) => {
    views.applyDiff(diff);
    if (!synthetic && diff.added.length + diff.changed.length + diff.removed.length > 0)
      persistence.markDirty();
    const signature = computeSignature([
      ...rootDiagnostics,
      ...persistence.diagnostics(),
      ...index.looseDiagnosticsUnordered(),
    ]);
    const diagnosticsChanged = signature !== looseSignature;
    looseSignature = signature;
    for (const record of diff.removed) events.emit("skill-removed", { record });
    for (const change of diff.changed) events.emit("skill-changed", change);
    for (const record of diff.added) events.emit("skill-added", { record });
    if (diagnosticsChanged) events.emit("diagnostics-changed", { diagnostics: registry.diagnostics() });
  };

  const runUpdate = (step: Parameters<typeof index.update>[0], force: boolean, deferPersist: boolean) => {
    // Not performance.now(): the global loads perf_hooks' internals (~1.5 ms) on first use.
    const started = process.hrtime.bigint();
    const first = !loaded;
    if (first) {
      loaded = true;
      rootDiagnostics.push(...ensureSkillboxRoots(roots, fs));
      persistence.load();
    }
    const { diff, changes } = index.update(step, force);
    if (first) {
      // What differs from the persisted index still needs writing; the synthetic diff below does not.
      if (diff.added.length + diff.changed.length + diff.removed.length > 0) persistence.markDirty();
      // The process had no skills before: relative to that, every record is new (cache or not).
      diff.added = [...index.byQualifiedName.values()].map((item) => item.record);
      diff.changed = [];
      diff.removed = [];
      views.reset();
    }
    if (changes.listed > 0 || diff.parsed > 0 || changes.removedSkillFiles.length > 0)
      persistence.markDirty();
    for (const listener of directoryListeners) listener(changes);
    const summary: RefreshSummary = {
      added: diff.added.map((record) => record.qualifiedName),
      changed: diff.changed.map((change) => change.record.qualifiedName),
      removed: diff.removed.map((record) => record.qualifiedName),
      parsed: diff.parsed,
      listed: changes.listed,
      durationMs: Number(process.hrtime.bigint() - started) / 1e6,
    };
    if (deferPersist) persistence.schedule();
    else persistence.flush();
    publish(diff, first);
    events.emit("registry-refreshed", { summary });
    return summary;
  };

  const registry: SkillRegistry = {
    roots,
    ...(options.semantic === undefined ? {} : { semantic: options.semantic }),
    refresh(refreshOptions = {}) {
      return runUpdate(walkAll(true), refreshOptions.force ?? false, false);
    },
    refreshDirectories(directories) {
      ensureLoaded();
      const step = (context: Parameters<typeof rescanDirectory>[0]) => {
        for (const [directory, touched] of directories) rescanDirectory(context, directory, touched);
      };
      return runUpdate(step, false, true);
    },
    refreshRoot(rootIndex) {
      ensureLoaded();
      // A root that appeared (or vanished) is walked from the top.
      return runUpdate((context) => walkRoot(context, rootIndex, true), false, true);
    },
    needsRefresh() {
      return !loaded || views.needsRefresh(fs);
    },
    list(listOptions = {}) {
      ensureLoaded();
      return views.list(listOptions.includeShadowed ?? true);
    },
    get(name) {
      ensureLoaded();
      return lookup(name)?.record;
    },
    require(name) {
      const record = registry.get(name);
      if (record === undefined) throw unknownSkill(name);
      return record;
    },
    loadSkill(name) {
      ensureLoaded();
      const found = lookup(name);
      if (found === undefined) throw unknownSkill(name);
      const context = {
        index,
        options: loadOptions,
        recordForFile: views.recordForFile,
        publish: (diff: RecordDiff) => {
          publish(diff);
          persistence.schedule();
        },
      };
      return loadSkillContent(context, found, name);
    },
    readBody(name) {
      return registry.loadSkill(name).body;
    },
    recordUsage(name) {
      const record = registry.get(name);
      if (record === undefined) return false;
      usageStore.record(usageKeyOf(record), clock());
      return true;
    },
    usageScore(name) {
      return views.usageScore(registry.get(name), name);
    },
    usageOf(record) {
      return usageStore.get(usageKeyOf(record));
    },
    activateForPaths(paths) {
      ensureLoaded();
      const { touched, activated } = activation.activate(paths);
      if (touched.size === 0) return [];
      publish(index.resolve(touched));
      if (activated.length > 0) events.emit("skills-activated", { names: activated, paths: [...paths] });
      return activated;
    },
    matchingForPaths(paths) {
      ensureLoaded();
      return activation.matching(paths);
    },
    isModelInvocable(target) {
      const record = recordOf(target);
      return record !== undefined && isModelInvocable(record, options.stateOf?.(record));
    },
    isUserInvocable(target) {
      const record = recordOf(target);
      return record !== undefined && isUserInvocable(record, options.stateOf?.(record));
    },
    isListedForModel(target) {
      const record = recordOf(target);
      return record !== undefined && isListedForModel(record, options.stateOf?.(record));
    },
    modelVisibility(record) {
      return describeModelVisibility(record, options.stateOf?.(record));
    },
    catalogEntries() {
      ensureLoaded();
      return views.skillEntries();
    },
    toolEntries() {
      ensureLoaded();
      return views.skillEntries();
    },
    search(query, limit = 10, searchOptions = {}) {
      ensureLoaded();
      return views.search(query, limit, searchOptions.modelOnly ?? false);
    },
    diagnostics(diagnosticOptions = {}) {
      const all = [...rootDiagnostics, ...persistence.diagnostics(), ...index.looseDiagnostics()];
      if (diagnosticOptions.includeSkills ?? true) {
        for (const { record } of index.byQualifiedName.values()) all.push(...record.diagnostics);
      }
      return all;
    },
    on: events.on,
    once: events.once,
    off: events.off,
    onDirectoriesChanged(listener) {
      directoryListeners.add(listener);
      return () => directoryListeners.delete(listener);
    },
    watch(watchOptions = {}) {
      ensureLoaded();
      const watcher = watchSkills(registry, index.tree, {
        ...watchOptions,
        fs,
        reportProblem: (diagnostic) => events.emit("watch-failed", { diagnostic }),
      });
      watchers.add(watcher);
      return {
        close() {
          watchers.delete(watcher);
          watcher.close();
        },
      };
    },
    persist() {
      persistence.markDirty();
      persistence.flush();
    },
    close() {
      for (const watcher of watchers) watcher.close();
      watchers.clear();
      persistence.close();
    },
  };
  return registry;
}

function unknownSkill(name: string): SkillboxError {
  return new SkillboxError(
    "skill-not-found",
    `No skill is named \`${name}\`. List the skills to see the available names.`,
    {
      data: { name },
    },
  );
}

/** A comparable summary of findings; sorted, so the order they were gathered in does not matter. */
function computeSignature(diagnostics: readonly Diagnostic[]): string {
  return diagnostics
    .map((item) => `${item.severity}|${item.code}|${item.path}|${item.message}`)
    .sort()
    .join("\n");
}
