// Optional translation of descriptions for skill lists, per the person's settings.
import type { SettingsStore } from "@skillbox/core/store/settings-store";
import type { DescriptionItem, Translator } from "./create-translator.js";

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
  const targetLanguage = readTargetLanguage(settings);
  if (targetLanguage === undefined) return originals;
  try {
    const translated = await translator.translateDescriptions(items, targetLanguage);
    return items.map((item, index) => translated[index]?.description ?? item.description);
  } catch {
    // Translators promise not to throw; if one does anyway, the page still shows the originals.
    return originals;
  }
}

/** The language descriptions are shown in: set only when translation is on and a language is chosen. */
export function readTargetLanguage(settings: Pick<SettingsStore, "readSkillSettings">): string | undefined {
  const { translationEnabled, targetLanguage } = settings.readSkillSettings().settings;
  if (!translationEnabled || targetLanguage === undefined || targetLanguage.trim() === "") return undefined;
  return targetLanguage;
}
