// A project's config comes with the repository, so the roots it adds must stay in the project:
// roots are trusted link targets, and `roots: ["/"]` in a cloned repository would make the whole
// disk one. The user's own config may still point anywhere, and may vouch for a project's root.

import * as path from "node:path";
import { isInside } from "@skillbox/core/registry/discovery/link-policy";
import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import type { SkillboxConfig } from "./workspace.js";

/** What a project config's roots are checked against. */
export interface ConfineProjectRootsOptions {
  /** The project config file (for the diagnostics). */
  file: string;
  /** The project's top folder (the git root, or the working folder without a repository). */
  projectRoot: string;
  /** The user config: its roots, extraRoots and trustedSymlinkTargets may vouch for a root. */
  user: SkillboxConfig;
  /** The user config file, named in the diagnostics. */
  userFile: string;
  realpath: (target: string) => string;
}

/**
 * Drops every `roots`/`extraRoots` entry of a project config whose real path leaves the project,
 * unless the user config adds the same root or lists a trustedSymlinkTargets folder holding it;
 * each dropped entry is a `config-root-outside-project` warning. A key left empty is removed, so
 * the user's own roots still apply. Changes `config` in place.
 */
export function confineProjectRoots(
  config: SkillboxConfig,
  options: ConfineProjectRootsOptions,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const real = (target: string) => findRealPath(target, options.realpath);
  const project = real(options.projectRoot);
  const vouched = [...(options.user.roots ?? []), ...(options.user.extraRoots ?? [])].map(real);
  const trusted = (options.user.trustedSymlinkTargets ?? []).map(real);
  const allowed = (root: string): boolean => {
    const target = real(root);
    return (
      isInside(target, project) ||
      vouched.includes(target) ||
      trusted.some((folder) => isInside(target, folder))
    );
  };
  for (const key of ["roots", "extraRoots"] as const) {
    const entries = config[key];
    if (entries === undefined) continue;
    const kept = entries.filter((root) => {
      if (allowed(root)) return true;
      const target = real(root);
      const leads = target === root ? "" : ` (it leads to ${target})`;
      diagnostics.push({
        severity: "warning",
        code: "config-root-outside-project",
        message: `The project config's ${key} entry ${root}${leads} is outside the project ${options.projectRoot}; it is ignored. A project config may add roots only inside its project: to use this one, add it to roots or extraRoots in ${options.userFile}, or list a folder holding it in trustedSymlinkTargets there.`,
        path: options.file,
      });
      return false;
    });
    if (kept.length > 0 || entries.length === 0) config[key] = kept;
    else delete config[key];
  }
  return diagnostics;
}

/**
 * The real path of `target`, links resolved; for a path that does not exist (yet), the real path
 * of its nearest existing folder with the rest appended, so a missing root cannot hide a link above it.
 */
export function findRealPath(target: string, realpath: (target: string) => string): string {
  const absolute = path.resolve(target);
  const rest: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      return path.join(realpath(current), ...rest.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return absolute;
      rest.push(path.basename(current));
      current = parent;
    }
  }
}
