// Hot reload: one OS watcher per walked folder (no polling), debounced, refreshing only what changed.

import { type FSWatcher, watch as watchPath } from "node:fs";
import * as path from "node:path";
import type { Diagnostic } from "../../skills/diagnostic.js";
import { isIgnoredDirectory } from "../discovery/gitignore-layers.js";
import { SKILL_FILE_NAMES } from "../discovery/list-directory.js";
import { errorCodeOf, type RegistryFileSystem } from "../discovery/registry-file-system.js";
import type { SkillTree, WalkChanges } from "../discovery/skill-tree.js";

/** What the watcher calls on the registry (its own type, so the registry's types can name the watcher's). */
export interface WatchedRegistry {
  refreshRoot(rootIndex: number): unknown;
  refreshDirectories(directories: ReadonlyMap<string, "all" | ReadonlySet<string>>): unknown;
  onDirectoriesChanged(listener: (changes: WalkChanges) => void): () => void;
}

/** Options of `registry.watch()`. */
export interface WatchSkillsOptions {
  /** Quiet time after the last event before refreshing; default 300 ms (seed 000). */
  debounceMs?: number;
  /** Refresh at the latest this long after the first pending event, however busy; default 10 × debounceMs. */
  maxWaitMs?: number;
  /** Keep the process alive while watching; default true. */
  persistent?: boolean;
}

/** A running watch. */
export interface SkillWatcher {
  /** Closes every OS watcher and pending timer. Safe to call twice. */
  close(): void;
}

/** What the watcher needs besides the registry. */
export interface WatchSkillsContext extends WatchSkillsOptions {
  fs: RegistryFileSystem;
  reportProblem: (diagnostic: Diagnostic) => void;
}

const RELEVANT_FILES = new Set<string>([...SKILL_FILE_NAMES, ".gitignore"]);

/**
 * Watches every folder of `tree` and, for missing roots, their nearest existing parent. Events about
 * skill files, `.gitignore` and child folders are collected per folder; after `debounceMs` of quiet
 * the registry re-lists just those folders. Other files (scripts, editors' temp files) are ignored.
 */
export function watchSkills(
  registry: WatchedRegistry,
  tree: SkillTree,
  context: WatchSkillsContext,
): SkillWatcher {
  const debounceMs = context.debounceMs ?? 300;
  const maxWaitMs = context.maxWaitMs ?? debounceMs * 10;
  const persistent = context.persistent ?? true;
  const { fs } = context;
  const watchers = new Map<string, FSWatcher>();
  const rootWaiters = new Map<number, { directory: string; watcher: FSWatcher | undefined }>();
  const pending = new Map<string, "all" | Set<string>>();
  const pendingRoots = new Set<number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstPendingAt = 0;
  let closed = false;
  let limitReported = false;

  const open = (directory: string, onEvent: (name: string | undefined) => void): FSWatcher | undefined => {
    try {
      const watcher = watchPath(directory, { persistent }, (_event, filename) => {
        if (!closed) onEvent(filename === null ? undefined : String(filename));
      });
      watcher.on("error", () => {
        // The folder went away or the OS dropped the watch: look at it again (the walk sorts out which).
        watcher.close();
        if (watchers.get(directory) === watcher) watchers.delete(directory);
        if (!closed) onEvent(undefined);
      });
      return watcher;
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === "ENOENT" || code === "ENOTDIR") return undefined;
      if (code === "ENOSPC" || code === "EMFILE") {
        if (limitReported) return undefined;
        limitReported = true;
      }
      context.reportProblem({
        severity: "warning",
        code: "watch-failed",
        message: `Cannot watch this folder (${code ?? "error"}); changes inside it are picked up only by refresh(). On Linux, raise fs.inotify.max_user_watches.`,
        path: directory,
      });
      return undefined;
    }
  };

  const schedule = () => {
    const now = Date.now();
    if (timer === undefined) firstPendingAt = now;
    else clearTimeout(timer);
    const wait = Math.max(0, Math.min(debounceMs, firstPendingAt + maxWaitMs - now));
    timer = setTimeout(flush, wait);
  };

  const addPending = (directory: string, name: string | undefined) => {
    const current = pending.get(directory);
    if (name === undefined || current === "all") pending.set(directory, "all");
    else if (current === undefined) pending.set(directory, new Set([name]));
    else current.add(name);
    schedule();
  };

  const isRelevant = (directory: string, name: string): boolean => {
    if (RELEVANT_FILES.has(name)) return true;
    const node = tree.directories.get(directory);
    if (node === undefined) return false;
    if (node.children.includes(name) || node.links.includes(name) || node.directoryNames.includes(name))
      return true;
    if (tree.limits.skipped.has(name)) return false;
    const target = path.join(directory, name);
    try {
      const stats = fs.lstatSync(target);
      if (!stats.isDirectory() && !stats.isSymbolicLink()) return false;
      return node.layer === undefined || !isIgnoredDirectory(node.layer, target);
    } catch {
      // Nothing there: only interesting when the watched folder itself went away.
      return !exists(fs, directory);
    }
  };

  const watchDirectory = (directory: string) => {
    if (watchers.has(directory)) return;
    const watcher = open(directory, (name) => {
      if (!tree.directories.has(directory)) return;
      if (name === undefined || isRelevant(directory, name)) addPending(directory, name);
    });
    if (watcher !== undefined) watchers.set(directory, watcher);
  };

  const unwatchDirectory = (directory: string) => {
    watchers.get(directory)?.close();
    watchers.delete(directory);
  };

  const waitForRoot = (rootIndex: number) => {
    const root = tree.roots[rootIndex];
    if (root === undefined || closed) return;
    rootWaiters.get(rootIndex)?.watcher?.close();
    rootWaiters.delete(rootIndex);
    if (tree.directories.has(root.path)) return;
    const parent = nearestExistingParent(fs, root.path);
    if (parent === undefined) return;
    const next = path.relative(parent, root.path).split(path.sep)[0];
    const watcher = open(parent, (name) => {
      if (name === undefined || name === next) {
        pendingRoots.add(rootIndex);
        schedule();
      }
    });
    rootWaiters.set(rootIndex, { directory: parent, watcher });
    // It may have appeared between the walk and the watch.
    if (exists(fs, root.path) || nearestExistingParent(fs, root.path) !== parent) {
      pendingRoots.add(rootIndex);
      schedule();
    }
  };

  function flush() {
    timer = undefined;
    if (closed) return;
    const directories = new Map(pending);
    const roots = [...pendingRoots];
    pending.clear();
    pendingRoots.clear();
    try {
      for (const rootIndex of roots) registry.refreshRoot(rootIndex);
      if (directories.size > 0) registry.refreshDirectories(directories);
    } catch (error) {
      context.reportProblem({
        severity: "warning",
        code: "watch-refresh-failed",
        message: `A refresh after a file change failed: ${error instanceof Error ? error.message : String(error)}`,
        path: "",
      });
    }
    for (const rootIndex of roots) waitForRoot(rootIndex);
  }

  const stopListening = registry.onDirectoriesChanged((changes) => {
    if (closed) return;
    for (const directory of changes.removedDirectories) unwatchDirectory(directory);
    for (const directory of changes.addedDirectories) {
      if (tree.directories.has(directory)) watchDirectory(directory);
    }
    tree.roots.forEach((root, rootIndex) => {
      const waiting = rootWaiters.has(rootIndex);
      const present = tree.directories.has(root.path);
      if (present && waiting) waitForRoot(rootIndex);
      if (!present && !waiting) waitForRoot(rootIndex);
    });
  });

  for (const directory of tree.directories.keys()) watchDirectory(directory);
  for (let rootIndex = 0; rootIndex < tree.roots.length; rootIndex++) waitForRoot(rootIndex);

  return {
    close() {
      if (closed) return;
      closed = true;
      stopListening();
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
      for (const waiter of rootWaiters.values()) waiter.watcher?.close();
      rootWaiters.clear();
      pending.clear();
      pendingRoots.clear();
    },
  };
}

function nearestExistingParent(fs: RegistryFileSystem, target: string): string | undefined {
  let current = path.dirname(target);
  for (;;) {
    if (exists(fs, current)) return current;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

function exists(fs: RegistryFileSystem, target: string): boolean {
  try {
    return fs.statSync(target).isDirectory();
  } catch {
    // Missing or unreadable both count as "not there" for watching purposes.
    return false;
  }
}
