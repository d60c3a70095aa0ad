// registry-search-index.ts (and the ranking code, the stemmer and the body-term reader with it),
// asked for on the first search. Here a static import; the bundled CLI replaces this file with one
// that require()s its own entry point on the first call (scripts/bundle-cli.mjs, LAZY_MODULES), so
// a command that only lists skills never loads it.
import * as registrySearchIndexModule from "./registry-search-index.js";

/** The module registry-search-index.ts. */
export function loadRegistrySearchIndex(): typeof registrySearchIndexModule {
  return registrySearchIndexModule;
}
