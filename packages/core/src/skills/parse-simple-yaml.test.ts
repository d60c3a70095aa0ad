// The fast path must read exactly what the YAML parser reads, whenever it accepts a text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { parseSimpleYaml } from "./parse-simple-yaml.js";

const viaParser = (yaml: string) => {
  const document = parseDocument(yaml, { schema: "failsafe", uniqueKeys: false });
  return document.errors.length > 0 ? "error" : document.toJS();
};

const KEYS = ["name", "description", "license", "metadata", "allowed-tools", "tags", "x_y", "a"];
const VALUE_PARTS = [
  "a",
  "pdf",
  " ",
  "  ",
  ":",
  ": ",
  "#",
  " #",
  "-",
  "'",
  "''",
  '"',
  "\\",
  "[",
  "]",
  "{",
  "}",
  ",",
  "&",
  "*",
  "!",
  "|",
  ">",
  "%",
  "@",
  "`",
  "?",
  "1.0",
  "true",
  "~",
  "null",
  "é",
  "😀",
  "\t",
  "\u00a0",
  "\u0085",
  "\ufeff",
];
const value = fc.array(fc.constantFrom(...VALUE_PARTS), { maxLength: 6 }).map((parts) => parts.join(""));
const line = fc.oneof(
  fc.tuple(fc.constantFrom(...KEYS), value).map(([key, text]) => `${key}: ${text}`),
  fc.tuple(fc.constantFrom(...KEYS), value).map(([key, text]) => `  ${key}: ${text}`),
  value.map((text) => `  - ${text}`),
  fc.tuple(fc.constantFrom(...KEYS), value).map(([key, text]) => `${key}: "${text}"`),
  fc.tuple(fc.constantFrom(...KEYS), value).map(([key, text]) => `${key}: '${text}'`),
  fc.constantFrom(...KEYS).map((key) => `${key}:`),
  fc.constantFrom("", "# comment", "  # nested comment", "   ", "\r"),
);
const document = fc.array(line, { minLength: 1, maxLength: 8 }).map((lines) => `${lines.join("\n")}\n`);

describe("parseSimpleYaml", () => {
  it("reads flat and one-level frontmatter", () => {
    const result = parseSimpleYaml(
      "name: pdf\ndescription: 'It''s here'\nmetadata:\n  version: 1.0\n  author: \"Jane\"\ntags:\n  - a\n  - b\n# c\nempty:\n",
    );
    expect(result?.data).toEqual({
      name: "pdf",
      description: "It's here",
      metadata: { version: "1.0", author: "Jane" },
      tags: ["a", "b"],
      empty: "",
    });
    expect([...(result?.keyLines ?? [])]).toEqual([
      ["name", 0],
      ["description", 1],
      ["metadata", 2],
      ["tags", 5],
      ["empty", 9],
    ]);
  });

  it("leaves anything unusual to the YAML parser", () => {
    for (const yaml of [
      "description: a: b\n",
      "name: [x]\n",
      "name: |\n  x\n",
      "name: a\nname: b\n",
      "metadata:\n    deep: x\n",
      'name: "a\\n"\n',
      "- a\n",
      "name: x # comment\n",
      "",
    ]) {
      expect(parseSimpleYaml(yaml), JSON.stringify(yaml)).toBeUndefined();
    }
  });

  it("agrees with the YAML parser on every text it accepts (3,000 generated documents)", () => {
    let accepted = 0;
    fc.assert(
      fc.property(document, (yaml) => {
        const simple = parseSimpleYaml(yaml);
        if (!simple) return;
        accepted++;
        expect({ ...simple.data }).toEqual(viaParser(yaml));
      }),
      { numRuns: 3_000 },
    );
    expect(accepted).toBeGreaterThan(100);
  });
});
