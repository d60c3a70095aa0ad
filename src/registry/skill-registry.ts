// The skill registry: discovery, an incremental index with O(1) lookup, Layer 1/2 helpers, usage and events.

import * as path from "node:path";
import { SkillboxError } from "../errors.js";
import type { CatalogEntry } from "../prompt/catalog-entry.js";
import type { Diagnostic } from "../skills/diagnostic.js";
import type { SkillState } from "../store/skill-state.js";
import { buildCatalogEntries, usageKeyOf } from "./build-catalog-entries.js";
import { rescanDirectory, walkRoot } from "./discover-skills.js";
import { isListedForModel, isModelInvocable, isUserInvocable } from "./invocation-flags.js";
import { DEFAULT_SKIPPED_DIRECTORIES } from "./list-directory.js";
import type { SkillFileEntry } from "./load-skill-entry.js";
import { compileSkillPaths, normalizeCandidatePath, type PathMatcher } from "./match-skill-paths.js";
import { readSkillBody } from "./read-skill-body.js";
import { readRegistryCache, writeRegistryCache } from "./registry-cache.js";
import type { SkillRegistryEvents } from "./registry-events.js";
import { errorCodeOf, nodeFileSystem, type RegistryFileSystem } from "./registry-file-system.js";
import { createRegistryViews, type RegistryViews } from "./registry-views.js";
import { createSkillIndex, type RecordDiff, walkAll } from "./skill-index.js";
import type { RefreshSummary, SkillRecord } from "./skill-record.js";
import type { SkillContent, SkillRegistry, SkillRegistryOptions } from "./skill-registry-types.js";
import { ensureSkillboxRoots, type SkillRoot } from "./skill-roots.js";
import type { WalkChanges } from "./skill-tree.js";
import { createTypedEmitter } from "./typed-emitter.js";
import { InMemoryUsageStore } from "./usage-store.js";
import { watchSkills } from "./watch-skills.js";

export type { SkillContent, SkillRegistry, SkillRegistryOptions } from "./skill-registry-types.js";

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
  const limits = {
    maxDepth: options.maxDepth ?? 8,
    maxDirectories: options.maxDirectories ?? 20_000,
    skipped: new Set(options.skipDirectories ?? DEFAULT_SKIPPED_DIRECTORIES),
    respectGitignore: options.respectGitignore ?? true,
  };
  const loadOptions = {
    fs,
    ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    ...(options.readWholeFiles === undefined ? {} : { readWholeFiles: options.readWholeFiles }),
    ...(options.onParse === undefined ? {} : { onParse: options.onParse }),
  };
  const index = createSkillIndex({ ...loadOptions, roots, limits, clock });
  const events = createTypedEmitter<SkillRegistryEvents>();
  const cacheKey = JSON.stringify({
    roots,
    maxDepth: limits.maxDepth,
    maxDirectories: limits.maxDirectories,
    skipped: [...limits.skipped].sort(),
    respectGitignore: limits.respectGitignore,
    maxBytes: options.maxBytes ?? null,
    readWholeFiles: options.readWholeFiles ?? false,
  });
  const matchers = new WeakMap<SkillFileEntry, PathMatcher>();
  const directoryListeners = new Set<(changes: WalkChanges) => void>();
  const registryDiagnostics: Diagnostic[] = [];
  let loaded = false;
  let dirty = false;
  let persistTimer: ReturnType<typeof setTimeout> | undefined;
  let looseSignature = "";
  let closed = false;
  const watchers = new Set<{ close(): void }>();
  const output: RegistryViews = createRegistryViews({
    index,
    usageStore,
    clock,
    stateOf: options.stateOf,
    ...(options.newSkillWindowMs === undefined ? {} : { newSkillWindowMs: options.newSkillWindowMs }),
  });

  const lookup = (name: string) => index.byName.get(name) ?? index.byQualifiedName.get(name);

  const ensureLoaded = () => {
    if (!loaded) registry.refresh();
  };

  const persistNow = () => {
    if (persistTimer !== undefined) clearTimeout(persistTimer);
    persistTimer = undefined;
    if (options.cacheFile === undefined || !dirty) return;
    dirty = false;
    const problem = writeRegistryCache(fs, options.cacheFile, cacheKey, roots, index.snapshot());
    const previous = registryDiagnostics.findIndex((item) => item.code === "cache-write-failed");
    if (previous !== -1) registryDiagnostics.splice(previous, 1);
    if (problem !== undefined) registryDiagnostics.push(problem);
  };

  const schedulePersist = () => {
    if (options.cacheFile === undefined || persistTimer !== undefined || closed) return;
    persistTimer = setTimeout(persistNow, options.persistDelayMs ?? 1000);
    // A pending write never keeps the process alive; close() flushes it.
    persistTimer.unref?.();
  };

  /** Emits a diff's events and reports the loose diagnostics when they changed. */
  const publish = (diff: RecordDiff) => {
    output.applyDiff(diff);
    const signature = computeSignature(registry.diagnostics({ includeSkills: false }));
    const diagnosticsChanged = signature !== looseSignature;
    looseSignature = signature;
    for (const record of diff.removed) events.emit("skill-removed", { record });
    for (const change of diff.changed) events.emit("skill-changed", change);
    for (const record of diff.added) events.emit("skill-added", { record });
    if (diagnosticsChanged) events.emit("diagnostics-changed", { diagnostics: registry.diagnostics() });
  };

  const runUpdate = (step: Parameters<typeof index.update>[0], force: boolean, deferPersist: boolean) => {
    const started = performance.now();
    const first = !loaded;
    if (first) {
      loaded = true;
      registryDiagnostics.push(...ensureSkillboxRoots(roots, fs));
      const cached =
        options.cacheFile === undefined
          ? undefined
          : readRegistryCache(fs, options.cacheFile, cacheKey, roots);
      if (cached === undefined) dirty = true;
      else index.hydrate(cached);
    }
    const { diff, changes } = index.update(step, force);
    if (first) {
      // The process had no skills before: relative to that, every record is new (cache or not).
      diff.added = [...index.byQualifiedName.values()].map((item) => item.record);
      diff.changed = [];
      diff.removed = [];
      output.reset();
    }
    if (changes.listed > 0 || diff.parsed > 0 || changes.removedSkillFiles.length > 0) dirty = true;
    for (const listener of directoryListeners) listener(changes);
    const summary: RefreshSummary = {
      added: diff.added.map((record) => record.qualifiedName),
      changed: diff.changed.map((change) => change.record.qualifiedName),
      removed: diff.removed.map((record) => record.qualifiedName),
      parsed: diff.parsed,
      listed: changes.listed,
      durationMs: performance.now() - started,
    };
    if (deferPersist) schedulePersist();
    else persistNow();
    publish(diff);
    events.emit("registry-refreshed", { summary });
    return summary;
  };

  const recordOf = (target: string | SkillRecord) =>
    typeof target === "string" ? lookup(target)?.record : target;

  const registry: SkillRegistry = {
    roots,
    refresh(refreshOptions = {}) {
      return runUpdate(walkAll(true), refreshOptions.force ?? false, false);
    },
    refreshDirectories(directories) {
      ensureLoaded();
      return runUpdate(
        (context) => {
          for (const [directory, touched] of directories) rescanDirectory(context, directory, touched);
        },
        false,
        true,
      );
    },
    refreshRoot(rootIndex) {
      ensureLoaded();
      // A root that appeared (or vanished) is walked from the top.
      return runUpdate((context) => walkRoot(context, rootIndex, true), false, true);
    },
    needsRefresh() {
      if (!loaded) return true;
      return output.needsRefresh(fs);
    },
    list(listOptions = {}) {
      ensureLoaded();
      return output.list(listOptions.includeShadowed ?? true);
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
      let read: ReturnType<typeof readSkillBody>;
      try {
        read = readSkillBody(fs, found.entry, loadOptions);
      } catch (error) {
        const code = errorCodeOf(error);
        if (code !== "ENOENT" && code !== "ENOTDIR") {
          throw new SkillboxError(
            "io-error",
            `Cannot read ${found.entry.file} (${code ?? "error"}); check its permissions.`,
            {
              cause: error,
              data: { name, file: found.entry.file },
            },
          );
        }
        publish(index.replaceEntry(undefined, found.entry.file));
        dirty = true;
        throw new SkillboxError(
          "skill-not-found",
          `Skill \`${name}\` is no longer on disk: ${found.entry.file} was removed or renamed. List the skills again and pick another one.`,
          { data: { name, file: found.entry.file } },
        );
      }
      if (read.kind === "same") return toContent(found.record, read.body, found.entry.bodyStartLine);
      publish(index.replaceEntry(read.entry, found.entry.file));
      dirty = true;
      schedulePersist();
      const current = output.recordForFile(found.entry.file);
      if (read.body === undefined || current === undefined) {
        const reason =
          read.entry.diagnostics.find((item) => item.severity === "error")?.message ??
          "it can no longer be read";
        throw new SkillboxError("skill-not-found", `Skill \`${name}\` can no longer be loaded: ${reason}.`, {
          data: { name, file: found.entry.file },
        });
      }
      return toContent(current, read.body, read.entry.bodyStartLine);
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
      return output.usageScore(registry.get(name), name);
    },
    activateForPaths(paths) {
      ensureLoaded();
      const candidates = paths.map((item) => normalizeCandidatePath(item, cwd));
      const names = new Set<string>();
      const files: string[] = [];
      for (const { record, entry } of index.byQualifiedName.values()) {
        if (!record.conditional || record.activated || !matchesAny(entry, candidates)) continue;
        index.activated.add(record.file);
        names.add(record.name);
        if (!record.shadowed) files.push(record.name);
      }
      if (names.size === 0) return [];
      publish(index.resolve(names));
      const activated = [...new Set(files)].sort();
      if (activated.length > 0) events.emit("skills-activated", { names: activated, paths: [...paths] });
      return activated;
    },
    matchingForPaths(paths) {
      ensureLoaded();
      const candidates = paths.map((item) => normalizeCandidatePath(item, cwd));
      const matches: SkillRecord[] = [];
      for (const { record, entry } of index.byName.values()) {
        if (record.conditional && matchesAny(entry, candidates)) matches.push(record);
      }
      return matches.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
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
    catalogEntries() {
      ensureLoaded();
      return output.catalogEntries("listed");
    },
    toolEntries() {
      ensureLoaded();
      return output.catalogEntries("invocable");
    },
    buildReminder(catalogOptions) {
      return output.buildReminder(registry.catalogEntries(), catalogOptions);
    },
    buildToolDescription(descriptionOptions) {
      return output.buildToolDescription(registry.toolEntries(), descriptionOptions);
    },
    search(query, limit = 10, searchOptions = {}) {
      ensureLoaded();
      return output.search(query, limit, searchOptions.modelOnly ?? false);
    },
    diagnostics(diagnosticOptions = {}) {
      const all = [...registryDiagnostics, ...index.looseDiagnostics()];
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
      dirty = true;
      persistNow();
    },
    close() {
      closed = true;
      for (const watcher of [...watchers]) watcher.close();
      watchers.clear();
      persistNow();
    },
  };
  const matchesAny = (entry: SkillFileEntry, candidates: readonly string[]) => {
    let matcher = matchers.get(entry);
    if (matcher === undefined) {
      matcher = compileSkillPaths(entry.metadata.paths);
      matchers.set(entry, matcher);
    }
    const test = matcher;
    return candidates.some((candidate) => test(candidate));
  };
  return registry;
}

function toContent(record: SkillRecord, body: string, bodyStartLine: number): SkillContent {
  return { record, body, bodyStartLine };
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

function computeSignature(diagnostics: readonly Diagnostic[]): string {
  return diagnostics.map((item) => `${item.severity}|${item.code}|${item.path}|${item.message}`).join("\n");
}

/** Re-exported so callers can type the state hook without importing the store. */
export type { CatalogEntry, SkillState };
