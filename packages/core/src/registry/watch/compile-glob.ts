// One `paths:` glob compiled with picomatch. Reached only through load-compile-glob.ts, so picomatch
// is loaded the first time some skill has `paths:`, never on a start-up that meets none.
import picomatch from "picomatch";

/** A matcher for `pattern`: dot files match; without a `/` it matches the file name at any depth. */
export function compileGlob(pattern: string): (candidate: string) => boolean {
  return picomatch(pattern, { dot: true, basename: !pattern.includes("/") });
}
