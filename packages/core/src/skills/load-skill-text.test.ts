import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadSkillBytes } from "../registry/files/load-skill-bytes.js";
import { loadSkillText } from "./load-skill-text.js";
import type { LoadedSkillText } from "./skill-metadata.js";

/** Loads `__fixtures__/<folder>/<file>` leniently, the folder being the skill's folder name. */
function loadFixture(
  folder: string,
  file = "SKILL.md",
  options: { maxBytes?: number } = {},
): LoadedSkillText {
  const bytes = readFileSync(new URL(`./__fixtures__/${folder}/${file}`, import.meta.url));
  return loadSkillBytes(bytes, { path: `${folder}/${file}`, directoryName: folder, ...options });
}
const codes = (loaded: LoadedSkillText) => loaded.diagnostics.map((diagnostic) => diagnostic.code);

describe("loadSkillText (lenient)", () => {
  it("loads a minimal skill with every default and no diagnostics", () => {
    const loaded = loadFixture("valid-minimal");
    expect(loaded.loadable).toBe(true);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.metadata).toEqual({
      name: "valid-minimal",
      description: "Does a specific thing. Use when the user asks for that thing.",
      allowedTools: [],
      disallowedTools: [],
      context: "inline",
      disableModelInvocation: false,
      userInvocable: true,
      paths: [],
      tags: [],
      arguments: [],
      hooks: {},
      extra: {},
    });
    expect(loaded.body).toBe("# Instructions\n\nDo the thing.\n");
    expect(loaded.bodyStartLine).toBe(5);
  });

  it("reads CRLF files without carriage returns in values and keeps the body as written", () => {
    const loaded = loadFixture("crlf-line-endings");
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.metadata.description).toBe("Does a specific thing. Use when the user asks for that thing.");
    expect(loaded.body).toBe("# Instructions\r\n\r\nDo the thing.\r\n");
  });

  it("accepts a byte order mark silently", () => {
    const loaded = loadFixture("utf8-bom");
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.metadata.name).toBe("utf8-bom");
  });

  it("never cuts the body at a later --- line", () => {
    expect(loadFixture("body-with-horizontal-rules").body).toBe(
      "# Part one\n\n---\n\n# Part two\n\n---\nEnd.\n",
    );
  });

  it("treats --- inside values and ---foo lines as content", () => {
    const loaded = loadFixture("dashes-inside-value");
    expect(loaded.metadata.description).toBe("Converts Markdown---HTML both ways.");
    expect(loaded.metadata.license).toBe("--- not a delimiter");
    expect(loaded.body).toBe("Body\n---foo\n");
    expect(loadFixture("delimiter-with-trailing-whitespace").diagnostics).toEqual([]);
  });

  it("reads the lines before the first blank line of an unclosed block as frontmatter, with a warning", () => {
    const loaded = loadFixture("unclosed-frontmatter");
    expect(loaded.metadata.description).toBe("The closing line is missing.");
    expect(loaded.body).toBe("# Instructions\n\nDo the thing.\n");
    expect(loaded.bodyStartLine).toBe(5);
    expect(loaded.diagnostics[0]).toMatchObject({
      severity: "warning",
      code: "frontmatter-unclosed",
      line: 1,
    });
  });

  it("uses the whole file as the body when there is no frontmatter", () => {
    const loaded = loadFixture("no-frontmatter");
    expect(loaded.loadable).toBe(true);
    expect(loaded.body).toBe(
      readFileSync(new URL("./__fixtures__/no-frontmatter/SKILL.md", import.meta.url), "utf8"),
    );
    expect(loaded.metadata.name).toBe("no-frontmatter");
    expect(loaded.metadata.description).toBe("Just text that describes the skill.");
    expect(codes(loaded)).toEqual(["frontmatter-missing"]);
  });

  it("loads invalid YAML with fallbacks and a warning at the line in the file", () => {
    const loaded = loadFixture("invalid-yaml");
    expect(loaded.loadable).toBe(true);
    expect(loaded.metadata.name).toBe("invalid-yaml");
    expect(loaded.metadata.description).toBe("Do the thing.");
    expect(loaded.diagnostics[0]).toMatchObject({
      severity: "warning",
      code: "yaml-syntax",
      line: 3,
      column: 1,
    });
    expect(loaded.diagnostics[0]?.message).toContain("Invalid YAML in frontmatter");
  });

  it("retries an unquoted ': ' in a value by quoting it, with a warning", () => {
    const loaded = loadFixture("unquoted-colon");
    expect(loaded.metadata.description).toBe("Use this skill when: the user asks about PDFs");
    expect(loaded.diagnostics).toMatchObject([{ severity: "warning", code: "yaml-unquoted-colon", line: 3 }]);
  });

  it("recovers `key:value` lines (no space after the colon) with a warning per line", () => {
    const loaded = loadFixture("missing-colon-space");
    expect(loaded.metadata).toMatchObject({
      name: "missing-colon-space",
      description: "Fills forms. Use when: a PDF form must be filled.",
      license: "MIT",
    });
    expect(loaded.diagnostics).toMatchObject([
      { severity: "warning", code: "yaml-missing-colon-space", line: 2 },
      { severity: "warning", code: "yaml-missing-colon-space", line: 3 },
      { severity: "warning", code: "yaml-unquoted-colon", line: 3 },
    ]);
    expect(loaded.diagnostics[0]?.message).toBe(
      "Invalid YAML in frontmatter: 'name:' needs a space after the colon to be a key; it was read as 'name: …'",
    );
  });

  it("leaves `key:value` text inside a block scalar and URLs alone when recovering", () => {
    const loaded = loadSkillText(
      "---\nname:block\ndescription: |\n  note:this stays\nurl:https://x.test/a\n---\n",
      {
        path: "SKILL.md",
        directoryName: "block",
      },
    );
    expect(loaded.metadata.name).toBe("block");
    expect(loaded.metadata.description).toBe("note:this stays");
    expect(loaded.metadata.extra).toEqual({ url: "https://x.test/a" });
  });

  it("loads a list or empty frontmatter with fallbacks", () => {
    const list = loadFixture("frontmatter-is-list");
    expect(list.metadata).toMatchObject({ name: "frontmatter-is-list", description: "Body paragraph." });
    expect(codes(list)).toEqual(["frontmatter-not-mapping"]);
    const empty = loadFixture("empty-frontmatter");
    expect(empty.metadata).toMatchObject({ name: "empty-frontmatter", description: "Body paragraph." });
    expect(codes(empty)).toEqual(["frontmatter-not-mapping"]);
  });

  it("reports duplicate keys and keeps loading with the last value", () => {
    const loaded = loadFixture("duplicate-keys");
    expect(loaded.metadata.description).toBe("second");
    expect(loaded.diagnostics).toMatchObject([{ code: "yaml-duplicate-key", line: 4, severity: "warning" }]);
    expect(loaded.diagnostics[0]?.message).toBe(
      "Invalid YAML in frontmatter: duplicate key 'description' (keys must be unique); the last value is used",
    );
  });

  it("stops an alias bomb instead of expanding it", () => {
    const started = performance.now();
    const loaded = loadFixture("alias-bomb");
    expect(performance.now() - started).toBeLessThan(1000);
    expect(loaded.loadable).toBe(true);
    expect(codes(loaded)).toContain("yaml-alias-limit");
    expect(loaded.metadata.name).toBe("alias-bomb");
  });

  it("reads scalars as written: numbers, booleans and dates stay text", () => {
    const loaded = loadFixture("typed-scalars");
    expect(loaded.metadata.name).toBe("2048");
    expect(loaded.metadata.description).toBe("true");
    expect(loaded.metadata.version).toBe("1.0");
    expect(loaded.metadata.license).toBe("2.0");
    expect(loaded.metadata.metadata).toEqual({
      version: "1.0",
      build: "0123",
      released: "2024-01-01",
      empty: "~",
    });
  });

  it("types and normalises every extension field", () => {
    const loaded = loadFixture("extension-fields");
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.metadata).toMatchObject({
      context: "fork",
      allowedTools: ["read_file", "Bash(git add:*)"],
      disallowedTools: ["Write", "Edit"],
      model: "sonnet",
      argumentHint: "<research question>",
      whenToUse: "When the user asks for a literature review",
      disableModelInvocation: false,
      userInvocable: false,
      version: "1.0",
      paths: ["*.rs", "src/{a,b}/**"],
      agent: "code-reviewer",
      effort: "high",
      tags: ["document", "conversion"],
      arguments: ["topic", "depth"],
      shell: "powershell",
      hooks: {
        PreToolUse: [{ matcher: "Bash", command: "./scripts/check.sh", timeoutSeconds: 30 }],
        Stop: [{ command: "echo done" }],
      },
      extra: { author: "jane" },
    });
  });

  it("warns about illegal extension values and falls back to the defaults", () => {
    const loaded = loadFixture("illegal-extension-values");
    expect(loaded.metadata).toMatchObject({
      context: "inline",
      disableModelInvocation: false,
      userInvocable: true,
      tags: [],
      hooks: {},
    });
    expect(loaded.metadata.model).toBeUndefined();
    expect(loaded.metadata.shell).toBeUndefined();
    const fields = loaded.diagnostics.filter((d) => d.code === "invalid-field").map((d) => d.line);
    expect(fields.sort((a = 0, b = 0) => a - b)).toEqual([4, 5, 6, 7, 8, 9, 10]);
  });

  it("never uses a name that is unsafe as an identifier", () => {
    for (const folder of ["unsafe-name", "invisible-name"]) {
      const loaded = loadFixture(folder);
      expect(loaded.metadata.name).toBe(folder);
      expect(codes(loaded)).toContain("name-unsafe");
    }
    const escaped = loadFixture("invisible-name").diagnostics.find((d) => d.code === "name-unsafe");
    expect(escaped?.message).toContain("pdf\\u{200b}");
  });

  it("falls back to the folder name and the first prose paragraph", () => {
    const noName = loadFixture("missing-name");
    expect(noName.metadata.name).toBe("missing-name");
    expect(noName.diagnostics[0]?.message).toBe(
      "Missing required field in frontmatter: name; using the folder name 'missing-name'",
    );
    const noDescription = loadFixture("missing-description");
    expect(noDescription.metadata.description).toBe("The first paragraph spans two lines.");
    expect(noDescription.diagnostics[0]?.message).toContain("using the body's first paragraph");
    expect(loadFixture("missing-description-no-prose").metadata.description).toBe("(no description)");
  });

  it("loads names that break the spec's rules with warnings", () => {
    const mismatch = loadFixture("non-ascii-name");
    expect(mismatch.metadata.name).toBe("навык");
    expect(codes(mismatch)).toEqual(["name-mismatch", "name-not-ascii"]);
    expect(codes(loadFixture("навык"))).toEqual(["name-not-ascii"]);
  });

  it("warns about a comma-separated allowed-tools and still splits it", () => {
    const loaded = loadFixture("comma-allowed-tools");
    expect(loaded.metadata.allowedTools).toEqual(["Bash(git:*)", "Read"]);
    expect(codes(loaded)).toEqual(["allowed-tools-commas"]);
  });

  it("warns about a body over 500 lines", () => {
    expect(codes(loadFixture("long-body"))).toEqual(["body-too-long"]);
    const tokens = loadSkillText(`---\nname: t\ndescription: d\n---\n${"x".repeat(24_000)}`, {
      path: "t/SKILL.md",
      directoryName: "t",
    });
    expect(codes(tokens)).toEqual(["body-too-many-tokens"]);
  });

  it("skips empty, binary, non-UTF-8 and oversized files with one error", () => {
    const cases: [string, string, { maxBytes?: number }][] = [
      ["empty-file", "empty-file", {}],
      ["binary-nul", "binary-file", {}],
      ["not-utf8", "not-utf8", {}],
      ["valid-minimal", "file-too-large", { maxBytes: 20 }],
    ];
    for (const [folder, code, options] of cases) {
      const loaded = loadFixture(folder, "SKILL.md", options);
      expect(loaded.loadable, folder).toBe(false);
      expect(loaded.diagnostics).toMatchObject([{ severity: "error", code }]);
      expect(loaded.metadata.name).toBe(folder);
    }
    expect(loadSkillText(" \n\t\n", { path: "p", directoryName: "d" }).loadable).toBe(false);
    expect(loadSkillText("x".repeat(30), { path: "p", directoryName: "d", maxBytes: 20 }).loadable).toBe(
      false,
    );
  });
});
