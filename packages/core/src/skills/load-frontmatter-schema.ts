// The zod schemas of the frontmatter, asked for only when a value fails a plain check. Here a
// static import; core's dist and the CLI bundle replace this file with a require() of the module on
// the first call (packages/core/scripts/lazy-modules.mjs), so `skillbox` start-up and
// `import("@skillbox/core")` never evaluate zod.
import * as frontmatterSchema from "./frontmatter-schema.js";

/** The module frontmatter-schema.ts. */
export function loadFrontmatterSchema(): typeof frontmatterSchema {
  return frontmatterSchema;
}
