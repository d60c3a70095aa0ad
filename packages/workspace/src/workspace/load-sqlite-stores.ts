// open-sqlite-stores.ts, asked for when a command first uses a store. Here a static import; the
// bundled CLI replaces this file with one that require()s its own entry point on the first call
// (scripts/bundle-cli.mjs, LAZY_MODULES), so a start-up that uses no store loads none of it.
import * as openSqliteStoresModule from "./open-sqlite-stores.js";

/** The module open-sqlite-stores.ts. */
export function loadSqliteStores(): typeof openSqliteStoresModule {
  return openSqliteStoresModule;
}
