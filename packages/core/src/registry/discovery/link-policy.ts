// Which links and folders discovery may enter: a skill file stays inside its folder; a linked folder
// in the user's own root is followed, one in a project root (inside a git work tree) only within its
// project, a skill root or a trusted target; system folders (/proc, /sys, /dev) are never read.

import type { Stats } from "node:fs";
import * as path from "node:path";
import type { Diagnostic } from "../../skills/diagnostic.js";
import { errorCodeOf, type RegistryFileSystem } from "./registry-file-system.js";
import type { SkillRoot } from "./skill-roots.js";
import type { DirectoryNode, RootProject, SkillTree } from "./skill-tree.js";

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
 * The git work tree holding `root` (a folder with `.git`, a folder or a file, at or above the root
 * as named), or undefined. A root inside one is a project root: a cloned repository controls its
 * links. The fixed user folders (`~/.agents/skills`, `~/.claude/skills`, `~/.skillbox/skills`) and
 * the bundled skills are always the user's own, even under a home folder kept in git.
 */
export function findRootProject(fs: RegistryFileSystem, root: SkillRoot): string | undefined {
  if (root.scope === "user" || root.scope === "skillbox" || root.scope === "bundled") return undefined;
  let current = path.resolve(root.path);
  for (;;) {
    if (fs.existsSync(path.join(current, ".git"))) return current;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/** Per root, its project (see findRootProject) or null; computed once per walk, when first needed. */
export function rootProjects(fs: RegistryFileSystem, tree: SkillTree): ReadonlyArray<RootProject | null> {
  if (tree.rootProjects !== undefined) return tree.rootProjects;
  const projects = tree.roots.map((root) => {
    const project = findRootProject(fs, root);
    if (project === undefined) return null;
    let realPath: string;
    try {
      realPath = fs.realpathSync(project);
    } catch {
      realPath = project;
    }
    return { path: project, realPath };
  });
  tree.rootProjects = projects;
  return projects;
}

/**
 * The real paths a project root's linked folder may lead into besides its own project: every root
 * that is itself allowed, then every trusted target. Computed once per walk, and only when a walk
 * meets a linked folder or a linked root.
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
  const projects = rootProjects(fs, tree);
  const inProjects: Array<{ real: string; project: RootProject }> = [];
  for (const [index, root] of tree.roots.entries()) {
    const real = realOf(root.path);
    if (real === undefined) continue;
    const project = projects[index];
    if (project !== null && project !== undefined) inProjects.push({ real, project });
    else if (!isSystemPath(real)) trusted.push(real);
  }
  const others = [...trusted];
  for (const { real, project } of inProjects) {
    if (isAllowedFromProject(real, project, others)) trusted.push(real);
  }
  tree.trustedRealPaths = trusted;
  return trusted;
}

/**
 * A finding when a project root (one inside a git work tree, e.g. `<project>/.agents/skills` or a
 * `--dir` folder in a repository) is itself a link out of its project that no trusted path covers:
 * a cloned repository must not point discovery at the rest of the disk.
 */
export function checkProjectRoot(
  fs: RegistryFileSystem,
  tree: SkillTree,
  rootIndex: number,
  realPath: string,
): Diagnostic | undefined {
  const root = tree.roots[rootIndex];
  // A path without links is its own real path, so it stays where it is named.
  if (root === undefined || realPath === path.resolve(root.path)) return undefined;
  const project = rootProjects(fs, tree)[rootIndex];
  if (project === null || project === undefined) return undefined;
  if (isAllowedFromProject(realPath, project, trustedRealPaths(fs, tree))) return undefined;
  return outsideProject(root.path, realPath, project, "skills folder");
}

/**
 * A finding when the linked folder at `linkPath` (leading to `realPath`), met in `node`, may not be
 * followed. A link to a folder holding it is a loop. From the user's own root every other link is
 * followed (the walk's real-path bookkeeping keeps cycles and duplicates out); from a project root
 * only a link that stays in the project or leads into a root or a trusted target.
 */
export function checkFolderLink(
  fs: RegistryFileSystem,
  tree: SkillTree,
  node: DirectoryNode,
  linkPath: string,
  realPath: string,
): Diagnostic | undefined {
  const project = rootProjects(fs, tree)[node.rootIndex];
  if (
    project !== null &&
    project !== undefined &&
    !isAllowedFromProject(realPath, project, trustedRealPaths(fs, tree))
  ) {
    return outsideProject(linkPath, realPath, project, "folder");
  }
  // A folder already walked is a duplicate or a loop that the walk names itself; one above the
  // walked tree (the home folder, `/`) would be walked whole before leading back here.
  if (!tree.owners.has(realPath) && isInside(node.realPath, realPath)) {
    return {
      severity: "warning",
      code: "symlink-loop",
      message: `This link leads to ${realPath}, a folder that holds it; it is skipped.`,
      path: linkPath,
    };
  }
  return undefined;
}

/** True when `realPath` stays in `project` or lies inside a trusted path. */
function isAllowedFromProject(realPath: string, project: RootProject, trusted: readonly string[]): boolean {
  return isInside(realPath, project.realPath) || trusted.some((folder) => isInside(realPath, folder));
}

function outsideProject(linkPath: string, realPath: string, project: RootProject, what: string): Diagnostic {
  return {
    severity: "warning",
    code: "symlink-outside-roots",
    message: `This ${what} links to ${realPath}, outside the project ${project.path} and every skill root; nothing under it is read. Links in a project's skill folders are followed only inside the project, since a cloned repository chooses them. Move the skills into the project or a skill root, or add the target to trustedSymlinkTargets in ~/.skillbox/config.json.`,
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
