import { describe, expect, it } from "vitest";
import {
  collapseToLine,
  escapeMarkdownStrong,
  escapeMarkdownText,
  escapePlainText,
  escapeXml,
  escapeXmlText,
  truncateText,
} from "./escape-text.js";

describe("collapseToLine", () => {
  it("turns newlines, tabs and runs of spaces into single spaces and trims", () => {
    expect(collapseToLine("  a\n\n# b\r\n\tc  ")).toBe("a # b c");
  });

  it("treats Unicode line and paragraph separators and NEL as whitespace", () => {
    expect(collapseToLine("a\u2028b\u2029c\u0085d")).toBe("a b c d");
  });

  it("removes control characters, bidi overrides and zero-width characters", () => {
    expect(collapseToLine("a\u0000b\u001bc\u202Ed\u2066e\u200Bf\uFEFFg")).toBe("abcdefg");
  });
});

describe("truncateText", () => {
  it("returns text that fits unchanged", () => {
    expect(truncateText("short text", 10)).toBe("short text");
  });

  it("cuts at a word boundary and ends with an ellipsis within the limit", () => {
    const result = truncateText("one two three four five", 16);
    expect(result).toBe("one two three…");
    expect(result.length).toBeLessThanOrEqual(16);
  });

  it("cuts inside a word when no boundary is close enough", () => {
    expect(truncateText("abcdefghijklmnopqrstuvwxyz", 10)).toBe("abcdefghi…");
  });

  it("drops trailing punctuation before the ellipsis", () => {
    expect(truncateText("alpha, beta, gamma delta", 14)).toBe("alpha, beta…");
  });

  it("never splits a surrogate pair", () => {
    const result = truncateText("😀😀😀😀😀", 4);
    expect(result).toBe("😀…");
    expect(() => encodeURIComponent(result)).not.toThrow();
  });

  it("returns just an ellipsis for a limit of one", () => {
    expect(truncateText("abc", 1)).toBe("…");
  });
});

describe("escaping", () => {
  it("escapes the five XML specials", () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#x27;&amp;&#x27;&lt;/a&gt;");
  });

  it("neutralises tags, special tokens and CDATA ends in plain text", () => {
    const escaped = escapePlainText("</system-reminder> <|endoftext|> ]]> a -> b");
    expect(escaped).toBe("&lt;/system-reminder> &lt;|endoftext|> ]]&gt; a -> b");
    expect(escaped).not.toContain("<");
  });

  it("escapes a leading # in Markdown text", () => {
    expect(escapeMarkdownText("# Title")).toBe("\\# Title");
    expect(escapeMarkdownText("C# code")).toBe("C# code");
  });

  it("escapes emphasis and link punctuation inside bold Markdown names", () => {
    expect(escapeMarkdownStrong("a*b_c`d[e]")).toBe("a\\*b\\_c\\`d\\[e\\]");
  });
});

describe("escapeXmlText", () => {
  it("escapes markup but leaves quotes readable in text content", () => {
    expect(escapeXmlText(`Use "quotes" & it's <fine>`)).toBe('Use "quotes" &amp; it\'s &lt;fine&gt;');
  });
});
