// The zod schemas of the skill settings, asked for only when a value fails the plain check. Here a
// static import; the bundled CLI replaces this file with one that require()s its own entry point on
// the first call (scripts/bundle-cli.mjs, LAZY_MODULES), so opening a workspace never evaluates zod.
import * as skillSettingsSchema from "./skill-settings-schema.js";

/** The module skill-settings-schema.ts. */
export function loadSkillSettingsSchema(): typeof skillSettingsSchema {
  return skillSettingsSchema;
}
