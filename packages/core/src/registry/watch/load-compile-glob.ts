// compile-glob.ts (and picomatch with it), asked for only when a skill has `paths:`. Here a static
// import; the bundled CLI replaces this file with one that require()s its own entry point on the
// first call (scripts/bundle-cli.mjs, LAZY_MODULES), so a start-up without such a skill never loads picomatch.
import * as compileGlobModule from "./compile-glob.js";

/** The module compile-glob.ts. */
export function loadCompileGlob(): typeof compileGlobModule {
  return compileGlobModule;
}
