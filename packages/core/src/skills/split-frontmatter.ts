// Splits a SKILL.md text into its frontmatter block and its body, by delimiter lines only (pure).

/** Where the frontmatter sits in a SKILL.md text, and the byte-exact body after it. */
export interface FrontmatterSplit {
  /** `closed`: opening and closing delimiter lines; `unclosed`: an opening line only; `none`: no opening line. */
  kind: "closed" | "unclosed" | "none";
  /** The text between the delimiter lines (`closed`), or everything after the opening line (`unclosed`). */
  yaml: string;
  /** Offset in the text of the first character of `yaml`. */
  yamlOffset: number;
  /** 1-based line in the file of the first line of `yaml`. */
  yamlStartLine: number;
  /** Everything after the closing delimiter line, byte-exact (the whole text, minus a BOM, for `none`). */
  body: string;
  /** Offset in the text where the body starts. */
  bodyOffset: number;
  /** 1-based line in the file where the body starts. */
  bodyStartLine: number;
  /** True when the text started with a UTF-8 byte order mark (ignored for matching). */
  hasBom: boolean;
}

/** True for a line that is `---` alone, allowing trailing spaces, tabs and a CR. */
export function isDelimiterLine(text: string, start: number, end: number): boolean {
  if (end - start < 3) return false;
  if (
    text.charCodeAt(start) !== 45 ||
    text.charCodeAt(start + 1) !== 45 ||
    text.charCodeAt(start + 2) !== 45
  ) {
    return false;
  }
  for (let index = start + 3; index < end; index++) {
    const code = text.charCodeAt(index);
    // space, tab, or a CR (only as the last character of the line)
    if (code !== 32 && code !== 9 && !(code === 13 && index === end - 1)) return false;
  }
  return true;
}

/** Finds the frontmatter block: the first line must be `---`; it ends at the next line that is `---`. */
export function splitFrontmatter(text: string): FrontmatterSplit {
  const hasBom = text.charCodeAt(0) === 0xfeff;
  const start = hasBom ? 1 : 0;
  const firstNewline = text.indexOf("\n", start);
  const firstEnd = firstNewline === -1 ? text.length : firstNewline;
  if (!isDelimiterLine(text, start, firstEnd)) {
    return {
      kind: "none",
      yaml: "",
      yamlOffset: start,
      yamlStartLine: 1,
      body: text.slice(start),
      bodyOffset: start,
      bodyStartLine: 1,
      hasBom,
    };
  }
  const yamlOffset = firstNewline === -1 ? text.length : firstNewline + 1;
  let lineStart = yamlOffset;
  let line = 2;
  while (lineStart < text.length) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    if (isDelimiterLine(text, lineStart, lineEnd)) {
      const bodyOffset = newline === -1 ? text.length : newline + 1;
      return {
        kind: "closed",
        yaml: text.slice(yamlOffset, lineStart),
        yamlOffset,
        yamlStartLine: 2,
        body: text.slice(bodyOffset),
        bodyOffset,
        bodyStartLine: line + 1,
        hasBom,
      };
    }
    if (newline === -1) break;
    lineStart = newline + 1;
    line++;
  }
  return {
    kind: "unclosed",
    yaml: text.slice(yamlOffset),
    yamlOffset,
    yamlStartLine: 2,
    body: text.slice(yamlOffset),
    bodyOffset: yamlOffset,
    bodyStartLine: 2,
    hasBom,
  };
}
