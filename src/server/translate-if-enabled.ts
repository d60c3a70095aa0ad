// Optional translation of descriptions for the list and the Layer 1 preview, per the person's settings.
import type { SettingsStore } from "../store/settings-store.js";
import type { DescriptionItem, Translator } from "../translate/create-translator.js";

/**
 * The descriptions of `items` in the settings' target language, in the same order, when translation
 * is on, a language is set and a translator exists; otherwise (or on any failure) the originals.
 */
export async function translateIfEnabled(
  translator: Translator | undefined,
  settings: SettingsStore,
  items: readonly DescriptionItem[],
): Promise<string[]> {
  const originals = items.map((item) => item.description);
  if (translator === undefined || items.length === 0) return originals;
  const { translationEnabled, targetLanguage } = settings.readSkillSettings().settings;
  if (!translationEnabled || targetLanguage === undefined || targetLanguage.trim() === "") return originals;
  try {
    const translated = await translator.translateDescriptions(items, targetLanguage);
    return items.map((item, index) => translated[index]?.description ?? item.description);
  } catch {
    // Translators promise not to throw; if one does anyway, the page still shows the originals.
    return originals;
  }
}
