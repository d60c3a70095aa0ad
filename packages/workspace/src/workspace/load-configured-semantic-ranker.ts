// create-configured-semantic-ranker.ts (the ranker and its embeddings client), asked for only when
// the config turns semantic retrieval on. Here a static import; the bundled CLI replaces this file
// with one that require()s its own entry point on the first call (scripts/bundle-cli.mjs, LAZY_MODULES).
import * as configuredSemanticRankerModule from "@skillbox/core/registry/semantic/create-configured-semantic-ranker";

/** The module create-configured-semantic-ranker.ts. */
export function loadConfiguredSemanticRanker(): typeof configuredSemanticRankerModule {
  return configuredSemanticRankerModule;
}
