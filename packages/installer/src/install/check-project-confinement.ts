// A cloned repository controls its own `.agents/skills`, `.claude/skills` and `skills-lock.json`:
// a link there that leads out of the project would let it choose where installs land (a
// `.agents/skills -> ../../.claude/skills` writes into the user's own agent). Every write the
// installer makes for a project is checked here first, by real path: the project itself may sit
// under a linked home (`/home/u -> /data/u`), so both sides are resolved before comparing. The
// user's own `~/.agents/skills` may link anywhere: that is the user's choice, and it is followed.
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import * as path from "node:path";
import { SkillboxError } from "@skillbox/core/errors";
import { isInside } from "@skillbox/core/registry/discovery/link-policy";
import type { InstallRoot } from "./install-roots.js";

/** The file-system reads the check makes; tests and callers may pass others. */
export interface ConfinementFileSystem {
  realpath(target: string): string;
  isSymbolicLink(target: string): boolean;
  readlink(target: string): string;
}

const nodeConfinementFileSystem: ConfinementFileSystem = {
  realpath: (target) => realpathSync(target),
  isSymbolicLink: (target) => {
    try {
      return lstatSync(target).isSymbolicLink();
    } catch {
      return false;
    }
  },
  readlink: (target) => readlinkSync(target),
};

/** The parts of an install root the check reads: user roots are never checked. */
export type ConfinedRoot = Pick<InstallRoot, "scope" | "base">;

/** What a project write is about to do, for the message. */
export type ConfinedAction = "install into" | "update" | "remove from" | "link into" | "write" | "verify";

/**
 * Why `target` (a path below the project root of `root`) must not be written, or undefined when it
 * may: its real path leaves the project, or (`parentToo`) its parent's does, the folder beside it
 * where staging and trash folders go. Always undefined for user roots.
 */
export function findProjectEscape(
  root: ConfinedRoot,
  target: string,
  action: ConfinedAction,
  options: { parentToo?: boolean; fs?: ConfinementFileSystem } = {},
): string | undefined {
  if (root.scope !== "project") return undefined;
  const fs = options.fs ?? nodeConfinementFileSystem;
  const project = findRealPath(root.base, fs);
  const real = findRealPath(target, fs);
  const escapes =
    !isInside(real, project) || (options.parentToo === true && !isInside(path.dirname(real), project));
  if (!escapes) return undefined;
  const shown = showPath(root.base, target);
  const link = findFirstLink(root.base, target, fs);
  if (link === undefined) {
    return `Refused to ${action} ${shown}: it resolves to ${real}, outside the project ${root.base}. Move the project's folders back inside it, or use --user for your own skills.`;
  }
  const linkShown = showPath(root.base, link.path);
  const where = real === project ? "the project folder itself" : real;
  return `Refused to ${action} ${shown}: ${linkShown} is a link to ${link.target}, which leads to ${where}, outside the project ${root.base}. A project's links must stay inside it, since a cloned repository could otherwise choose where installs land. Remove the link (rm ${linkShown}) and make a real folder there, or use --user to install for yourself.`;
}

/** Throws a `path-escape` SkillboxError with the message of findProjectEscape when there is one. */
export function checkProjectConfinement(
  root: ConfinedRoot,
  target: string,
  action: ConfinedAction,
  options: { parentToo?: boolean; fs?: ConfinementFileSystem } = {},
): void {
  const problem = findProjectEscape(root, target, action, options);
  if (problem !== undefined)
    throw new SkillboxError("path-escape", problem, { data: { path: target, project: root.base } });
}

/**
 * Checks everything a project write touches before anything is fetched or written: the skills
 * folder, the folder beside it (staging and trash), the lock, and the agent folders `--link` fills.
 */
export function checkProjectRoot(
  root: InstallRoot,
  action: ConfinedAction,
  linkFolders: readonly string[] = [],
): void {
  checkProjectConfinement(root, root.skillsDirectory, action, { parentToo: true });
  if (root.lockPath !== undefined) checkProjectConfinement(root, root.lockPath, "write");
  for (const folder of linkFolders) checkProjectConfinement(root, folder, "link into");
}

/** The first link on the way from `base` down to `target`, with what it points at. */
function findFirstLink(
  base: string,
  target: string,
  fs: ConfinementFileSystem,
): { path: string; target: string } | undefined {
  const relative = path.relative(base, target);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  let current = base;
  for (const part of relative.split(path.sep).filter(Boolean)) {
    current = path.join(current, part);
    if (fs.isSymbolicLink(current)) return { path: current, target: fs.readlink(current) };
  }
  return undefined;
}

/**
 * The real path of `target`; for a path not there yet, its nearest existing folder's with the rest
 * appended. A dangling link is followed by hand: `mkdir` would create its target, wherever that is.
 */
function findRealPath(target: string, fs: ConfinementFileSystem): string {
  const rest: string[] = [];
  let current = path.resolve(target);
  for (let hops = 0; ; ) {
    try {
      return path.join(fs.realpath(current), ...[...rest].reverse());
    } catch {
      if (fs.isSymbolicLink(current) && hops++ < 40) {
        current = path.resolve(path.dirname(current), fs.readlink(current));
        continue;
      }
      const parent = path.dirname(current);
      if (parent === current) return path.join(current, ...[...rest].reverse());
      rest.push(path.basename(current));
      current = parent;
    }
  }
}

function showPath(base: string, target: string): string {
  const relative = path.relative(base, target).split(path.sep).join("/");
  return relative === "" || relative.startsWith("..") ? target : relative;
}
