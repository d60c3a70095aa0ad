// The one rule for skill names kept in settings (enabledSkillNames, allowScripts), shared by the
// store, the HTTP API and `skillbox settings`: safe identifiers of bounded length, in bounded lists.
import { z } from "zod";
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

/** A skill name as settings keep it; an unsafe one is an issue whose message describeUnsafeSettingName gives. */
export const settingNameSchema = z.string().superRefine((name, context) => {
  const message = describeUnsafeSettingName(name);
  if (message !== undefined) context.addIssue({ code: "custom", message });
});

/** A list of such names. */
export const settingNamesSchema = z.array(settingNameSchema).max(MAX_SETTING_NAMES);
