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
  const closers: number[] = [];
  let start = 0;
  // By UTF-16 unit: no separator or bracket is part of a surrogate pair, so units split as characters do.
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const closer = code === 40 ? 41 : code === 91 ? 93 : code === 123 ? 125 : -1;
    if (closer !== -1) closers.push(closer);
    else if (closers.length > 0 && code === closers[closers.length - 1]) closers.pop();
    const separates =
      closers.length === 0 && ((splitOnCommas && code === 44) || (splitOnWhitespace && isWhiteSpace(code)));
    if (separates) {
      pushTrimmed(entries, text.slice(start, index));
      start = index + 1;
    }
  }
  pushTrimmed(entries, text.slice(start));
  return entries;
}

function pushTrimmed(entries: string[], part: string): void {
  const trimmed = part.trim();
  if (trimmed !== "") entries.push(trimmed);
}

/** What `/\s/` matches: white space and line terminators. */
function isWhiteSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return (
    code === 160 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** True when `text` has a comma outside brackets (the spec's lists are space-separated). */
export function hasTopLevelComma(text: string): boolean {
  if (!text.includes(",")) return false;
  let depth = 0;
  for (const character of text) {
    if (character in OPENERS) depth++;
    else if ((character === ")" || character === "]" || character === "}") && depth > 0) depth--;
    else if (character === "," && depth === 0) return true;
  }
  return false;
}
