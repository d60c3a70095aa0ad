// Which links and folders discovery may enter: a skill file stays inside its folder, a linked folder
// lands inside a skill root or a trusted target, and system folders (/proc, /sys, /dev) are never read.

import type { Stats } from "node:fs";
import * as path from "node:path";
import type { Diagnostic } from "../../skills/diagnostic.js";
import { errorCodeOf, type RegistryFileSystem } from "./registry-file-system.js";
import type { SkillRoot } from "./skill-roots.js";
import type { SkillTree } from "./skill-tree.js";

const SYSTEM_FOLDERS: readonly string[] = ["/proc", "/sys", "/dev"];

// statfs magic numbers of kernel pseudo file systems (procfs, sysfs and their kin), wherever mounted.
const PSEUDO_FILE_SYSTEMS: ReadonlySet<number> = new Set([
  0x9fa0, // proc
  0x62656572, // sysfs
  0x1cd1, // devpts
  0x64626720, // debugfs
  0x74726163, // tracefs
  0x73636673, // securityfs
  0x27e0eb, // cgroup
  0x63677270, // cgroup2
  0xcafe4a11, // bpf
  0x62656570, // configfs
  0x6165676c, // pstore
  0xde5e81e4, // efivarfs
]);

/** True when `child` is `folder` or lies below it (both real, absolute paths). */
export function isInside(child: string, folder: string): boolean {
  if (child === folder) return true;
  return child.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep);
}

/** True for `/proc`, `/sys`, `/dev` and anything below them. */
export function isSystemPath(realPath: string): boolean {
  if (path.sep !== "/") return false;
  for (const folder of SYSTEM_FOLDERS) if (isInside(realPath, folder)) return true;
  return false;
}

/**
 * A finding when `folder` (real path `realPath`, stat'ed as `stats`) is a system folder or another
 * mount of one. Only a folder on another device than its parent (`parentDevice`) costs a `statfs`.
 */
export function checkSystemFolder(
  fs: RegistryFileSystem,
  folder: string,
  realPath: string,
  stats: Stats,
  parentDevice: number | undefined,
): Diagnostic | undefined {
  let system = isSystemPath(realPath);
  if (!system && stats.dev !== parentDevice) {
    try {
      system = PSEUDO_FILE_SYSTEMS.has(fs.statfsSync(folder).type);
    } catch {
      // No statfs here (or the folder went away): the path check above is all there is.
    }
  }
  if (!system) return undefined;
  return {
    severity: "warning",
    code: "system-folder",
    message: `This leads to ${realPath}, a system folder (/proc, /sys, /dev or a mount of one); it is not searched for skills.`,
    path: folder,
  };
}

/**
 * The real paths a linked folder may lead into: every root that is itself allowed, then every
 * trusted target. Computed once per walk, and only when a walk meets a linked folder.
 */
export function trustedRealPaths(fs: RegistryFileSystem, tree: SkillTree): readonly string[] {
  if (tree.trustedRealPaths !== undefined) return tree.trustedRealPaths;
  const realOf = (target: string) => {
    try {
      return fs.realpathSync(target);
    } catch {
      // A missing root or target trusts nothing.
      return undefined;
    }
  };
  const trusted: string[] = [];
  for (const target of tree.limits.trustedSymlinkTargets) {
    const real = realOf(target);
    if (real !== undefined) trusted.push(real);
  }
  for (const root of tree.roots) {
    if (root.scope === "project") continue;
    const real = realOf(root.path);
    if (real !== undefined && !isSystemPath(real)) trusted.push(real);
  }
  const others = [...trusted];
  for (const root of tree.roots) {
    if (root.scope !== "project") continue;
    const real = realOf(root.path);
    if (real !== undefined && checkProjectRoot(fs, root, real, others) === undefined) trusted.push(real);
  }
  tree.trustedRealPaths = trusted;
  return trusted;
}

/**
 * A finding when a project root (`<project>/.agents/skills`) is a link out of its project that no
 * trusted path covers: a cloned repository must not point discovery at the rest of the disk.
 */
export function checkProjectRoot(
  fs: RegistryFileSystem,
  root: SkillRoot,
  realPath: string,
  trusted: readonly string[],
): Diagnostic | undefined {
  // A path without links is its own real path, so it stays in its project.
  if (root.scope !== "project" || realPath === root.path) return undefined;
  const project = path.dirname(path.dirname(root.path));
  let projectReal: string;
  try {
    projectReal = fs.realpathSync(project);
  } catch {
    projectReal = project;
  }
  if (isInside(realPath, projectReal)) return undefined;
  if (trusted.some((folder) => isInside(realPath, folder))) return undefined;
  return outsideRoots(root.path, realPath, "skills folder");
}

/** A finding when the linked folder at `linkPath` (leading to `realPath`) may not be followed. */
export function checkFolderLink(
  fs: RegistryFileSystem,
  tree: SkillTree,
  linkPath: string,
  realPath: string,
): Diagnostic | undefined {
  if (trustedRealPaths(fs, tree).some((folder) => isInside(realPath, folder))) return undefined;
  return outsideRoots(linkPath, realPath, "folder");
}

function outsideRoots(linkPath: string, realPath: string, what: string): Diagnostic {
  return {
    severity: "warning",
    code: "symlink-outside-roots",
    message: `This ${what} links to ${realPath}, outside every skill root; nothing under it is read. Move the skills into a root, or add the target to trustedSymlinkTargets in ~/.skillbox/config.json.`,
    path: linkPath,
  };
}

/**
 * Checks a skill file that is a link: it is read only when its real path stays inside the skill's
 * folder (`folderRealPath`). Returns the finding that keeps it unread, or undefined to read it.
 */
export function checkSkillFileLink(
  fs: RegistryFileSystem,
  file: string,
  folderRealPath: string,
): Diagnostic | undefined {
  let target: string;
  try {
    target = fs.realpathSync(file);
  } catch (error) {
    const code = errorCodeOf(error);
    return {
      severity: code === "ENOENT" ? "info" : "warning",
      code: code === "ENOENT" ? "symlink-broken" : code === "ELOOP" ? "symlink-loop" : "unreadable",
      message: `${path.basename(file)} is a link that leads nowhere readable (${code ?? "error"}); the skill is not loaded.`,
      path: file,
    };
  }
  if (target !== folderRealPath && isInside(target, folderRealPath)) return undefined;
  return {
    severity: "error",
    code: "symlink-outside-skill",
    message: `${path.basename(file)} links to ${target}, outside its skill folder; it is not read. Copy the file into the folder instead of linking it.`,
    path: file,
  };
}
