// `paths:` activation: which file paths a conditional skill's globs match (picomatch semantics).

import * as path from "node:path";
import { loadCompileGlob } from "./load-compile-glob.js";

/** Tests one normalised path (relative to the cwd, `/`-separated) against a skill's globs. */
export type PathMatcher = (candidate: string) => boolean;

/**
 * Compiles a skill's `paths` globs: `*` and `?` stay inside one path segment, `**` crosses
 * segments, dot files match, and a pattern without a `/` matches the file name at any depth
 * (so `*.py` matches `src/app.py`, as in Claude Code). Bad patterns never throw: they match nothing.
 */
export function compileSkillPaths(patterns: readonly string[]): PathMatcher {
  const matchers: PathMatcher[] = [];
  for (const pattern of patterns) {
    const cleaned = pattern.trim().replace(/^\.\//, "");
    if (cleaned === "") continue;
    try {
      matchers.push(loadCompileGlob().compileGlob(cleaned));
    } catch {
      // An unparsable glob activates nothing; the loader reports the bad field.
    }
  }
  return (candidate) => matchers.some((matcher) => matcher(candidate));
}

/**
 * A path as the matchers expect it: relative to `cwd` when inside it (absolute paths are made
 * relative), `/`-separated, without a leading `./`. Paths outside `cwd` stay absolute.
 */
export function normalizeCandidatePath(candidate: string, cwd: string): string {
  let result = candidate;
  if (path.isAbsolute(result)) {
    const relative = path.relative(cwd, result);
    if (relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative)) result = relative;
  }
  result = result.split(path.sep).join("/").replace(/\\/g, "/");
  while (result.startsWith("./")) result = result.slice(2);
  return result;
}
