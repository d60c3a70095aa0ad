// Discovery: walks the roots for folders holding SKILL.md, bounded, loop-safe, gitignore-aware, incremental.
// Links are followed only where link-policy allows: a skill file inside its folder, a linked folder
// anywhere from the user's own root but only inside its project (or a root, or a trusted target)
// from a project root, never into /proc, /sys or /dev.
// Inside a folder holding a skill file, the spec's resource folders (`scripts`, `references`,
// `assets`) are not entered: a skill nested under them is not discovered; one under any other
// subfolder (`<skill>/sub/...`) is.

import type { Stats } from "node:fs";
import * as path from "node:path";
import type { Diagnostic } from "../../skills/diagnostic.js";
import { createGitignoreLayer, type GitignoreLayer, isIgnoredDirectory } from "./gitignore-layers.js";
import { checkFolderLink, checkProjectRoot, checkSkillFileLink, checkSystemFolder } from "./link-policy.js";
import { compareNames } from "./list-directory.js";
import {
  errorCodeOf,
  isSameStamp,
  matchesStats,
  type RegistryFileSystem,
  toStamp,
} from "./registry-file-system.js";
import { SKILL_FOLDER_PARENTS, SKILLS_FOLDER_NAME } from "./skill-roots.js";
import {
  addNode,
  addWalkDiagnostic,
  type DirectoryNode,
  NO_DIAGNOSTICS,
  NO_NAMES,
  noteFindings,
  removeSubtree,
  type SkillTree,
  type WalkChanges,
} from "./skill-tree.js";
import {
  duplicateDiagnostic,
  gitignorePath,
  listFolder,
  resolveLink,
  rootDiagnostic,
  statOrUndefined,
  unreadable,
} from "./walk-reads.js";

/** What a walk works on. */
export interface WalkContext {
  fs: RegistryFileSystem;
  tree: SkillTree;
  changes: WalkChanges;
}

interface VisitTarget {
  rootIndex: number;
  depth: number;
  realPath: string;
  /** The folder's order key (see toOrderKey), built from its parent's. */
  orderKey: string;
  parentLayer: GitignoreLayer | undefined;
  stats: Stats;
}

/** Which children of a re-listed folder are walked again (new ones always are). */
type Descend = "all" | ReadonlySet<string>;

/**
 * Walks every root. With `reuse`, a folder whose stamp is unchanged keeps its last listing, so an
 * unchanged tree costs one `stat` per folder; without it every folder is listed again.
 */
export function walkRoots(context: WalkContext, reuse: boolean): void {
  for (let index = 0; index < context.tree.roots.length; index++) walkRoot(context, index, reuse);
}

/** Walks one root from the top (see walkRoots). */
export function walkRoot(
  context: WalkContext,
  rootIndex: number,
  reuse: boolean,
  descend: Descend = "all",
): void {
  const { fs, tree, changes } = context;
  const root = tree.roots[rootIndex];
  if (root === undefined) return;
  const diagnostics: Diagnostic[] = [];
  tree.rootDiagnostics[rootIndex] = diagnostics;
  // Roots, trusted targets and repositories may have appeared or moved since the last walk.
  tree.trustedRealPaths = undefined;
  tree.rootProjects = undefined;
  const drop = () => removeSubtree(tree, root.path, changes);
  let stats: Stats;
  let realPath: string;
  try {
    stats = fs.statSync(root.path);
    realPath = fs.realpathSync(root.path);
  } catch (error) {
    const code = errorCodeOf(error);
    // A missing default root is normal (most projects have no .claude/skills); a missing --dir is not.
    if (code !== "ENOENT" || root.scope === "custom") {
      diagnostics.push(
        rootDiagnostic(root.path, code === "ENOENT" ? "root-missing" : "root-unreadable", code),
      );
    }
    drop();
    return;
  }
  if (!stats.isDirectory()) {
    diagnostics.push(rootDiagnostic(root.path, "root-not-a-directory", undefined));
    drop();
    return;
  }
  const refused =
    checkSystemFolder(fs, root.path, realPath, stats, undefined) ??
    checkProjectRoot(fs, tree, rootIndex, realPath);
  if (refused !== undefined) {
    diagnostics.push(refused);
    drop();
    return;
  }
  const owner = tree.owners.get(realPath);
  if (owner !== undefined && owner !== root.path) {
    diagnostics.push({
      severity: "info",
      code: "root-duplicate",
      message: `This root is the same folder as ${owner}; its skills are listed once, from there.`,
      path: root.path,
    });
    drop();
    return;
  }
  const target = { rootIndex, depth: 0, realPath, orderKey: "", parentLayer: undefined, stats };
  visit(context, root.path, target, reuse, descend);
}

/**
 * Lists one known folder again and walks only its new children and the `touched` ones (the names
 * a watcher reported); the rest keep their nodes. Returns false when the folder is not in the tree.
 */
export function rescanDirectory(context: WalkContext, directory: string, touched: Descend): boolean {
  const { fs, tree, changes } = context;
  const node = tree.directories.get(directory);
  if (node === undefined) return false;
  if (node.depth === 0) {
    node.stamp = undefined;
    walkRoot(context, node.rootIndex, true, touched);
    return true;
  }
  let stats: Stats;
  try {
    stats = fs.statSync(directory);
  } catch {
    // Gone (or unreadable now): its parent's listing decides what remains.
    removeSubtree(tree, directory, changes);
    return true;
  }
  const parent = tree.directories.get(path.dirname(directory));
  tree.trustedRealPaths = undefined;
  tree.rootProjects = undefined;
  const target = {
    rootIndex: node.rootIndex,
    depth: node.depth,
    realPath: node.realPath,
    orderKey: node.orderKey,
    stats,
  };
  // Forget this folder's stamp so it is listed again; its children keep theirs.
  node.stamp = undefined;
  visit(context, directory, { ...target, parentLayer: parent?.layer }, true, touched);
  return true;
}

function visit(
  context: WalkContext,
  directory: string,
  target: VisitTarget,
  reuse: boolean,
  descend: Descend,
) {
  const { fs, tree, changes } = context;
  let node = tree.directories.get(directory);
  if (node !== undefined && (node.rootIndex !== target.rootIndex || node.realPath !== target.realPath)) {
    removeSubtree(tree, directory, changes);
    node = undefined;
  }
  const keepListing =
    reuse &&
    node !== undefined &&
    matchesStats(node.stamp, target.stats) &&
    (node.gitignore === undefined ||
      isSameStamp(node.gitignore.stamp, statOrUndefined(fs, gitignorePath(directory))));
  let plain: string[];
  const previousChildren = node?.children ?? [];
  const previousSkillFile = node?.skillFileName;
  if (node !== undefined && keepListing) {
    plain = node.directoryNames;
  } else {
    // Stamped before listing: a change during the listing shows up as a changed stamp next time.
    const stamp = toStamp(target.stats);
    // Inside `.agents`, `.claude` or `.skillbox` (entered though dot folders are skipped) only the
    // `skills` folder is walked, as in the default roots; a root named there is walked whole.
    const only =
      target.depth > 0 && SKILL_FOLDER_PARENTS.has(path.basename(directory)) ? SKILLS_FOLDER_NAME : undefined;
    const listing = listFolder(fs, tree, directory, only);
    changes.listed++;
    plain = listing.directories;
    const fresh: DirectoryNode = node ?? {
      path: directory,
      realPath: target.realPath,
      rootIndex: target.rootIndex,
      depth: target.depth,
      orderKey: target.orderKey,
      stamp,
      directoryNames: NO_NAMES,
      children: NO_NAMES,
      links: NO_NAMES,
      skillFileName: undefined,
      skillFileLink: undefined,
      gitignore: undefined,
      layer: undefined,
      diagnostics: NO_DIAGNOSTICS,
      walkDiagnostics: NO_DIAGNOSTICS,
      limited: undefined,
    };
    if (node === undefined) addNode(tree, fresh, changes);
    node = fresh;
    const previousGitignore = node.gitignore?.text;
    node.stamp = stamp;
    node.directoryNames = plain;
    node.links = listing.links;
    node.skillFileName = listing.skillFileName;
    node.skillFileLink = listing.skillFileLinked ? listing.skillFileName : undefined;
    node.diagnostics = listing.diagnostics;
    node.gitignore = listing.gitignore;
    // A changed .gitignore changes what every folder below may hold: walk them all again.
    if (previousGitignore !== listing.gitignore?.text) descend = "all";
  }
  const current = node;
  current.layer =
    current.gitignore !== undefined && tree.limits.respectGitignore
      ? createGitignoreLayer(directory, current.gitignore.text, target.parentLayer)
      : target.parentLayer;
  current.limited = undefined;
  current.walkDiagnostics = NO_DIAGNOSTICS;
  if (current.skillFileLink !== undefined) {
    const file = path.join(directory, current.skillFileLink);
    const refused = checkSkillFileLink(fs, file, current.realPath);
    current.skillFileName = refused === undefined ? current.skillFileLink : undefined;
    if (refused !== undefined) addWalkDiagnostic(current, refused);
  }
  let linkTargets: Map<string, { stats: Stats; realPath: string }> | undefined;
  for (const name of current.links) {
    const resolved = resolveLink(fs, current, name);
    if (resolved === undefined) continue;
    const refused = checkFolderLink(fs, tree, current, path.join(directory, name), resolved.realPath);
    if (refused !== undefined) {
      addWalkDiagnostic(current, refused);
      continue;
    }
    linkTargets ??= new Map();
    linkTargets.set(name, resolved);
  }
  // Listings are stored sorted; only links found to be folders need merging in.
  const candidates = linkTargets === undefined ? plain : [...plain, ...linkTargets.keys()].sort(compareNames);
  const children: string[] = [];
  const prefix = directory.endsWith(path.sep) ? directory : directory + path.sep;
  // Below a folder whose real path is its path (no link on the way), a child's real path is its path too.
  const samePaths = current.realPath === directory;
  const realPrefix = current.realPath.endsWith(path.sep) ? current.realPath : current.realPath + path.sep;
  const keyPrefix = target.orderKey === "" ? "" : `${target.orderKey}\u0000`;
  const childDepth = target.depth + 1;
  for (const name of candidates) {
    const childPath = prefix + name;
    if (current.layer !== undefined && isIgnoredDirectory(current.layer, childPath)) continue;
    const existing = tree.directories.get(childPath);
    if (childDepth > tree.limits.maxDepth) {
      current.limited = "depth";
      continue;
    }
    if (existing === undefined && (tree.counts[target.rootIndex] ?? 0) >= tree.limits.maxDirectories) {
      current.limited = "count";
      continue;
    }
    const link = linkTargets?.get(name);
    const realPath = link?.realPath ?? (samePaths ? childPath : realPrefix + name);
    const owner = tree.owners.get(realPath);
    if (owner !== undefined && owner !== childPath) {
      addWalkDiagnostic(current, duplicateDiagnostic(childPath, owner, current.realPath, realPath));
      continue;
    }
    children.push(name);
    if (existing !== undefined && descend !== "all" && !descend.has(name)) continue;
    let stats = link?.stats;
    if (stats === undefined) {
      try {
        stats = fs.statSync(childPath);
      } catch (error) {
        addWalkDiagnostic(current, unreadable(childPath, error));
        children.pop();
        continue;
      }
    }
    const system = checkSystemFolder(fs, childPath, realPath, stats, target.stats.dev);
    if (system !== undefined) {
      addWalkDiagnostic(current, system);
      children.pop();
      continue;
    }
    const childTarget = {
      rootIndex: target.rootIndex,
      depth: childDepth,
      realPath,
      orderKey: keyPrefix + name,
      stats,
      parentLayer: current.layer,
    };
    visit(context, childPath, childTarget, reuse, "all");
  }
  if (!sameNames(previousChildren, children)) {
    const kept = new Set(children);
    for (const name of previousChildren) if (!kept.has(name)) removeSubtree(tree, prefix + name, changes);
  }
  current.children = children.length === 0 ? NO_NAMES : children;
  noteFindings(tree, current);
  if (previousSkillFile !== undefined && previousSkillFile !== current.skillFileName) {
    changes.removedSkillFiles.push(prefix + previousSkillFile);
  }
  if (current.skillFileName !== undefined) changes.skillDirectories.push(directory);
}

function sameNames(left: readonly string[], right: readonly string[]): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}
