// Text hygiene for Layer 1: one-line collapsing, truncation, and per-format escaping, so that no
// skill-supplied text can close or forge the block it sits in.

// Control characters (except whitespace, handled by collapsing), bidi overrides and isolates
// (Trojan Source), and zero-width joiners/BOMs: none of them belong in a one-line listing.
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  /[\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/gu;
const WHITESPACE_RUN = /[\s\u0085]+/gu;
const VISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the complement of what collapsing removes.
  /[^\s\u0085\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/u;
const ELLIPSIS = "…";

/** Collapses any text to one trimmed line: whitespace runs (newlines included) become one space. */
export function collapseToLine(text: string): string {
  return text.replace(INVISIBLE, "").replace(WHITESPACE_RUN, " ").trim();
}

/** True when collapseToLine(text) would not be empty (a cheap test: it stops at the first visible character). */
export function hasVisibleText(text: string): boolean {
  return VISIBLE.test(text);
}

/**
 * Cuts `text` to at most `maxCharacters` (counting the ellipsis), preferring a word boundary,
 * and appends "…". Returns the text unchanged when it already fits.
 */
export function truncateText(text: string, maxCharacters: number): string {
  if (text.length <= maxCharacters) return text;
  if (maxCharacters <= 1) return ELLIPSIS;
  let cut = maxCharacters - 1;
  // Never split a surrogate pair.
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  const space = text.lastIndexOf(" ", cut);
  // Prefer the last word boundary unless that would throw away more than a third of the room.
  if (space > (cut * 2) / 3) cut = space;
  return `${text.slice(0, cut).replace(/[\s,;:.\-–—]+$/u, "")}${ELLIPSIS}`;
}

/** XML/HTML escaping of & < > " ' (as Python's html.escape does). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ENTITIES[character] ?? character);
}

/**
 * XML escaping for text content (not attributes): only & < > need it there, and leaving quotes
 * alone spares the model `&quot;` noise in prose.
 */
export function escapeXmlText(text: string): string {
  return text.replace(/[&<>]/g, (character) => XML_ENTITIES[character] ?? character);
}

const XML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};

/**
 * Escaping for one-line plain text: `<` becomes `&lt;` (so no tag, closing tag or `<|special|>`
 * token can appear) and `]]>` becomes `]]&gt;` (so no CDATA section can be closed).
 */
export function escapePlainText(text: string): string {
  return text.replace(/</g, "&lt;").replace(/\]\]>/g, "]]&gt;");
}

/** Plain-text escaping plus a leading `#` escaped, for text that follows list markup in Markdown. */
export function escapeMarkdownText(text: string): string {
  return escapePlainText(text).replace(/^#/, "\\#");
}

/** Escaping for text inside `**…**`: Markdown punctuation that could end or nest the emphasis. */
export function escapeMarkdownStrong(text: string): string {
  return escapePlainText(text).replace(/[\\`*_[\]#|]/g, "\\$&");
}
