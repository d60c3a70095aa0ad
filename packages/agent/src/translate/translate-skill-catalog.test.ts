import type { CatalogEntry } from "@skillbox/core/prompt/catalog-entry";
import { renderSkillCatalog } from "@skillbox/core/prompt/render-skill-catalog";
import { InMemorySettingsStore } from "@skillbox/core/store/settings-store";
import { describe, expect, it } from "vitest";
import type { DescriptionItem, TranslatedDescription, Translator } from "./create-translator.js";
import { renderTranslatedSkillCatalog, translateSkillCatalog } from "./translate-skill-catalog.js";

function entry(name: string, overrides: Partial<CatalogEntry> = {}): CatalogEntry {
  return {
    name,
    description: `Helps with ${name}: reads the inputs, checks them, and writes a clear report.`,
    tags: [],
    location: `/skills/${name}/SKILL.md`,
    score: 0,
    isNew: false,
    ...overrides,
  };
}

function library(count: number): CatalogEntry[] {
  return Array.from({ length: count }, (_, index) =>
    entry(`skill-${String(index).padStart(4, "0")}`, { score: count - index }),
  );
}

/** Marks each text with the language; `keep` names skills whose translation fails. */
function markingTranslator(keep: readonly string[] = []): Translator & { asked: DescriptionItem[] } {
  const asked: DescriptionItem[] = [];
  return {
    asked,
    async translateDescriptions(items, language) {
      asked.push(...items);
      return items.map(
        (item): TranslatedDescription =>
          keep.includes(item.name)
            ? { ...item, original: item.description, source: "original", failure: "no" }
            : {
                ...item,
                description: `[${language}] ${item.description}`,
                original: item.description,
                source: "model",
              },
      );
    },
    async translateBody(_name, body) {
      return { text: body, source: "original" };
    },
  };
}

const german = () =>
  new InMemorySettingsStore({ skillSettings: { translationEnabled: true, targetLanguage: "de" } });

describe("translateSkillCatalog", () => {
  it("asks for nothing when translation is off, no language is set or there is no translator", async () => {
    const translator = markingTranslator();
    const entries = [entry("pdf")];
    const off = new InMemorySettingsStore({
      skillSettings: { translationEnabled: false, targetLanguage: "de" },
    });
    const noLanguage = new InMemorySettingsStore({ skillSettings: { translationEnabled: true } });
    expect(await translateSkillCatalog(entries, {}, { translator, settings: off })).toBeUndefined();
    expect(await translateSkillCatalog(entries, {}, { translator, settings: noLanguage })).toBeUndefined();
    expect(
      await translateSkillCatalog(entries, {}, { translator: undefined, settings: german() }),
    ).toBeUndefined();
    expect(await translateSkillCatalog(entries, {}, undefined)).toBeUndefined();
    expect(translator.asked).toEqual([]);
  });

  it("translates only the skills the budgeted listing includes, with when_to_use, and lists them translated", async () => {
    const translator = markingTranslator();
    const entries = [entry("pdf", { whenToUse: "When a PDF is involved.", isNew: true }), ...library(1200)];
    const options = { budget: { tokens: 600 } };
    const built = await renderTranslatedSkillCatalog(entries, options, { translator, settings: german() });
    const listed = new Set(built?.stats.perEntry.map((item) => item.name));
    expect(translator.asked.length).toBeLessThan(300);
    // Every listed skill was translated; a translation longer than the original may move a skill
    // from its own line into the over-budget map, so a few translated ones may not be listed.
    const asked = new Set(translator.asked.map((item) => item.name));
    for (const name of listed) expect(asked.has(name)).toBe(true);
    expect(listed.size).toBeGreaterThan(asked.size / 2);
    expect(translator.asked.find((item) => item.name === "pdf")).toEqual({
      name: "pdf",
      description:
        "Helps with pdf: reads the inputs, checks them, and writes a clear report. When a PDF is involved.",
    });
    expect(built?.text).toContain("- pdf: [de] Helps with pdf");
    expect(built?.tokens).toBeLessThanOrEqual(600);
  });

  it("skips name-only skills and keeps the original where a translation failed", async () => {
    const translator = markingTranslator(["xlsx"]);
    const entries = [entry("pdf"), entry("xlsx"), entry("quiet", { state: "name-only" })];
    const descriptions = await translateSkillCatalog(
      entries,
      { budget: "none" },
      { translator, settings: german() },
    );
    expect(translator.asked.map((item) => item.name)).toEqual(["pdf", "xlsx"]);
    expect([...(descriptions ?? new Map())]).toEqual([
      ["pdf", expect.stringMatching(/^\[de\] Helps with pdf/)],
    ]);
    const text = renderSkillCatalog(entries, {
      budget: "none",
      ...(descriptions ? { descriptions } : {}),
    })?.text;
    expect(text).toContain("- xlsx: Helps with xlsx");
    expect(text).toContain("- quiet\n");
  });

  it("keeps the originals when the translator throws", async () => {
    const translator: Translator = {
      translateDescriptions: async () => {
        throw new Error("boom");
      },
      translateBody: async (_name, body) => ({ text: body, source: "original" }),
    };
    const entries = [entry("pdf")];
    const built = await renderTranslatedSkillCatalog(entries, {}, { translator, settings: german() });
    expect(built?.text).toBe(renderSkillCatalog(entries)?.text);
  });
});
