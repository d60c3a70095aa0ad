// The zod schemas of the skill settings, asked for only when a value fails the plain check. Here a
// static import; core's dist and the CLI bundle replace this file with a require() of the module on
// the first call (packages/core/scripts/lazy-modules.mjs), so opening a workspace never evaluates
// zod.
import * as skillSettingsSchema from "./skill-settings-schema.js";

/** The module skill-settings-schema.ts. */
export function loadSkillSettingsSchema(): typeof skillSettingsSchema {
  return skillSettingsSchema;
}
