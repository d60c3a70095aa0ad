// Splits tool lists and other list-like frontmatter strings into entries, keeping bracketed parts
// whole: `Bash(git add:*), Read` is two entries (pure).

/** Which characters separate entries outside brackets. */
export interface SplitListOptions {
  /** Split on whitespace (default true). */
  whitespace?: boolean;
  /** Split on commas (default true). */
  commas?: boolean;
}

const OPENERS: Record<string, string> = { "(": ")", "[": "]", "{": "}" };

/** Splits `text` on whitespace and/or commas that are not inside (), [] or {}; empty entries are dropped. */
export function splitList(text: string, options: SplitListOptions = {}): string[] {
  const splitOnWhitespace = options.whitespace ?? true;
  const splitOnCommas = options.commas ?? true;
  const entries: string[] = [];
  const closers: string[] = [];
  let current = "";
  for (const character of text) {
    const closer = OPENERS[character];
    if (closer !== undefined) closers.push(closer);
    else if (character === closers[closers.length - 1]) closers.pop();
    const separates =
      closers.length === 0 &&
      ((splitOnCommas && character === ",") || (splitOnWhitespace && /\s/.test(character)));
    if (separates) {
      if (current.trim() !== "") entries.push(current.trim());
      current = "";
    } else {
      current += character;
    }
  }
  if (current.trim() !== "") entries.push(current.trim());
  return entries;
}

/** True when `text` has a comma outside brackets (the spec's lists are space-separated). */
export function hasTopLevelComma(text: string): boolean {
  let depth = 0;
  for (const character of text) {
    if (character in OPENERS) depth++;
    else if ((character === ")" || character === "]" || character === "}") && depth > 0) depth--;
    else if (character === "," && depth === 0) return true;
  }
  return false;
}
