// The in-memory index behind the registry: walked tree, parsed files, and records keyed for O(1) lookup.

import * as path from "node:path";
import type { Diagnostic } from "../../skills/diagnostic.js";
import { type WalkContext, walkRoots } from "../discovery/discover-skills.js";
import { compareNames } from "../discovery/list-directory.js";
import type { LoadSkillEntryOptions, SkillFileEntry } from "../discovery/load-skill-entry.js";
import { hasSameValues, matchesStats, type RegistryFileSystem } from "../discovery/registry-file-system.js";
import type { SkillRoot } from "../discovery/skill-roots.js";
import {
  addWalkDiagnostic,
  createSkillTree,
  createWalkChanges,
  type DirectoryNode,
  NO_NAMES,
  noteFindings,
  type SkillTree,
  summarizeLimits,
  type WalkChanges,
  type WalkLimits,
} from "../discovery/skill-tree.js";
import { loadSkillFileParsing } from "./load-skill-file-parsing.js";
import type { RegistryCacheContent } from "./registry-cache.js";
import { type ResolvedSkill, resolveNameGroup } from "./resolve-precedence.js";
import type { SkillRecord } from "./skill-record.js";

/** How records changed in one update. */
export interface RecordDiff {
  added: SkillRecord[];
  changed: Array<{ record: SkillRecord; previous: SkillRecord }>;
  removed: SkillRecord[];
  parsed: number;
}

/** The index's state and the operations the registry composes. */
export interface SkillIndex {
  readonly tree: SkillTree;
  readonly files: Map<string, SkillFileEntry>;
  /** Every record by qualified name. */
  readonly byQualifiedName: Map<string, ResolvedSkill>;
  /** The winning record per plain name. */
  readonly byName: Map<string, ResolvedSkill>;
  readonly activated: Set<string>;
  /** Runs a walk step and folds its changes into files and records. */
  update(step: (context: WalkContext) => void, force?: boolean): { diff: RecordDiff; changes: WalkChanges };
  /** Re-resolves the records of `names` (after activation, or an entry replaced from outside). */
  resolve(names: Iterable<string>): RecordDiff;
  /** Puts a re-read entry in place of the old one and re-resolves its names. */
  replaceEntry(entry: SkillFileEntry | undefined, file: string): RecordDiff;
  /** Loads a persisted index (nothing is trusted until the next walk re-stats it). */
  hydrate(data: RegistryCacheContent): void;
  /** The state to persist. */
  snapshot(): { directories: Iterable<DirectoryNode>; files: Iterable<SkillFileEntry> };
  /** Findings that belong to no record: walk problems and skipped files. */
  looseDiagnostics(): Diagnostic[];
  /** The loose findings in no set order, costing O(findings) rather than O(tree). */
  looseDiagnosticsUnordered(): Diagnostic[];
}

/** Everything the index needs. */
export interface SkillIndexOptions extends LoadSkillEntryOptions {
  roots: readonly SkillRoot[];
  limits: WalkLimits;
  clock: () => number;
}

/** Creates an empty index. */
export function createSkillIndex(options: SkillIndexOptions): SkillIndex {
  const fs: RegistryFileSystem = options.fs;
  const tree = createSkillTree(options.roots, options.limits);
  const files = new Map<string, SkillFileEntry>();
  // Name -> the entries carrying it (nearly always one; an array is far cheaper than a Set).
  const namesToEntries = new Map<string, SkillFileEntry[]>();
  const byQualifiedName = new Map<string, ResolvedSkill>();
  const byName = new Map<string, ResolvedSkill>();
  const groups = new Map<string, ResolvedSkill[]>();
  const activated = new Set<string>();
  // Entries that load no record: their findings are loose ones.
  const unloadable = new Set<SkillFileEntry>();

  const setEntry = (file: string, entry: SkillFileEntry | undefined, touched: Set<string>) => {
    const old = files.get(file);
    if (old !== undefined) {
      touched.add(old.metadata.name);
      const list = namesToEntries.get(old.metadata.name);
      const at = list === undefined ? -1 : list.indexOf(old);
      if (list !== undefined && at !== -1) list.splice(at, 1);
      files.delete(file);
      unloadable.delete(old);
    }
    if (entry === undefined) return;
    files.set(file, entry);
    if (!entry.loadable) {
      unloadable.add(entry);
      return;
    }
    touched.add(entry.metadata.name);
    const list = namesToEntries.get(entry.metadata.name);
    if (list === undefined) namesToEntries.set(entry.metadata.name, [entry]);
    else list.push(entry);
  };

  const isActivated = (file: string) => activated.has(file);
  const resolve = (names: Iterable<string>): RecordDiff => {
    const diff: RecordDiff = { added: [], changed: [], removed: [], parsed: 0 };
    for (const name of names) {
      // Groups are tiny (one skill per name, almost always): arrays and linear search beat maps.
      const before = groups.get(name) ?? [];
      const entries = namesToEntries.get(name) ?? [];
      const findOld = (qualified: string) => before.find((item) => item.record.qualifiedName === qualified);
      const after = resolveNameGroup(name, entries, tree.roots, isActivated, findOld);
      for (const item of after) {
        const old = findOld(item.record.qualifiedName);
        if (old === undefined) diff.added.push(item.record);
        else if (old.record !== item.record) diff.changed.push({ record: item.record, previous: old.record });
        byQualifiedName.set(item.record.qualifiedName, item);
      }
      for (const gone of before) {
        if (after.some((item) => item.record.qualifiedName === gone.record.qualifiedName)) continue;
        diff.removed.push(gone.record);
        byQualifiedName.delete(gone.record.qualifiedName);
      }
      const winner = after[0];
      if (winner === undefined) {
        groups.delete(name);
        byName.delete(name);
        namesToEntries.delete(name);
      } else {
        groups.set(name, after);
        byName.set(name, winner);
      }
    }
    return diff;
  };

  const checkSkillDirectories = (changes: WalkChanges, touched: Set<string>, force: boolean): number => {
    let parsed = 0;
    for (const directory of changes.skillDirectories) {
      const node = tree.directories.get(directory);
      if (node?.skillFileName === undefined) continue;
      const file = directory + path.sep + node.skillFileName;
      const old = files.get(file);
      if (!force && old !== undefined && old.rootIndex === node.rootIndex && old.orderKey === node.orderKey) {
        let unchanged = false;
        try {
          unchanged = matchesStats(old.stamp, fs.statSync(file));
        } catch {
          // Gone or unreadable since the listing: read it below, which reports which.
        }
        if (unchanged) continue;
      }
      const place = {
        file,
        directory,
        rootIndex: node.rootIndex,
        orderKey: node.orderKey,
        firstSeenAt: old?.firstSeenAt ?? options.clock(),
      };
      const parsing = loadSkillFileParsing();
      const entry = parsing.loadSkillEntry(place, options);
      parsed++;
      if (
        old !== undefined &&
        entry !== undefined &&
        hasSameValues(old.stamp, entry.stamp) &&
        parsing.hasSameContent(old, entry)
      ) {
        // A racy stamp re-checked: same content, so the same entry (and record) stays. Its body
        // may differ: the search terms are read again when next needed.
        old.stamp = entry.stamp;
        old.headingTerms = undefined;
        old.bodyTerms = undefined;
        continue;
      }
      if (entry === undefined) {
        addWalkDiagnostic(node, {
          severity: "info",
          code: "skill-file-vanished",
          message:
            "The skill file disappeared while the folder was being read; it is picked up again if it comes back.",
          path: file,
        });
        noteFindings(tree, node);
      }
      setEntry(file, entry, touched);
    }
    return parsed;
  };

  return {
    tree,
    files,
    byQualifiedName,
    byName,
    activated,
    update(step, force = false) {
      const changes = createWalkChanges();
      step({ fs, tree, changes });
      const touched = new Set<string>();
      for (const file of changes.removedSkillFiles) {
        setEntry(file, undefined, touched);
        activated.delete(file);
      }
      const parsed = checkSkillDirectories(changes, touched, force);
      const diff = resolve(touched);
      diff.parsed = parsed;
      return { diff, changes };
    },
    resolve,
    replaceEntry(entry, file) {
      const touched = new Set<string>();
      setEntry(file, entry, touched);
      if (entry === undefined) activated.delete(file);
      return resolve(touched);
    },
    hydrate(data) {
      for (const node of data.directories) {
        tree.directories.set(node.path, node);
        tree.owners.set(node.realPath, node.path);
        tree.counts[node.rootIndex] = (tree.counts[node.rootIndex] ?? 0) + 1;
        noteFindings(tree, node);
      }
      // Children are not stored: every node but a root is its parent's child.
      for (const node of data.directories) {
        if (node.depth === 0) continue;
        const slash = node.path.lastIndexOf(path.sep);
        const parent = tree.directories.get(node.path.slice(0, slash));
        if (parent === undefined) continue;
        const name = node.path.slice(slash + 1);
        if (parent.children === NO_NAMES) parent.children = [name];
        else parent.children.push(name);
      }
      for (const node of data.directories) if (node.children.length > 1) node.children.sort(compareNames);
      const touched = new Set<string>();
      for (const entry of data.files) setEntry(entry.file, entry, touched);
      resolve(touched);
    },
    snapshot() {
      return { directories: tree.directories.values(), files: files.values() };
    },
    looseDiagnostics() {
      const diagnostics: Diagnostic[] = [...tree.rootDiagnostics.flat(), ...summarizeLimits(tree)];
      for (const node of tree.directories.values()) {
        if (node.diagnostics.length > 0) diagnostics.push(...node.diagnostics);
        if (node.walkDiagnostics.length > 0) diagnostics.push(...node.walkDiagnostics);
      }
      for (const entry of files.values()) if (!entry.loadable) diagnostics.push(...entry.diagnostics);
      return diagnostics;
    },
    looseDiagnosticsUnordered() {
      const diagnostics: Diagnostic[] = [
        ...tree.rootDiagnostics.flat(),
        ...summarizeLimits(tree, tree.flagged),
      ];
      for (const node of tree.flagged) diagnostics.push(...node.diagnostics, ...node.walkDiagnostics);
      for (const entry of unloadable) diagnostics.push(...entry.diagnostics);
      return diagnostics;
    },
  };
}

/** A full walk of every root (see walkRoots). */
export function walkAll(reuse: boolean): (context: WalkContext) => void {
  return (context) => walkRoots(context, reuse);
}
