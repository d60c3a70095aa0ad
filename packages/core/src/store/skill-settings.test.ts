import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_SETTING_NAMES } from "./setting-names.js";
import {
  applyBuiltinDefaults,
  areScriptsAllowed,
  createDefaultSkillSettings,
  decodeSkillSettings,
  listMissingSkillNames,
  normalizeSkillSettings,
  parseSkillSettings,
  readValidSkillSettings,
  setSkillEnabled,
} from "./skill-settings.js";
import { strictSkillSettingsSchema } from "./skill-settings-schema.js";

describe("skill settings", () => {
  it("default to nothing enabled, translation on, no scripts and no shell injection", () => {
    expect(createDefaultSkillSettings()).toEqual({
      enabledSkillNames: [],
      translationEnabled: true,
      builtinDefaultsInitialized: false,
      appliedDefaultBuiltinSkillNames: [],
      allowScripts: [],
      allowShellInjection: false,
    });
  });

  it("read a missing value as defaults without a warning", () => {
    expect(parseSkillSettings(undefined, "db")).toEqual({
      settings: createDefaultSkillSettings(),
      diagnostics: [],
    });
  });

  it("read a valid value as it is", () => {
    const stored = { ...createDefaultSkillSettings(), enabledSkillNames: ["pdf"], targetLanguage: "fr" };
    expect(parseSkillSettings(stored, "db")).toEqual({ settings: stored, diagnostics: [] });
  });

  it("reset only the damaged fields and warn, keeping the good names of a list", () => {
    const result = parseSkillSettings(
      { enabledSkillNames: ["pdf", 3, "docx"], translationEnabled: "yes" },
      "db",
    );
    expect(result.settings.enabledSkillNames).toEqual(["pdf", "docx"]);
    expect(result.settings.translationEnabled).toBe(true);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({
      severity: "warning",
      code: "settings-invalid",
      path: "db",
    });
    expect(result.diagnostics[0]?.message).toContain("enabledSkillNames");
  });

  it("drop stored names that are no skill names, with a warning naming the place", () => {
    const result = parseSkillSettings({ allowScripts: ["pdf", "../../etc", "a\u202eb"] }, "db");
    expect(result.settings.allowScripts).toEqual(["pdf"]);
    expect(result.diagnostics[0]?.message).toContain(`allowScripts[1]: "../../etc" is not a skill name`);
  });

  it("reset a blob that is not an object, or not JSON, to defaults with a warning", () => {
    for (const result of [parseSkillSettings("garbage", "db"), decodeSkillSettings("{not json", "db")]) {
      expect(result.settings).toEqual(createDefaultSkillSettings());
      expect(result.diagnostics[0]?.code).toBe("settings-invalid");
    }
  });
});

describe("applyBuiltinDefaults", () => {
  it("enables every present default built-in the first time", () => {
    const next = applyBuiltinDefaults(createDefaultSkillSettings(), ["data-analysis", "frontend-design"]);
    expect(next.enabledSkillNames).toEqual(["data-analysis", "frontend-design"]);
    expect(next.builtinDefaultsInitialized).toBe(true);
    expect(next.appliedDefaultBuiltinSkillNames).toEqual(["data-analysis", "frontend-design"]);
  });

  it("does not re-enable a default the person turned off", () => {
    const first = applyBuiltinDefaults(createDefaultSkillSettings(), ["data-analysis"]);
    const optedOut = setSkillEnabled(first, "data-analysis", false);
    expect(applyBuiltinDefaults(optedOut, ["data-analysis"]).enabledSkillNames).toEqual([]);
  });

  it("enables a newly shipped default once, and only that one", () => {
    const first = setSkillEnabled(applyBuiltinDefaults(createDefaultSkillSettings(), ["a"]), "a", false);
    const next = applyBuiltinDefaults(first, ["a", "b"]);
    expect(next.enabledSkillNames).toEqual(["b"]);
    expect(next.appliedDefaultBuiltinSkillNames).toEqual(["a", "b"]);
  });

  it("never drops enabled names of skills that are not discovered right now", () => {
    const settings = { ...createDefaultSkillSettings(), enabledSkillNames: ["from-unmounted-folder", "a"] };
    const next = applyBuiltinDefaults(settings, []);
    expect(next.enabledSkillNames).toEqual(["from-unmounted-folder", "a"]);
    expect(listMissingSkillNames(next, ["a"])).toEqual(["from-unmounted-folder"]);
  });

  it("enables a default whose folder was missing at first, once it appears", () => {
    const first = applyBuiltinDefaults(createDefaultSkillSettings(), ["a"]);
    expect(first.appliedDefaultBuiltinSkillNames).toEqual(["a"]);
    expect(applyBuiltinDefaults(first, ["a", "late"]).enabledSkillNames).toEqual(["a", "late"]);
  });
});

describe("setSkillEnabled and areScriptsAllowed", () => {
  it("add a name once and remove only that name", () => {
    const settings = { ...createDefaultSkillSettings(), enabledSkillNames: ["a", "b"] };
    expect(setSkillEnabled(settings, "a", true).enabledSkillNames).toEqual(["a", "b"]);
    expect(setSkillEnabled(settings, "c", true).enabledSkillNames).toEqual(["a", "b", "c"]);
    expect(setSkillEnabled(settings, "a", false).enabledSkillNames).toEqual(["b"]);
  });

  it("allow scripts only for listed skills", () => {
    const settings = { ...createDefaultSkillSettings(), allowScripts: ["pdf"] };
    expect(areScriptsAllowed(settings, "pdf")).toBe(true);
    expect(areScriptsAllowed(createDefaultSkillSettings(), "pdf")).toBe(false);
  });
});

describe("the plain check of stored settings", () => {
  it("gives the schema's defaults", () => {
    expect(createDefaultSkillSettings()).toEqual(strictSkillSettingsSchema.parse({}));
  });

  it("accepts exactly what the strict schema accepts, with the same settings", () => {
    const name = fc.oneof(
      fc.constantFrom("pdf", "docx", "a-b", "../x", "a/b", "", "a\u202eb", "x".repeat(129), "x".repeat(128)),
      fc.string(),
    );
    const names = fc.oneof(
      fc.array(name, { maxLength: 4 }),
      fc.array(fc.constant("pdf"), { minLength: MAX_SETTING_NAMES, maxLength: MAX_SETTING_NAMES + 1 }),
      fc.array(fc.oneof(name, fc.integer(), fc.constant(null)), { maxLength: 3 }),
      fc.constantFrom("pdf", null, 3, {}),
    );
    const flag = fc.oneof(fc.boolean(), fc.constantFrom("true", 0, null));
    const settings = fc.record(
      {
        enabledSkillNames: names,
        translationEnabled: flag,
        targetLanguage: fc.oneof(fc.constantFrom("fr", "", 3, null), fc.string()),
        builtinDefaultsInitialized: flag,
        appliedDefaultBuiltinSkillNames: names,
        allowScripts: names,
        allowShellInjection: flag,
        somethingElse: fc.anything(),
      },
      { requiredKeys: [] },
    );
    const value = fc.oneof(settings, fc.constantFrom(null, [], "garbage", 3));
    fc.assert(
      fc.property(value, (stored) => {
        const strict = strictSkillSettingsSchema.safeParse(stored);
        const valid = readValidSkillSettings(stored);
        expect(valid === undefined).toBe(!strict.success);
        if (strict.success) expect(valid).toEqual(normalizeSkillSettings(strict.data));
      }),
      { numRuns: 2000 },
    );
  });
});
