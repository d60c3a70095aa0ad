// Reads the translations out of a model reply that was asked for strict JSON but may wrap it in a
// code fence, add a sentence around it, or use a slightly different shape.

/**
 * The translated texts by input id (0-based). Accepts `{ "translations": [{ "id", "text" }] }` (the
 * asked-for shape), a bare array of those or of strings (by position), and `{ "<id>": "text" }`.
 * Entries with an unknown id or a non-string text are ignored; unreadable replies give an empty map.
 */
export function parseTranslationReply(reply: string, count: number): Map<number, string> {
  const found = new Map<number, string>();
  const value = extractJson(reply);
  const list = Array.isArray(value)
    ? value
    : isRecord(value) && Array.isArray(value.translations)
      ? value.translations
      : isRecord(value) && Array.isArray(value.items)
        ? value.items
        : undefined;
  const keep = (id: unknown, text: unknown): void => {
    const index = typeof id === "string" && /^\d+$/.test(id) ? Number(id) : id;
    if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index >= count) return;
    if (typeof text === "string" && !found.has(index)) found.set(index, text);
  };
  if (list !== undefined) {
    list.forEach((entry: unknown, position: number) => {
      if (typeof entry === "string") keep(position, entry);
      else if (isRecord(entry))
        keep(entry.id ?? position, entry.text ?? entry.translation ?? entry.description);
    });
  } else if (isRecord(value)) {
    for (const [id, text] of Object.entries(value)) keep(id, text);
  }
  return found;
}

/** The first JSON value in the reply: the whole text, a fenced block, or the span between the outer brackets. */
export function extractJson(reply: string): unknown {
  const text = reply.replace(/^\uFEFF/, "").trim();
  const fenced = /```(?:json|JSON)?[ \t]*\r?\n([\s\S]*?)```/.exec(text)?.[1];
  for (const candidate of [text, fenced, bracketSpan(text, "{", "}"), bracketSpan(text, "[", "]")]) {
    if (candidate === undefined) continue;
    try {
      return JSON.parse(candidate);
    } catch {
      // Not this candidate; the next one may be the JSON the model wrapped in prose.
    }
  }
  return undefined;
}

function bracketSpan(text: string, open: string, close: string): string | undefined {
  const start = text.indexOf(open);
  const end = text.lastIndexOf(close);
  return start !== -1 && end > start ? text.slice(start, end + 1) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
