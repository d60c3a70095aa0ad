// Layer 1 in the person's language: the descriptions the listing shows, translated when the settings
// ask for it, then the listing rendered with them. The settings page's preview, `skillbox prompt`,
// `run` and `chat` all go through here, so what the page shows is what the model gets.

import type { BuiltCatalog } from "@skillbox/core/prompt/budget";
import { type CatalogEntry, isDescriptionHidden, joinDescription } from "@skillbox/core/prompt/catalog-entry";
import { renderSkillCatalog, type SkillCatalogOptions } from "@skillbox/core/prompt/render-skill-catalog";
import type { SettingsStore } from "@skillbox/core/store/settings-store";
import type {
  DescriptionItem,
  TranslateCallOptions,
  TranslatedDescription,
  Translator,
} from "./create-translator.js";
import { readTargetLanguage } from "./translate-if-enabled.js";

/** What translating Layer 1 needs: a translator (none: nothing is translated) and the settings that say whether and into what. */
export interface CatalogTranslation {
  translator: Translator | undefined;
  settings: Pick<SettingsStore, "readSkillSettings">;
}

// Translated texts are longer or shorter than the originals, so what fits the budget can change:
// a skill that joins the listing gets its translation in the next round, a few rounds at most.
const MAX_ROUNDS = 3;

/**
 * Translations of the descriptions Layer 1 shows, by skill name, for renderSkillCatalog's
 * `descriptions`; undefined when translation is off, no language is set or there is no translator.
 * Only skills the listing includes are translated (a budget leaves the rest out). A failed
 * translation keeps the original; this never throws for a model or cache failure.
 */
export async function translateSkillCatalog(
  entries: readonly CatalogEntry[],
  options: SkillCatalogOptions,
  translation: CatalogTranslation | undefined,
  call: TranslateCallOptions = {},
): Promise<ReadonlyMap<string, string> | undefined> {
  if (translation?.translator === undefined) return undefined;
  const { translator } = translation;
  const language = readTargetLanguage(translation.settings);
  if (language === undefined) return undefined;
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const descriptions = new Map<string, string>();
  const asked = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const built = renderSkillCatalog(entries, { ...options, descriptions, countTokens: false });
    const items: DescriptionItem[] = [];
    for (const { name } of built?.stats.perEntry ?? []) {
      if (asked.has(name)) continue;
      asked.add(name);
      const entry = byName.get(name);
      if (entry === undefined || isDescriptionHidden(entry) || options.states?.(name) === "name-only")
        continue;
      const description = joinDescription(entry.description, entry.whenToUse);
      if (description !== "") items.push({ name, description });
    }
    if (items.length === 0) break;
    let translated: TranslatedDescription[];
    try {
      translated = await translator.translateDescriptions(items, language, call);
    } catch {
      // Translators promise not to throw; if one does anyway, Layer 1 keeps the originals.
      break;
    }
    for (const item of translated)
      if (item.source !== "original") descriptions.set(item.name, item.description);
  }
  return descriptions;
}

/** renderSkillCatalog with the descriptions translated when the settings ask for it (see translateSkillCatalog). */
export async function renderTranslatedSkillCatalog(
  entries: readonly CatalogEntry[],
  options: SkillCatalogOptions,
  translation: CatalogTranslation | undefined,
  call: TranslateCallOptions = {},
): Promise<BuiltCatalog | undefined> {
  const descriptions = await translateSkillCatalog(entries, options, translation, call);
  return renderSkillCatalog(entries, descriptions === undefined ? options : { ...options, descriptions });
}
