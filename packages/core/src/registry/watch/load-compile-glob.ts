// compile-glob.ts (and picomatch with it), asked for only when a glob is compiled. Here a static
// import; core's dist and the CLI bundle replace this file with a require() of the module on the
// first call (packages/core/scripts/lazy-modules.mjs), so a start-up without a glob never loads
// picomatch.
import * as compileGlobModule from "./compile-glob.js";

/** The module compile-glob.ts. */
export function loadCompileGlob(): typeof compileGlobModule {
  return compileGlobModule;
}
