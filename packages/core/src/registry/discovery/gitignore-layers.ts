// `.gitignore` rules met along a directory walk, as a chain from the deepest folder up to the root.

import * as path from "node:path";
import type { Ignore } from "ignore";
import { loadCreateIgnoreMatcher } from "./load-create-ignore-matcher.js";

/** The rules of one `.gitignore` and the layers of the folders above it. */
export interface GitignoreLayer {
  /** The folder holding the `.gitignore`; patterns are relative to it. */
  base: string;
  matcher: Ignore;
  parent: GitignoreLayer | undefined;
}

/** A new layer for the `.gitignore` text found in `base`, on top of `parent`. */
export function createGitignoreLayer(
  base: string,
  text: string,
  parent: GitignoreLayer | undefined,
): GitignoreLayer {
  return { base, matcher: loadCreateIgnoreMatcher().createIgnoreMatcher(text), parent };
}

/**
 * True when `directory` is ignored by the chain: the deepest `.gitignore` with a say decides, so a
 * `!pattern` in a nested file re-includes what a file above it excluded. The walk only asks about
 * folders whose parent it entered, so a file's verdict that merely echoes an excluded parent
 * (which a deeper file re-included) is no say. Limitation: a pattern in that same file that also
 * names the folder itself is then missed.
 */
export function isIgnoredDirectory(layer: GitignoreLayer | undefined, directory: string): boolean {
  for (let current = layer; current !== undefined; current = current.parent) {
    const relative = path.relative(current.base, directory);
    if (relative === "" || relative.startsWith("..")) continue;
    const posix = relative.split(path.sep).join("/");
    const result = current.matcher.test(`${posix}/`);
    if (result.unignored) return false;
    if (!result.ignored) continue;
    const slash = posix.lastIndexOf("/");
    if (slash !== -1 && current.matcher.test(`${posix.slice(0, slash)}/`).ignored) continue;
    return true;
  }
  return false;
}
