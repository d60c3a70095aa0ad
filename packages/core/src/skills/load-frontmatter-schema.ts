// The zod schemas of the frontmatter, asked for only when a value fails a plain check. Here a static
// import; the bundled CLI replaces this file with one that require()s its own entry point on the
// first call (scripts/bundle-cli.mjs, LAZY_MODULES), so `skillbox` start-up never evaluates zod.
import * as frontmatterSchema from "./frontmatter-schema.js";

/** The module frontmatter-schema.ts. */
export function loadFrontmatterSchema(): typeof frontmatterSchema {
  return frontmatterSchema;
}
