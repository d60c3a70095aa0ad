// What `PUT /api/settings` accepts, checked before the store sees it: skill names that are safe
// identifiers, plain types, and one `path: message` line per problem in the 400 answer.

import { describeZodIssues } from "@skillbox/core/store/describe-zod-issues";
import type { SkillSettings } from "@skillbox/core/store/skill-settings";
import { settingNamesSchema } from "@skillbox/core/store/skill-settings-schema";
import { z } from "zod";
import { HttpError } from "./error-response.js";

/** Settings fields `PUT /api/settings` may change, and the only ones `GET /api/settings` shows. */
export const WRITABLE_SETTINGS = [
  "enabledSkillNames",
  "translationEnabled",
  "targetLanguage",
  "allowScripts",
  "allowShellInjection",
] as const;

/** The settings as the API shows them: the writable fields, without the store's bookkeeping. */
export type PublicSettings = Pick<SkillSettings, (typeof WRITABLE_SETTINGS)[number]>;

const settingsUpdate = z
  .object({
    enabledSkillNames: settingNamesSchema,
    translationEnabled: z.boolean(),
    // null or "" clears the language.
    targetLanguage: z
      .string()
      .max(64)
      .regex(/^[^\p{Cc}\p{Cf}]*$/u, "must not contain control or invisible characters")
      .nullable(),
    allowScripts: settingNamesSchema,
    allowShellInjection: z.boolean(),
  })
  .partial()
  .strict();

/** The update the body asks for; throws 400 `invalid-argument` with one `path: message` line per problem. */
export function parseSettingsUpdate(body: Record<string, unknown>): z.output<typeof settingsUpdate> {
  const parsed = settingsUpdate.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new HttpError(400, "invalid-argument", describeZodIssues(parsed.error.issues, "(body)").join("\n"));
}

/** The settings without the store's internal keys (which built-in defaults were applied). */
export function toPublicSettings(settings: SkillSettings): PublicSettings {
  const shown: PublicSettings = {
    enabledSkillNames: settings.enabledSkillNames,
    translationEnabled: settings.translationEnabled,
    allowScripts: settings.allowScripts,
    allowShellInjection: settings.allowShellInjection,
  };
  if (settings.targetLanguage !== undefined) shown.targetLanguage = settings.targetLanguage;
  return shown;
}
