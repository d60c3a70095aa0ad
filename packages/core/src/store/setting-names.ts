// The one rule for skill names kept in settings (enabledSkillNames, allowScripts), shared by the
// store, the HTTP API and `skillbox settings`: safe identifiers of bounded length, in bounded lists.
// The zod form of the rule (settingNamesSchema) is in skill-settings-schema.ts, loaded only when needed.
import { findUnsafeNameReason } from "../skills/skill-name.js";

/** Most names one settings list may hold. */
export const MAX_SETTING_NAMES = 1000;
/** Longest name a settings list may hold. */
export const MAX_SETTING_NAME_LENGTH = 128;

/**
 * Why `name` cannot be kept in a settings list, as `"<name>" is not a skill name: <reason>` (the
 * name JSON-quoted, so the message stays one line), or undefined when it can: not empty, no `..`,
 * path separators, control or invisible characters, at most MAX_SETTING_NAME_LENGTH characters.
 */
export function describeUnsafeSettingName(name: string): string | undefined {
  const reason =
    name.length > MAX_SETTING_NAME_LENGTH
      ? `it is longer than ${MAX_SETTING_NAME_LENGTH} characters`
      : findUnsafeNameReason(name);
  return reason === undefined ? undefined : `${JSON.stringify(name)} is not a skill name: ${reason}`;
}

/** True for a list settings may keep as it is: at most MAX_SETTING_NAMES names, each one safe. */
export function isSettingNameList(value: unknown): value is string[] {
  if (!Array.isArray(value) || value.length > MAX_SETTING_NAMES) return false;
  for (const item of value) {
    if (typeof item !== "string" || describeUnsafeSettingName(item) !== undefined) return false;
  }
  return true;
}
