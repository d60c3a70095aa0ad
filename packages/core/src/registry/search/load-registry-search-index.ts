// registry-search-index.ts (and the ranking code, the stemmer and the body-term reader with it),
// asked for on the first search. Here a static import; core's dist and the CLI bundle replace this
// file with a require() of the module on the first call (packages/core/scripts/lazy-modules.mjs),
// so a command that only lists skills never loads it.
import * as registrySearchIndexModule from "./registry-search-index.js";

/** The module registry-search-index.ts. */
export function loadRegistrySearchIndex(): typeof registrySearchIndexModule {
  return registrySearchIndexModule;
}
