// create-ignore-matcher.ts (and the ignore package with it), asked for when a walk meets a
// `.gitignore`. Here a static import; core's dist and the CLI bundle replace this file with a
// require() of the module on the first call (packages/core/scripts/lazy-modules.mjs).
import * as createIgnoreMatcherModule from "./create-ignore-matcher.js";

/** The module create-ignore-matcher.ts. */
export function loadCreateIgnoreMatcher(): typeof createIgnoreMatcherModule {
  return createIgnoreMatcherModule;
}
