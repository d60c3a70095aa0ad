import { describe, expect, it } from "vitest";
import { splitFrontmatter } from "./split-frontmatter.js";

describe("splitFrontmatter", () => {
  it("keeps the body byte-exact after the closing delimiter line", () => {
    const text = "---\nname: a\n---\n\n# Body\n\n---\n\nmore  \n";
    const split = splitFrontmatter(text);
    expect(split.kind).toBe("closed");
    expect(split.yaml).toBe("name: a\n");
    expect(split.body).toBe("\n# Body\n\n---\n\nmore  \n");
    expect(split.bodyStartLine).toBe(4);
    expect(text.slice(split.bodyOffset)).toBe(split.body);
  });

  it("accepts CRLF delimiters and keeps CRLF in the body", () => {
    const split = splitFrontmatter("---\r\nname: a\r\n---\r\nline\r\n");
    expect(split.kind).toBe("closed");
    expect(split.yaml).toBe("name: a\r\n");
    expect(split.body).toBe("line\r\n");
  });

  it("ignores a byte order mark before the opening delimiter", () => {
    const split = splitFrontmatter("\ufeff---\nname: a\n---\nbody");
    expect(split).toMatchObject({ kind: "closed", hasBom: true, body: "body" });
  });

  it("allows trailing spaces and tabs after the delimiters", () => {
    expect(splitFrontmatter("--- \t\nname: a\n---  \nbody").kind).toBe("closed");
  });

  it("does not treat --- inside a value or ---foo as a delimiter", () => {
    const split = splitFrontmatter("---\ndescription: a---b\n---foo\n---\nbody");
    expect(split.yaml).toBe("description: a---b\n---foo\n");
    expect(split.body).toBe("body");
    expect(splitFrontmatter("---foo\nname: a\n---\n").kind).toBe("none");
  });

  it("reports an unclosed block and a missing one", () => {
    expect(splitFrontmatter("---\nname: a\n").kind).toBe("unclosed");
    expect(splitFrontmatter("---").kind).toBe("unclosed");
    const none = splitFrontmatter("\n---\nname: a\n---\n");
    expect(none.kind).toBe("none");
    expect(none.body).toBe("\n---\nname: a\n---\n");
  });

  it("gives an empty body when the closing delimiter is the last line without a newline", () => {
    expect(splitFrontmatter("---\nname: a\n---")).toMatchObject({
      kind: "closed",
      body: "",
      bodyStartLine: 4,
    });
  });
});
