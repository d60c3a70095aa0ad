// Skill settings (Chatbox's SkillSettingsSchema plus script permissions) and their pure rules.
// Their zod schemas (skill-settings-schema.ts) are loaded only for a value the plain check rejects:
// every workspace reads the settings, and evaluating zod cost more than the rest of a `list`.

import type { z } from "zod";
import type { Diagnostic } from "../skills/diagnostic.js";
import { describeZodIssues } from "./describe-zod-issues.js";
import { loadSkillSettingsSchema } from "./load-skill-settings-schema.js";
import { isSettingNameList } from "./setting-names.js";
import type { strictSkillSettingsSchema } from "./skill-settings-schema.js";

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

/** Settings that decide which skills are enabled and what they may do. */
export type SkillSettings = z.output<typeof strictSkillSettingsSchema>;

/** Every field at its default (strictSkillSettingsSchema's defaults; skill-settings.test holds them equal). */
export function createDefaultSkillSettings(): SkillSettings {
  return {
    enabledSkillNames: [],
    translationEnabled: true,
    builtinDefaultsInitialized: false,
    appliedDefaultBuiltinSkillNames: [],
    allowScripts: [],
    allowShellInjection: false,
  };
}

/**
 * The settings `value` holds, normalized, when strictSkillSettingsSchema accepts it (checked by hand:
 * nearly every stored value is valid); undefined when it does not, for the schema to say why.
 */
export function readValidSkillSettings(value: unknown): SkillSettings | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const fields = value as Partial<Record<keyof SkillSettings, unknown>>;
  const names = (list: unknown) => list === undefined || isSettingNameList(list);
  const flag = (item: unknown) => item === undefined || typeof item === "boolean";
  const language = fields.targetLanguage;
  if (
    !names(fields.enabledSkillNames) ||
    !names(fields.appliedDefaultBuiltinSkillNames) ||
    !names(fields.allowScripts) ||
    !flag(fields.translationEnabled) ||
    !flag(fields.builtinDefaultsInitialized) ||
    !flag(fields.allowShellInjection) ||
    !(language === undefined || (typeof language === "string" && language.length > 0))
  ) {
    return undefined;
  }
  const defaults = createDefaultSkillSettings();
  const settings: SkillSettings = {
    enabledSkillNames: (fields.enabledSkillNames as string[] | undefined) ?? defaults.enabledSkillNames,
    translationEnabled: (fields.translationEnabled as boolean | undefined) ?? defaults.translationEnabled,
    builtinDefaultsInitialized:
      (fields.builtinDefaultsInitialized as boolean | undefined) ?? defaults.builtinDefaultsInitialized,
    appliedDefaultBuiltinSkillNames:
      (fields.appliedDefaultBuiltinSkillNames as string[] | undefined) ??
      defaults.appliedDefaultBuiltinSkillNames,
    allowScripts: (fields.allowScripts as string[] | undefined) ?? defaults.allowScripts,
    allowShellInjection: (fields.allowShellInjection as boolean | undefined) ?? defaults.allowShellInjection,
  };
  if (language !== undefined) settings.targetLanguage = language as string;
  return normalizeSkillSettings(settings);
}

/**
 * Validates settings for writing: the normalized settings, or the zod issues saying what is wrong
 * (strictSkillSettingsSchema's, one per problem).
 */
export function checkStrictSkillSettings(
  value: unknown,
): { settings: SkillSettings } | { issues: readonly z.core.$ZodIssue[] } {
  const valid = readValidSkillSettings(value);
  if (valid !== undefined) return { settings: valid };
  const parsed = loadSkillSettingsSchema().strictSkillSettingsSchema.safeParse(value);
  return parsed.success ? { settings: normalizeSkillSettings(parsed.data) } : { issues: parsed.error.issues };
}

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
  const checked = checkStrictSkillSettings(value ?? {});
  if ("settings" in checked) return { settings: checked.settings, diagnostics: [] };
  const problems = describeZodIssues(checked.issues, "(root)");
  const candidate = value ?? {};
  const settings =
    typeof candidate === "object" && candidate !== null && !Array.isArray(candidate)
      ? normalizeSkillSettings(loadSkillSettingsSchema().lenientSkillSettingsSchema.parse(candidate))
      : createDefaultSkillSettings();
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
