// One-shot discovery over one folder with the registry's own walk (same bounds, links, skips), without
// parsing: `validate` finds skills exactly where `list` does.

import * as path from "node:path";
import type { Diagnostic } from "../../skills/diagnostic.js";
import type { SkillFileLocation } from "../files/find-skill-file.js";
import { walkRoot } from "./discover-skills.js";
import { compareNames, DEFAULT_SKIPPED_DIRECTORIES } from "./list-directory.js";
import { nodeFileSystem, type RegistryFileSystem } from "./registry-file-system.js";
import type { SkillRoot } from "./skill-roots.js";
import {
  createSkillTree,
  createWalkChanges,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_DIRECTORIES,
  summarizeLimits,
} from "./skill-tree.js";

/** Bounds and trust for a scan; the defaults are the registry's. */
export interface ScanSkillFoldersOptions {
  /** Folder levels below `directory` that are scanned; default 8. */
  maxDepth?: number;
  /** Folders scanned at most; default 100,000. */
  maxDirectories?: number;
  /** The workspace's skill roots: linked folders may lead into them, as they may for the registry. */
  roots?: readonly SkillRoot[];
  /** Further folders linked folders may lead into (config `trustedSymlinkTargets`). */
  trustedSymlinkTargets?: readonly string[];
  /** Folder names never entered; default `.git` and `node_modules`. */
  skipDirectories?: readonly string[];
  /** Skip folders that `.gitignore` files exclude; default true. */
  respectGitignore?: boolean;
  fs?: RegistryFileSystem;
}

/** The skill files found (sorted by path) and the walk's findings (refused links, skips, bounds). */
export interface ScannedSkillFolders {
  files: SkillFileLocation[];
  diagnostics: Diagnostic[];
}

/** Walks `directory` (itself possibly a skill) the way the registry walks a root. Never throws. */
export function scanSkillFolders(
  directory: string,
  options: ScanSkillFoldersOptions = {},
): ScannedSkillFolders {
  const resolved = path.resolve(directory);
  // A workspace root scanned by name keeps its scope, so its links are judged as `list` judges them.
  const scope = options.roots?.find((known) => path.resolve(known.path) === resolved)?.scope ?? "custom";
  const root: SkillRoot = { label: "scan", path: resolved, scope };
  // Only the first root is walked; the others are there so links into them are followed.
  const tree = createSkillTree([root, ...(options.roots ?? [])], {
    maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
    maxDirectories: options.maxDirectories ?? DEFAULT_MAX_DIRECTORIES,
    skipped: new Set(options.skipDirectories ?? DEFAULT_SKIPPED_DIRECTORIES),
    respectGitignore: options.respectGitignore ?? true,
    trustedSymlinkTargets: (options.trustedSymlinkTargets ?? []).map((target) => path.resolve(target)),
  });
  walkRoot({ fs: options.fs ?? nodeFileSystem, tree, changes: createWalkChanges() }, 0, false);
  const nodes = [...tree.directories.values()].sort((left, right) =>
    compareNames(left.orderKey, right.orderKey),
  );
  const files: SkillFileLocation[] = [];
  const diagnostics: Diagnostic[] = [...(tree.rootDiagnostics[0] ?? []), ...summarizeLimits(tree, nodes)];
  for (const node of nodes) {
    diagnostics.push(...node.diagnostics, ...node.walkDiagnostics);
    const fileName = node.skillFileName;
    if (fileName !== "SKILL.md" && fileName !== "skill.md") continue;
    const file = path.join(node.path, fileName);
    files.push({ directory: node.path, path: file, fileName, lowercase: fileName === "skill.md" });
  }
  files.sort((left, right) => compareNames(left.path, right.path));
  return { files, diagnostics };
}
