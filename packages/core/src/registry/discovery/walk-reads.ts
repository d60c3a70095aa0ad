// The walk's reads and findings: one folder's listing, a link's target, and the diagnostics they produce.

import type { Stats } from "node:fs";
import * as path from "node:path";
import type { Diagnostic } from "../../skills/diagnostic.js";
import { classifyEntries } from "./list-directory.js";
import { errorCodeOf, type FileStamp, type RegistryFileSystem, toStamp } from "./registry-file-system.js";
import {
  addWalkDiagnostic,
  type DirectoryNode,
  NO_DIAGNOSTICS,
  NO_NAMES,
  type SkillTree,
} from "./skill-tree.js";

/**
 * Lists a folder and reads its `.gitignore`; an unreadable folder lists as empty with a warning.
 * With `only`, the listing holds that one entry (see classifyEntries).
 */
export function listFolder(fs: RegistryFileSystem, tree: SkillTree, directory: string, only?: string) {
  try {
    const listing = classifyEntries(
      directory,
      fs.readdirSync(directory, { withFileTypes: true }),
      tree.limits.skipped,
      only,
    );
    let gitignore: DirectoryNode["gitignore"];
    if (listing.hasGitignore && tree.limits.respectGitignore) {
      try {
        const file = gitignorePath(directory);
        const stamp = toStamp(fs.statSync(file));
        gitignore = { stamp, text: fs.readFileSync(file).toString("utf8") };
      } catch (error) {
        listing.diagnostics.push(unreadable(gitignorePath(directory), error));
      }
    }
    return {
      directories: listing.directories.length === 0 ? NO_NAMES : listing.directories,
      links: listing.links.length === 0 ? NO_NAMES : listing.links,
      skillFileName: listing.skillFileName,
      skillFileLinked: listing.skillFileLinked,
      diagnostics: listing.diagnostics.length === 0 ? NO_DIAGNOSTICS : listing.diagnostics,
      gitignore,
    };
  } catch (error) {
    return {
      directories: [],
      links: [],
      skillFileName: undefined,
      skillFileLinked: false,
      diagnostics: [unreadable(directory, error)],
      gitignore: undefined,
    };
  }
}

/** A link's target when it is a folder; a broken or looping link adds a finding to `node`. */
export function resolveLink(
  fs: RegistryFileSystem,
  node: DirectoryNode,
  name: string,
): { stats: Stats; realPath: string } | undefined {
  const linkPath = path.join(node.path, name);
  try {
    const stats = fs.statSync(linkPath);
    if (!stats.isDirectory()) return undefined;
    return { stats, realPath: fs.realpathSync(linkPath) };
  } catch (error) {
    const code = errorCodeOf(error);
    addWalkDiagnostic(
      node,
      code === "ELOOP"
        ? {
            severity: "warning",
            code: "symlink-loop",
            message: "This link points back to itself; it is skipped.",
            path: linkPath,
          }
        : code === "ENOENT"
          ? {
              severity: "info",
              code: "symlink-broken",
              message: "This link points to nothing; it is skipped.",
              path: linkPath,
            }
          : unreadable(linkPath, error),
    );
    return undefined;
  }
}

/** A second way into a folder already walked: a loop when it leads to an ancestor, else a duplicate. */
export function duplicateDiagnostic(
  childPath: string,
  owner: string,
  parentReal: string,
  realPath: string,
): Diagnostic {
  const loop = parentReal === realPath || parentReal.startsWith(`${realPath}${path.sep}`);
  return loop
    ? {
        severity: "warning",
        code: "symlink-loop",
        message: `This link leads back to ${owner}, a folder above it; it is skipped.`,
        path: childPath,
      }
    : {
        severity: "info",
        code: "duplicate-directory",
        message: `This is the same folder as ${owner}; its skills are listed once, from there.`,
        path: childPath,
      };
}

/** A folder or file that could not be read. */
export function unreadable(target: string, error: unknown): Diagnostic {
  const code = errorCodeOf(error) ?? "error";
  return {
    severity: "warning",
    code: "unreadable",
    message: `Could not read this (${code}); skills inside it are not loaded. Check its permissions.`,
    path: target,
  };
}

/** A root that is missing, a file, or unreadable. */
export function rootDiagnostic(rootPath: string, code: string, cause: string | undefined): Diagnostic {
  if (code === "root-missing") {
    return {
      severity: "warning",
      code,
      message: "This skills folder does not exist; create it or fix the path.",
      path: rootPath,
    };
  }
  if (code === "root-not-a-directory") {
    return {
      severity: "warning",
      code,
      message: "This skills root is a file, not a folder; point it at a folder.",
      path: rootPath,
    };
  }
  return {
    severity: "warning",
    code,
    message: `Could not read this skills folder (${cause ?? "error"}); check its permissions.`,
    path: rootPath,
  };
}

/** The stamp of `file`, or undefined when it cannot be stat'ed. */
export function statOrUndefined(fs: RegistryFileSystem, file: string): FileStamp | undefined {
  try {
    return toStamp(fs.statSync(file));
  } catch {
    // A .gitignore that went away reads as "changed": the folder is listed again.
    return undefined;
  }
}

/** The `.gitignore` path of a folder. */
export function gitignorePath(directory: string): string {
  return path.join(directory, ".gitignore");
}
