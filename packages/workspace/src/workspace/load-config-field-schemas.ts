// The config's zod schemas, asked for only when a field fails its plain check. Here a static import;
// the bundled CLI replaces this file with one that require()s its own entry point on the first call
// (scripts/bundle-cli.mjs, LAZY_MODULES), so reading a valid config never evaluates zod.
import * as configFieldSchemas from "./config-field-schemas.js";

/** The module config-field-schemas.ts. */
export function loadConfigFieldSchemas(): typeof configFieldSchemas {
  return configFieldSchemas;
}
