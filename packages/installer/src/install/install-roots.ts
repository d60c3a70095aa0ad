// Where installs go: the project's `.agents/skills` (the project root is the git root above the
// working folder, else the folder itself) with its `skills-lock.json`, or the user's `~/.agents/skills`.
import { existsSync } from "node:fs";
import * as path from "node:path";

export type InstallScope = "project" | "user";

/** One install root: its skills folder, the folder links and the lock are relative to, and the lock. */
export interface InstallRoot {
  scope: InstallScope;
  skillsDirectory: string;
  /** The project root (project scope) or the home folder (user scope). */
  base: string;
  /** `skills-lock.json` in the project root; user installs have no lock. */
  lockPath?: string;
}

/** The lock file's name, in the project root. */
export const LOCK_FILE_NAME = "skills-lock.json";

/** The nearest folder at or above `cwd` that holds `.git`, else `cwd` itself. */
export function findProjectRoot(cwd: string, exists: (target: string) => boolean = existsSync): string {
  let current = path.resolve(cwd);
  for (;;) {
    if (exists(path.join(current, ".git"))) return current;
    const parent = path.dirname(current);
    if (parent === current) return path.resolve(cwd);
    current = parent;
  }
}

/** The root for `scope`, from the working folder and the home folder. */
export function resolveInstallRoot(scope: InstallScope, folders: { cwd: string; home: string }): InstallRoot {
  if (scope === "user") {
    const home = path.resolve(folders.home);
    return { scope, base: home, skillsDirectory: path.join(home, ".agents", "skills") };
  }
  const base = findProjectRoot(folders.cwd);
  return {
    scope,
    base,
    skillsDirectory: path.join(base, ".agents", "skills"),
    lockPath: path.join(base, LOCK_FILE_NAME),
  };
}
