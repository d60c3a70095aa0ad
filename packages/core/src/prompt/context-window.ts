// Context windows of well-known models, in tokens: what Layer 1's default budget is a share of.

// Checked in order, first match wins; ids are compared lower-cased, without a `vendor/` prefix.
const KNOWN_WINDOWS: readonly (readonly [RegExp, number])[] = [
  [/^gpt-4\.1/, 1_047_576],
  [/^gpt-5/, 400_000],
  [/^(gpt-4o|chatgpt-4o|gpt-4-turbo|gpt-4-\d{4}-preview)/, 128_000],
  [/^gpt-4-32k/, 32_768],
  [/^gpt-4(-\d{4})?$/, 8_192],
  [/^gpt-3\.5-turbo/, 16_385],
  [/^o\d(-|$)/, 200_000],
  [/^claude-/, 200_000],
  [/^gemini-/, 1_048_576],
];

/**
 * The context window of `model` in tokens, or undefined when the model is unknown (local models,
 * proxies with their own names, the fake LLM server).
 */
export function contextWindowOf(model: string | undefined): number | undefined {
  if (model === undefined) return undefined;
  const id = model.trim().toLowerCase();
  const bare = id.slice(id.lastIndexOf("/") + 1);
  for (const [pattern, tokens] of KNOWN_WINDOWS) if (pattern.test(bare)) return tokens;
  return undefined;
}
