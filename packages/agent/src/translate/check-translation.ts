// Rejects model output that cannot be a translation of the input: empty, or far longer than it.

/** How many times longer than the original a translation may be (plus a small allowance for tiny texts). */
export const MAX_GROWTH_FACTOR = 4;
const SMALL_TEXT_ALLOWANCE = 32;

/** Why `translated` is unusable as a translation of `original`, or undefined when it is fine (identical is fine). */
export function findTranslationProblem(original: string, translated: string): string | undefined {
  if (translated.trim() === "") return "the model returned an empty translation";
  if (translated.length > original.length * MAX_GROWTH_FACTOR + SMALL_TEXT_ALLOWANCE) {
    return `the translation is more than ${MAX_GROWTH_FACTOR} times longer than the original`;
  }
  return undefined;
}
