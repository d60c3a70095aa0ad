// The walked directory tree of every root: what each folder held when it was last listed.

import * as path from "node:path";
import type { Diagnostic } from "../../skills/diagnostic.js";
import type { GitignoreLayer } from "./gitignore-layers.js";
import type { FileStamp } from "./registry-file-system.js";
import type { SkillRoot } from "./skill-roots.js";

/** One folder inside a root, as last listed. */
export interface DirectoryNode {
  path: string;
  /** Path with links resolved; two nodes never share one. */
  realPath: string;
  rootIndex: number;
  /** 0 for the root itself. */
  depth: number;
  /** Sorts like a depth-first walk over sorted names: the relative path with NUL separators. */
  orderKey: string;
  /** Stamp of the folder itself (mtime and inode change when entries are added, removed or renamed). */
  stamp: FileStamp | undefined;
  /** Names of the real child folders as listed, sorted, before `.gitignore` and bounds. */
  directoryNames: string[];
  /** Names of the child folders entered, sorted (links to folders included). */
  children: string[];
  /** Names of all links in the folder, re-checked on every walk (their targets can come and go). */
  links: string[];
  /** The skill file that is read: undefined when there is none, or when a link to it was refused. */
  skillFileName: string | undefined;
  /** The skill file's name when it is a link, re-checked on every walk (its target can change). */
  skillFileLink: string | undefined;
  /** Stamp and text of the folder's own `.gitignore`. */
  gitignore: { stamp: FileStamp; text: string } | undefined;
  /** The `.gitignore` chain that applies to this folder's children (rebuilt, never persisted). */
  layer: GitignoreLayer | undefined;
  /** Findings from listing this folder (kept while the listing is). */
  diagnostics: Diagnostic[];
  /** Findings about its children from the last walk through it (links, duplicates, vanished files). */
  walkDiagnostics: Diagnostic[];
  /** Child folders exist that a bound kept out (depth or count). */
  limited: "depth" | "count" | undefined;
}

// Shared by every node with nothing in a list (most skill folders): one array instead of one per
// node. Frozen: lists are replaced, never edited in place (addWalkDiagnostic copies first).
export const NO_NAMES: string[] = Object.freeze([]) as unknown as string[];
export const NO_DIAGNOSTICS: Diagnostic[] = Object.freeze([]) as unknown as Diagnostic[];

/** Adds a finding about `node`'s children from the walk in progress. */
export function addWalkDiagnostic(node: DirectoryNode, diagnostic: Diagnostic): void {
  if (node.walkDiagnostics === NO_DIAGNOSTICS) node.walkDiagnostics = [diagnostic];
  else node.walkDiagnostics.push(diagnostic);
}

/** Folder levels below a root that are scanned by default. */
export const DEFAULT_MAX_DEPTH = 8;
/** Folders scanned per root by default. */
export const DEFAULT_MAX_DIRECTORIES = 100_000;

/** Bounds and skip rules for a walk. */
export interface WalkLimits {
  maxDepth: number;
  maxDirectories: number;
  skipped: ReadonlySet<string>;
  respectGitignore: boolean;
  /** Absolute folders that linked folders may lead into besides the roots (config `trustedSymlinkTargets`). */
  trustedSymlinkTargets: readonly string[];
}

/** Every root's walked folders, keyed by path, plus the bookkeeping that keeps them loop-free. */
export interface SkillTree {
  roots: readonly SkillRoot[];
  limits: WalkLimits;
  directories: Map<string, DirectoryNode>;
  /** Real path -> the node path that owns it; a second way into the same folder is skipped. */
  owners: Map<string, string>;
  /** Number of nodes per root, for the count bound. */
  counts: number[];
  /** Findings about a root as a whole (unreadable, a duplicate of another root). */
  rootDiagnostics: Diagnostic[][];
  /** Nodes with findings or a bound hit, so loose findings are summed without a full-tree pass. */
  flagged: Set<DirectoryNode>;
  /** Real paths linked folders may lead into; computed when a walk first meets a link, reset per walk. */
  trustedRealPaths: readonly string[] | undefined;
  /**
   * Per root, the project (git work tree) holding it, or null for a root that is the user's own;
   * computed with trustedRealPaths (see rootProjects in link-policy.ts), reset per walk.
   */
  rootProjects: ReadonlyArray<RootProject | null> | undefined;
}

/** The git work tree a project root lies in: its top folder as named and as a real path. */
export interface RootProject {
  path: string;
  realPath: string;
}

/** What one walk changed: the input of file checks and of watcher bookkeeping. */
export interface WalkChanges {
  /** Folders holding a skill file that should be checked against the index. */
  skillDirectories: string[];
  /** Skill files that are gone (their folder went, or the file did). */
  removedSkillFiles: string[];
  addedDirectories: string[];
  removedDirectories: string[];
  /** Folders listed with readdir in this walk. */
  listed: number;
}

/** An empty tree for `roots`. */
export function createSkillTree(roots: readonly SkillRoot[], limits: WalkLimits): SkillTree {
  return {
    roots,
    limits,
    directories: new Map(),
    owners: new Map(),
    counts: roots.map(() => 0),
    rootDiagnostics: roots.map(() => []),
    flagged: new Set(),
    trustedRealPaths: undefined,
    rootProjects: undefined,
  };
}

/** An empty change set. */
export function createWalkChanges(): WalkChanges {
  return {
    skillDirectories: [],
    removedSkillFiles: [],
    addedDirectories: [],
    removedDirectories: [],
    listed: 0,
  };
}

/** Adds a node to the tree. */
export function addNode(tree: SkillTree, node: DirectoryNode, changes: WalkChanges): void {
  tree.directories.set(node.path, node);
  tree.owners.set(node.realPath, node.path);
  tree.counts[node.rootIndex] = (tree.counts[node.rootIndex] ?? 0) + 1;
  changes.addedDirectories.push(node.path);
}

/** Removes a node and everything below it, recording the skill files that went with them. */
export function removeSubtree(tree: SkillTree, nodePath: string, changes: WalkChanges): void {
  const node = tree.directories.get(nodePath);
  if (node === undefined) return;
  for (const child of node.children) removeSubtree(tree, path.join(nodePath, child), changes);
  tree.directories.delete(nodePath);
  tree.flagged.delete(node);
  if (tree.owners.get(node.realPath) === nodePath) tree.owners.delete(node.realPath);
  tree.counts[node.rootIndex] = (tree.counts[node.rootIndex] ?? 1) - 1;
  if (node.skillFileName !== undefined)
    changes.removedSkillFiles.push(path.join(nodePath, node.skillFileName));
  changes.removedDirectories.push(nodePath);
}

/** Keeps `tree.flagged` in step with a node whose findings or bound flag were just set. */
export function noteFindings(tree: SkillTree, node: DirectoryNode): void {
  if (node.diagnostics.length > 0 || node.walkDiagnostics.length > 0 || node.limited !== undefined)
    tree.flagged.add(node);
  else tree.flagged.delete(node);
}

/** The order key of a folder `relative` to its root: sorts parents before children, siblings by name. */
export function toOrderKey(relative: string): string {
  return relative.includes(path.sep) ? relative.replaceAll(path.sep, "\u0000") : relative;
}

/** One finding per root for each bound that was hit, naming the first folder where it happened. */
export function summarizeLimits(
  tree: SkillTree,
  nodes: Iterable<DirectoryNode> = tree.directories.values(),
): Diagnostic[] {
  const firstHit = new Map<string, DirectoryNode>();
  const counts = new Map<string, number>();
  for (const node of nodes) {
    if (node.limited === undefined) continue;
    const key = `${node.rootIndex}:${node.limited}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const first = firstHit.get(key);
    if (first === undefined || node.orderKey < first.orderKey) firstHit.set(key, node);
  }
  const diagnostics: Diagnostic[] = [];
  for (const [key, node] of firstHit) {
    const root = tree.roots[node.rootIndex];
    const count = counts.get(key) ?? 1;
    const where = count === 1 ? "" : ` and ${count - 1} other folder${count === 2 ? "" : "s"}`;
    diagnostics.push(
      node.limited === "depth"
        ? {
            severity: "warning",
            code: "depth-limit",
            message: `Folders deeper than ${tree.limits.maxDepth} levels under ${root?.path} were not scanned (below this folder${where}); move the skills up, or raise maxDepth in the config or --max-depth on the command line.`,
            path: node.path,
          }
        : {
            severity: "warning",
            code: "directory-limit",
            message: `Scanning stopped after ${tree.limits.maxDirectories} folders under ${root?.path}; some skills were not loaded. Skip large folders with .gitignore, or raise maxDirectories in the config or --max-directories on the command line.`,
            path: node.path,
          },
    );
  }
  return diagnostics;
}
