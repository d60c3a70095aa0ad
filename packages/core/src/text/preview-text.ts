// Shortens text for previews and model-facing output, saying how much was cut.

/** Returns `text` unchanged when it fits in `maxChars`, else its head and tail around a "[… N characters cut …]" mark. */
export function capText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = text.length - maxChars;
  const head = Math.ceil(maxChars * 0.4);
  const tail = maxChars - head;
  return `${text.slice(0, head)}\n[… ${cut} characters cut …]\n${tail > 0 ? text.slice(-tail) : ""}`;
}
