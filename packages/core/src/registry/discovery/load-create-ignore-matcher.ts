// create-ignore-matcher.ts (and the ignore package with it), asked for when a walk meets a
// `.gitignore`. Here a static import; the bundled CLI replaces this file with one that require()s its
// own entry point on the first call (scripts/bundle-cli.mjs, LAZY_MODULES).
import * as createIgnoreMatcherModule from "./create-ignore-matcher.js";

/** The module create-ignore-matcher.ts. */
export function loadCreateIgnoreMatcher(): typeof createIgnoreMatcherModule {
  return createIgnoreMatcherModule;
}
