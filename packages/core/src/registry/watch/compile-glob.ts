// One glob (a skill's `paths:`, a glob tool's pattern, a permission rule's path) compiled with
// picomatch. Reached only through load-compile-glob.ts, so picomatch is loaded the first time a glob
// is, never on a start-up or an import of @skillbox/core that meets none.
import picomatch from "picomatch";

/**
 * A matcher for `pattern`: dot files match; without a `/` it matches the file name at any depth,
 * unless `basename` says otherwise (a whole-path match).
 */
export function compileGlob(
  pattern: string,
  options: { basename?: boolean } = {},
): (candidate: string) => boolean {
  return picomatch(pattern, { dot: true, basename: options.basename ?? !pattern.includes("/") });
}
