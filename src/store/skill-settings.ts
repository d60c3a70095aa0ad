// Skill settings (Chatbox's SkillSettingsSchema plus script permissions) and their pure rules.

import { z } from "zod";
import type { Diagnostic } from "../skills/diagnostic.js";
import { describeZodIssues } from "./describe-zod-issues.js";
import { describeUnsafeSettingName, settingNamesSchema } from "./setting-names.js";

/**
 * Bundled skills enabled once when first shipped (seed 003's one-time defaults): a person who turns
 * one off keeps it off, and a name added here later is enabled once on the next start.
 */
export const DEFAULT_ENABLED_BUILTIN_SKILL_NAMES: readonly string[] = [
  "changelog-writer",
  "methodology",
  "plotting",
  "presentation",
  "typescript-style",
];

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

/** Settings that decide which skills are enabled and what they may do. */
export type SkillSettings = z.output<typeof strictSkillSettingsSchema>;

/** Every field at its default. */
export function createDefaultSkillSettings(): SkillSettings {
  return strictSkillSettingsSchema.parse({});
}

// A list with a bad item keeps its good names, so one stray value never empties a list; a name that
// is not one (`../../etc`) is dropped like any other bad item.
const isUsableName = (item: unknown): item is string =>
  typeof item === "string" && describeUnsafeSettingName(item) === undefined;
const lenientNames = z
  .array(z.string())
  .default([])
  .transform((names) => names.filter(isUsableName))
  .catch(({ value }) => (Array.isArray(value) ? value.filter(isUsableName) : []));

/** The forgiving parse: each bad field falls back to its default, and anything but an object to all defaults. */
export const SkillSettingsSchema = z
  .object({
    enabledSkillNames: lenientNames,
    translationEnabled: z.boolean().default(true).catch(true),
    targetLanguage: z.string().min(1).optional().catch(undefined),
    builtinDefaultsInitialized: z.boolean().default(false).catch(false),
    appliedDefaultBuiltinSkillNames: lenientNames,
    allowScripts: lenientNames,
    allowShellInjection: z.boolean().default(false).catch(false),
  })
  .catch(() => createDefaultSkillSettings());

const KEPT_NOTE = "The stored value is kept until settings are next changed.";

/** What reading settings gives: usable settings, plus warnings when the stored value was damaged. */
export interface SkillSettingsReadResult {
  settings: SkillSettings;
  diagnostics: Diagnostic[];
}

/**
 * Parses a stored value (already JSON-decoded; `undefined` when nothing is stored). A damaged value
 * yields defaults for the bad parts and one `settings-invalid` warning; nothing is written back here.
 */
export function parseSkillSettings(value: unknown, source: string): SkillSettingsReadResult {
  const settings = normalizeSkillSettings(SkillSettingsSchema.parse(value ?? {}));
  const strict = strictSkillSettingsSchema.safeParse(value ?? {});
  if (strict.success) return { settings, diagnostics: [] };
  const problems = describeZodIssues(strict.error.issues, "(root)");
  return {
    settings,
    diagnostics: [
      {
        severity: "warning",
        code: "settings-invalid",
        message: `Stored skill settings are invalid (${problems.join("; ")}); defaults are used for those parts. ${KEPT_NOTE}`,
        path: source,
      },
    ],
  };
}

/** Decodes the stored JSON text (`undefined` when nothing is stored); text that is not JSON warns and gives defaults. */
export function decodeSkillSettings(text: string | undefined, source: string): SkillSettingsReadResult {
  if (text === undefined) return parseSkillSettings(undefined, source);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      settings: createDefaultSkillSettings(),
      diagnostics: [
        {
          severity: "warning",
          code: "settings-invalid",
          message: `Stored skill settings are not JSON (${reason}); defaults are used. ${KEPT_NOTE}`,
          path: source,
        },
      ],
    };
  }
  return parseSkillSettings(value, source);
}

/**
 * The one-time built-in defaults rule. A default built-in that is present is enabled the first time it
 * is seen, and never again, so turning it off sticks. Names of skills not discovered right now are kept.
 */
export function applyBuiltinDefaults(
  settings: SkillSettings,
  presentDefaultBuiltins: readonly string[],
): SkillSettings {
  const applied = new Set(settings.appliedDefaultBuiltinSkillNames);
  const newlyShipped = settings.builtinDefaultsInitialized
    ? presentDefaultBuiltins.filter((name) => !applied.has(name))
    : presentDefaultBuiltins;
  return {
    ...settings,
    enabledSkillNames: union(settings.enabledSkillNames, newlyShipped),
    builtinDefaultsInitialized: true,
    appliedDefaultBuiltinSkillNames: union(settings.appliedDefaultBuiltinSkillNames, presentDefaultBuiltins),
  };
}

/** Adds or removes one name from `enabledSkillNames`, leaving every other name alone. */
export function setSkillEnabled(settings: SkillSettings, name: string, enabled: boolean): SkillSettings {
  const enabledSkillNames = enabled
    ? union(settings.enabledSkillNames, [name])
    : settings.enabledSkillNames.filter((item) => item !== name);
  return { ...settings, enabledSkillNames };
}

/** Enabled names with no discovered skill: show them as "missing", never delete them. */
export function listMissingSkillNames(settings: SkillSettings, discoveredNames: Iterable<string>): string[] {
  const discovered = new Set(discoveredNames);
  return settings.enabledSkillNames.filter((name) => !discovered.has(name));
}

/** True when the scripts of skill `name` may run. */
export function areScriptsAllowed(settings: SkillSettings, name: string): boolean {
  return settings.allowScripts.includes(name);
}

/** True when two settings values hold the same data. */
export function isSameSkillSettings(a: SkillSettings, b: SkillSettings): boolean {
  return JSON.stringify(normalizeSkillSettings(a)) === JSON.stringify(normalizeSkillSettings(b));
}

/** Fixed key order and no duplicate names, so the stored JSON is stable. */
export function normalizeSkillSettings(settings: SkillSettings): SkillSettings {
  const normalized: SkillSettings = {
    enabledSkillNames: union([], settings.enabledSkillNames),
    translationEnabled: settings.translationEnabled,
    builtinDefaultsInitialized: settings.builtinDefaultsInitialized,
    appliedDefaultBuiltinSkillNames: union([], settings.appliedDefaultBuiltinSkillNames),
    allowScripts: union([], settings.allowScripts),
    allowShellInjection: settings.allowShellInjection,
  };
  if (settings.targetLanguage !== undefined) normalized.targetLanguage = settings.targetLanguage;
  return normalized;
}

function union(first: readonly string[], second: readonly string[]): string[] {
  return [...new Set([...first, ...second])];
}
