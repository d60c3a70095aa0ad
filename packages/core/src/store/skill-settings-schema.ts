// The zod schemas of the skill settings: the strict shape (to write, and to word what is wrong with a
// stored value) and the forgiving parse. Reading settings checks them by hand first (skill-settings.ts)
// and loads this module only for a value that fails, through load-skill-settings-schema.ts.
import { z } from "zod";
import { describeUnsafeSettingName, MAX_SETTING_NAMES } from "./setting-names.js";

/** A skill name as settings keep it; an unsafe one is an issue whose message describeUnsafeSettingName gives. */
export const settingNameSchema = z.string().superRefine((name, context) => {
  const message = describeUnsafeSettingName(name);
  if (message !== undefined) context.addIssue({ code: "custom", message });
});

/** A list of such names. */
export const settingNamesSchema = z.array(settingNameSchema).max(MAX_SETTING_NAMES);

/**
 * The validated shape, without any fallback: used to write and to detect a damaged stored value.
 * Names in the lists follow settingNameSchema (no `..`, separators, control or invisible characters).
 */
export const strictSkillSettingsSchema = z.object({
  enabledSkillNames: settingNamesSchema.default([]),
  translationEnabled: z.boolean().default(true),
  targetLanguage: z.string().min(1).optional(),
  builtinDefaultsInitialized: z.boolean().default(false),
  appliedDefaultBuiltinSkillNames: settingNamesSchema.default([]),
  /** Skill names whose bundled scripts may run. */
  allowScripts: settingNamesSchema.default([]),
  /** Whether `!\`cmd\`` lines in skill bodies may run a shell. */
  allowShellInjection: z.boolean().default(false),
});

// A list with a bad item keeps its good names, so one stray value never empties a list; a name that
// is not one (`../../etc`) is dropped like any other bad item.
const isUsableName = (item: unknown): item is string =>
  typeof item === "string" && describeUnsafeSettingName(item) === undefined;
const lenientNames = z
  .array(z.string())
  .default([])
  .transform((names) => names.filter(isUsableName))
  .catch(({ value }) => (Array.isArray(value) ? value.filter(isUsableName) : []));

/** The forgiving parse of an object: each bad field falls back to its default. */
export const lenientSkillSettingsSchema = z.object({
  enabledSkillNames: lenientNames,
  translationEnabled: z.boolean().default(true).catch(true),
  targetLanguage: z.string().min(1).optional().catch(undefined),
  builtinDefaultsInitialized: z.boolean().default(false).catch(false),
  appliedDefaultBuiltinSkillNames: lenientNames,
  allowScripts: lenientNames,
  allowShellInjection: z.boolean().default(false).catch(false),
});
