import { describe, expect, it } from "vitest";
import { describeYamlValue, readWithYaml } from "./compare-with-yaml.js";
import { parseFrontmatterFast } from "./parse-frontmatter-fast.js";

// Shapes real SKILL.md frontmatter has (../shared/research/real-frontmatter-shapes.md), one each.
const REAL_SHAPES: Record<string, string> = {
  flat: "name: pdf\ndescription: Extract text and tables from PDF files.\nlicense: MIT\n",
  "double-quoted with escapes": 'name: pdf\ndescription: "Use when: \\"pdf\\" files\\u00e9\\n"\n',
  "single-quoted": "name: pdf\ndescription: 'It''s for PDFs: forms, tables'\n",
  "literal block":
    "name: pdf\ndescription: |\n  Extract text.\n\n  Use when: the user has PDFs.\nlicense: MIT\n",
  "folded block, strip": "description: >-\n  Extract text\n  from PDFs.\n\n  Second paragraph.\nname: pdf\n",
  "keep chomping": "description: |+\n  Kept.\n\n\nname: pdf\n",
  "indentation indicator": "description: |2\n    indented first line\n  then normal\n",
  "flow sequence": "name: pdf\nallowed-tools: [Read, Grep, 'Bash(git:*)', \"Write\"]\n",
  "flow mapping, nested": 'metadata: {author: jane, tags: [a, b], extra: {"k": v}}\n',
  "block sequence, indented": "allowed-tools:\n  - Read\n  - Bash(npm run:*)\n",
  "block sequence, indentless": "allowed-tools:\n- Read\n- Write\nname: pdf\n",
  "nested mappings":
    'metadata:\n  author: jane\n  openclaw:\n    emoji: "📄"\n    requires:\n      bins: [pdftotext]\n',
  "sequence of mappings":
    "hooks:\n  - matcher: Bash\n    hooks:\n      - type: command\n        command: ./check.sh\n",
  comments: "# leading\nname: pdf # trailing\n  # indented\ndescription: x\n",
  crlf: "name: pdf\r\ndescription: |\r\n  Line one.\r\n  Line two.\r\n",
  "multi-line plain": "description: Extract text\n  from PDF files\n\n  and forms.\nname: pdf\n",
  "multi-line quoted": "description: \"Extract text \\\n  from PDFs,\n\n  forms\"\nname: 'it''s\n  here'\n",
  "plain on the next line": "description:\n  Extract text\n  from PDF files.\n",
  "empty values": "name: pdf\nlicense:\nmetadata: {}\ntags: []\n",
  "urls and colons": "homepage: https://example.com/a?b=c#d\nversion: 1.0.0\n",
};

describe("parseFrontmatterFast", () => {
  for (const [shape, yaml] of Object.entries(REAL_SHAPES)) {
    it(`reads ${shape} frontmatter exactly as yaml does`, () => {
      const fast = parseFrontmatterFast(yaml);
      const reference = readWithYaml(yaml);
      expect(fast).toBeDefined();
      expect(reference.kind).toBe("ok");
      if (fast === undefined || reference.kind !== "ok") return;
      expect(describeYamlValue(fast.data)).toBe(describeYamlValue(reference.data));
      expect([...fast.keyLines]).toEqual([...reference.keyLines]);
    });
  }

  it("keeps every scalar a string under the failsafe schema and types them under core", () => {
    const yaml = "a: true\nb: ~\nc: 0x1F\nd: 1.50\ne: -.inf\nf: 0o17\ng: '1'\nh:\ni: [1, null, .NaN]\n";
    expect({ ...parseFrontmatterFast(yaml)?.data }).toEqual({
      a: "true",
      b: "~",
      c: "0x1F",
      d: "1.50",
      e: "-.inf",
      f: "0o17",
      g: "1",
      h: "",
      i: ["1", "null", ".NaN"],
    });
    expect({ ...parseFrontmatterFast(yaml, { schema: "core" })?.data }).toEqual({
      a: true,
      b: null,
      c: 31,
      d: 1.5,
      e: Number.NEGATIVE_INFINITY,
      f: 15,
      g: "1",
      h: null,
      i: [1, null, Number.NaN],
    });
  });

  it("returns a prototype-free top-level record and the 0-based line of each key", () => {
    const result = parseFrontmatterFast("# c\nname: pdf\n\nmetadata:\n  constructor: x\n");
    expect(Object.getPrototypeOf(result?.data)).toBeNull();
    expect(Object.getPrototypeOf(result?.data.metadata)).toBe(Object.prototype);
    expect([...(result?.keyLines ?? [])]).toEqual([
      ["name", 1],
      ["metadata", 3],
    ]);
  });

  it("leaves to yaml what it is not sure of, so yaml's diagnostics stay", () => {
    for (const yaml of [
      "",
      "# only a comment\n",
      "- a\n- b\n",
      "name: a\nname: b\n",
      "metadata:\n  k: 1\n  k: 2\n",
      "tags: {a: 1, a: 2}\n",
      "base: &b x\nother: *b\n",
      "name: !!str pdf\n",
      "description: Use when: it breaks\n",
      'description: "not indented\nenough"\n',
      "tags: [a,\n  b]\n",
      "name:\tpdf\n",
      "metadata:\n\tk: v\n",
      "metadata:\n    k: v\n  j: w\n",
      "name: pdf\n  extra: x\n",
      "? complex\n: key\n",
      "__proto__: x\n",
      "a: |0\n  x\n",
      "a: 'unclosed\n",
      'a: "bad \\q escape"\n',
      "a: x\rb: y\n",
      "a: [a, b: c]\n",
      "a: {x}\n",
      "%YAML 1.2\na: b\n",
      "a: @x\n",
    ]) {
      expect(parseFrontmatterFast(yaml), JSON.stringify(yaml)).toBeUndefined();
    }
    // Under core, a key that is not a string (`true`, `1`, `null`) would be stringified by `yaml`.
    expect(parseFrontmatterFast("true: x\n", { schema: "core" })).toBeUndefined();
    expect(parseFrontmatterFast("true: x\n")?.data.true).toBe("x");
  });
});
