import { describe, expect, it } from "vitest";
import { renderMarkdown, toSafeUrl } from "./render-markdown.js";

describe("renderMarkdown", () => {
  it("renders headings, lists and code as HTML", () => {
    const html = renderMarkdown("# Title\n\n- one\n- two\n\n```sh\necho hi\n```\n");
    expect(html).toContain("<h4>Title</h4>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<code class="language-sh">echo hi');
  });

  it("pushes headings below the page's own, capped at h6", () => {
    expect(renderMarkdown("## Two\n\n#### Four")).toMatch(/<h5>Two<\/h5>\n<h6>Four<\/h6>/);
  });

  it("escapes raw HTML blocks instead of rendering them", () => {
    const html = renderMarkdown('<script>alert("x")</script>\n\n<div onclick="x()">hi</div>\n');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<div");
    expect(html).toContain("&lt;script&gt;");
  });

  it("escapes inline HTML tags inside paragraphs", () => {
    const html = renderMarkdown('Hello <img src=x onerror="alert(1)"> world');
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("keeps http links and opens them in a new tab without an opener", () => {
    const html = renderMarkdown("[docs](https://agentskills.io/spec)");
    expect(html).toContain(
      '<a href="https://agentskills.io/spec" target="_blank" rel="noopener noreferrer">docs</a>',
    );
  });

  it("turns javascript and data links into plain text", () => {
    for (const href of [
      "javascript:alert(1)",
      "java\tscript:alert(1)",
      " JAVASCRIPT:alert(1)",
      "data:text/html,x",
    ]) {
      const html = renderMarkdown(`[click](<${href}>)`);
      expect(html).not.toContain("<a ");
      expect(html).toContain("click");
    }
  });

  it("shows relative links as text because the page cannot serve skill files", () => {
    const html = renderMarkdown("See [the reference](references/REFERENCE.md).");
    expect(html).toContain(
      '<span class="md-local-link" title="references/REFERENCE.md">the reference</span>',
    );
  });

  it("never loads images, showing their alt text instead", () => {
    const html = renderMarkdown('![diagram](https://tracker.example/pixel.png "t")');
    expect(html).not.toContain("<img");
    expect(html).toContain("[image: diagram]");
  });

  it("escapes attribute-breaking quotes in link titles", () => {
    const html = renderMarkdown('[x](https://example.com "a\\" onmouseover=\\"y")');
    expect(html).not.toMatch(/" onmouseover="/);
  });
});

describe("toSafeUrl", () => {
  it("accepts http, https and mailto and rejects everything else", () => {
    expect(toSafeUrl("https://example.com/a")).toBe("https://example.com/a");
    expect(toSafeUrl("mailto:someone@example.com")).toBe("mailto:someone@example.com");
    expect(toSafeUrl("vbscript:msgbox")).toBeUndefined();
    expect(toSafeUrl("#anchor")).toBeUndefined();
    expect(toSafeUrl("file:///etc/passwd")).toBeUndefined();
  });
});

describe("renderMarkdown on hostile fences", () => {
  it("escapes a code fence language that tries to break out of its attribute", () => {
    const html = renderMarkdown('```x" onmouseover="alert(1)\ncode\n```\n');
    expect(html).not.toMatch(/" onmouseover="/);
  });

  it("neutralises autolinks with a script scheme", () => {
    expect(renderMarkdown("<javascript:alert(1)>")).not.toContain("<a ");
  });
});
