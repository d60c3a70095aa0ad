// Opens a workspace: config, roots, the SQLite store and its stores (lazily), per-skill states and the registry.

import { existsSync, mkdirSync } from "node:fs";
import * as path from "node:path";
import { DEFAULT_TOKEN_ENCODING, keepTokenCountsIn, saveTokenCounts } from "@skillbox/core/prompt/tokens";
import { nodeFileSystem } from "@skillbox/core/registry/discovery/registry-file-system";
import { listProjectFolders, resolveDefaultRoots } from "@skillbox/core/registry/discovery/skill-roots";
import { indexCacheFile, pruneIndexCaches } from "@skillbox/core/registry/index/index-cache-file";
import { createSkillRegistry } from "@skillbox/core/registry/skill-registry";
import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import type { SettingsStore } from "@skillbox/core/store/settings-store";
import { areScriptsAllowed, DEFAULT_ENABLED_BUILTIN_SKILL_NAMES } from "@skillbox/core/store/skill-settings";
import type { SkillState } from "@skillbox/core/store/skill-state";
import { defaultStorePath, MEMORY_STORE_PATH } from "@skillbox/store-sqlite/store/store-path";
import { createStateResolver } from "./create-state-resolver.js";
import { createLazySqliteStores } from "./lazy-sqlite-stores.js";
import { loadConfig } from "./load-config.js";
import { loadConfiguredSemanticRanker } from "./load-configured-semantic-ranker.js";
import { tokenCountFile } from "./token-count-file.js";
import type { OpenWorkspaceOptions, SkillStateChange, Workspace } from "./workspace.js";

/** The environment variable naming the SQLite file (overridden by `storePath`). */
export const STORE_PATH_VARIABLE = "SKILLBOX_DB";

/** The folder of persisted registry indexes: `<store folder>/cache` (`~/.skillbox/cache` by default). */
export function indexCacheFolder(storePath: string, home: string): string {
  const folder = storePath === MEMORY_STORE_PATH ? path.join(home, ".skillbox") : path.dirname(storePath);
  return path.join(folder, "cache");
}

/**
 * Wires a workspace together. Config files are read now (their problems become diagnostics); the
 * SQLite store is opened and migrated when first used (its failures throw SkillboxError; a
 * better-sqlite3 that cannot load falls back to memory when `onStoreUnavailable` is given); skill
 * folders are not read until the registry is first used. Call `close()` when done.
 */
export function openWorkspace(options: OpenWorkspaceOptions): Workspace {
  const cwd = path.resolve(options.cwd);
  const home = path.resolve(options.home);
  const loaded = loadConfig({ cwd, home });
  const config = loaded.config;
  const diagnostics: Diagnostic[] = [...loaded.diagnostics];
  const dirs = (options.dirs ?? []).filter((entry) => entry.trim() !== "");
  const roots = resolveDefaultRoots({
    cwd,
    home,
    bundledDirectory: options.bundledDirectory,
    env: options.env,
    // `roots` in the config replaces the defaults the way --dir does; --dir wins over both.
    directories: dirs.length > 0 ? dirs : (config.roots ?? []),
    config: { roots: config.extraRoots ?? [] },
  });
  const projectPath = listProjectFolders(cwd).at(-1) ?? cwd;

  const storePath = options.storePath ?? nonEmpty(options.env[STORE_PATH_VARIABLE]) ?? defaultStorePath(home);
  // Stores opened elsewhere (PostgreSQL, see openWorkspaceWithStore) replace the SQLite file's;
  // `store` is then an empty in-memory database nothing writes to.
  const external = options.stores;
  // Settings are read (and the bundled defaults applied) once, when the stores are first used.
  let settingsChecked = false;
  const checkSettings = (settings: SettingsStore) => {
    settingsChecked = true;
    const skillSettings = settings.readSkillSettings();
    diagnostics.push(...skillSettings.diagnostics);
    const bundledDirectory = options.bundledDirectory;
    const presentDefaults =
      bundledDirectory === undefined
        ? []
        : DEFAULT_ENABLED_BUILTIN_SKILL_NAMES.filter((name) => existsSync(path.join(bundledDirectory, name)));
    if (presentDefaults.length > 0 && skillSettings.diagnostics.length === 0) {
      settings.applyBuiltinDefaults(presentDefaults);
    }
  };
  // The SQLite file opens on first use: a command that reads no usage, state or setting (`list` on
  // an empty folder) never loads better-sqlite3. Stores opened elsewhere (PostgreSQL, see
  // openWorkspaceWithStore) replace the file's; `store` is then an in-memory database nothing opens.
  const sqlite = createLazySqliteStores({
    path: external === undefined ? storePath : MEMORY_STORE_PATH,
    ...(options.onStoreUnavailable === undefined ? {} : { onUnavailable: options.onStoreUnavailable }),
    ...(external === undefined ? { onOpened: (opened) => checkSettings(opened.settings) } : {}),
  });
  const store = sqlite.store;
  try {
    const settings = external?.settings ?? sqlite.settings;
    const usage = external?.usage ?? sqlite.usage;
    const audit = external?.audit ?? sqlite.audit;
    const cache = external?.cache ?? sqlite.cache;
    if (external !== undefined) checkSettings(external.settings);
    const states = createStateResolver({
      settings,
      projectPath,
      ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
      changeStamp: external?.changeStamp ?? (() => sqlite.changeStamp()),
    });

    const userSkillsDirectory = path.join(home, ".skillbox", "skills");
    try {
      mkdirSync(userSkillsDirectory, { recursive: true });
    } catch (error) {
      diagnostics.push({
        severity: "warning",
        code: "root-not-created",
        message: `Could not create your skills folder (${(error as NodeJS.ErrnoException).code ?? "error"}); create it by hand to add your own skills.`,
        path: userSkillsDirectory,
      });
    }

    const maxDepth = options.maxDepth ?? config.maxDepth;
    const maxDirectories = options.maxDirectories ?? config.maxDirectories;
    // One index file per set of roots and options: --dir runs start warm without touching the defaults' one.
    const cacheFile =
      (options.persistIndex ?? true)
        ? openIndexCacheFileFor(indexCacheFolder(storePath, home), {
            roots: roots.map((root) => ({ ...root, path: path.resolve(cwd, root.path) })),
            maxDepth,
            maxDirectories,
            trustedSymlinkTargets: config.trustedSymlinkTargets,
          })
        : undefined;
    // Token counts persist beside the index: a warm Layer 1 build then never loads the tokenizer.
    if (options.persistIndex ?? true) {
      keepTokenCountsIn(tokenCountFile(indexCacheFolder(storePath, home), DEFAULT_TOKEN_ENCODING));
    }
    const registry = createSkillRegistry({
      roots,
      usageStore: usage,
      cwd,
      ...(maxDepth === undefined ? {} : { maxDepth }),
      ...(maxDirectories === undefined ? {} : { maxDirectories }),
      ...(config.trustedSymlinkTargets === undefined
        ? {}
        : { trustedSymlinkTargets: config.trustedSymlinkTargets }),
      stateOf: (record) => states.stateOf(record.name, record.root.scope === "bundled"),
      ...(cacheFile === undefined ? {} : { cacheFile }),
      // Semantic retrieval only when configured; its warnings join the workspace's findings.
      ...(config.embeddings === undefined
        ? {}
        : {
            semantic: loadConfiguredSemanticRanker().createConfiguredSemanticRanker({
              config: config.embeddings,
              env: options.env,
              store: external?.embeddings ?? sqlite.embeddings,
              fetch: options.fetch ?? globalThis.fetch,
              warn: (diagnostic) => diagnostics.push(diagnostic),
            }),
          }),
    });
    const isBuiltin = (name: string) => registry.get(name)?.root.scope === "bundled";
    const listeners = new Set<(change: SkillStateChange) => void>();
    const notify = (change: SkillStateChange) => {
      for (const listener of [...listeners]) listener(change);
    };
    let closed = false;
    const stopRemoteChanges = external?.onStateChange((change) => {
      states.invalidate();
      notify(change);
    }, projectPath);

    return {
      cwd,
      home,
      config,
      roots,
      registry,
      store,
      settings,
      usage,
      audit,
      cache,
      userSkillsDirectory,
      // Settings problems are findings only where some skill could be affected: with no skill, the
      // file is not opened for them.
      get diagnostics() {
        if (!settingsChecked && registry.list().length > 0) sqlite.open();
        return diagnostics;
      },
      projectPath,
      storePath,
      stateOf: (name) => states.stateOf(name, isBuiltin(name)),
      setState(name: string, state: SkillState, scope = "user") {
        states.setState(name, state, scope);
        notify({ name, state, scope });
      },
      clearState(name, scope = "user") {
        states.clearState(name, scope);
        notify({ name, state: undefined, scope });
      },
      onStateChanged(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      scriptsAllowed: (name) => areScriptsAllowed(settings.readSkillSettings().settings, name),
      close() {
        if (closed) return;
        closed = true;
        listeners.clear();
        stopRemoteChanges?.();
        saveTokenCounts();
        try {
          registry.close();
        } finally {
          sqlite.close();
        }
      },
    };
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

/** The index file for these roots and options; a file about to be created first makes room. */
function openIndexCacheFileFor(folder: string, identity: Parameters<typeof indexCacheFile>[2]): string {
  const file = indexCacheFile(nodeFileSystem, folder, identity);
  if (!nodeFileSystem.existsSync(file)) pruneIndexCaches(nodeFileSystem, folder);
  return file;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}
