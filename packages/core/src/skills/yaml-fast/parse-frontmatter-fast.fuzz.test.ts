// Differential test: on every generated or mutated frontmatter the fast parser accepts, `yaml` must
// read the same data (types, key order, prototypes) and key lines, with no error or warning.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeYamlValue, readWithYaml } from "./compare-with-yaml.js";
import { parseFrontmatterFast } from "./parse-frontmatter-fast.js";
import type { FastYamlSchema } from "./resolve-plain-scalar.js";

const KEYS = [
  "name",
  "description",
  "metadata",
  "allowed-tools",
  "license",
  "version",
  "author",
  "tags",
  "hooks",
  "x-y",
  "x_y",
  "v1.2",
  "a/b",
  "true",
  "null",
  "Yes",
  "1",
  "0x1",
  "__proto__",
  "constructor",
  "é",
  "a b",
  '"q"',
  "'s'",
  '"a: b"',
  '""',
  "~",
  "-k",
  "k:",
  "&a k",
];
const key = fc.oneof(
  { arbitrary: fc.constantFrom(...KEYS.slice(0, 10)), weight: 4 },
  { arbitrary: fc.constantFrom(...KEYS), weight: 1 },
);
const PARTS = [
  "a",
  "word",
  "pdf",
  "1",
  "0",
  "-1",
  "+1",
  "1.5",
  ".5",
  "1e3",
  "0x1F",
  "0o17",
  ".inf",
  "-.Inf",
  ".NaN",
  "true",
  "False",
  "NULL",
  "~",
  "null",
  "yes",
  "1_000",
  " ",
  "  ",
  ":",
  ": ",
  " #",
  "#",
  "-",
  "- ",
  "?",
  "'",
  "''",
  '"',
  "\\",
  "\\n",
  "\\x41",
  "\\u00e9",
  "\\U0001F600",
  "\\q",
  "[",
  "]",
  "{",
  "}",
  ",",
  "&a",
  "*a",
  "!t",
  "|",
  ">",
  "%",
  "@",
  "`",
  "é",
  "😀",
  "\u00a0",
  "\t",
  "\u0085",
  "\u2028",
  "\r",
];
const SAFE_WORDS = [
  "a",
  "word",
  "pdf",
  "Use when",
  "files.",
  "(x)",
  "v1.0",
  "1",
  "true",
  "é",
  "😀",
  "a-b",
  "x:y",
];
const text = fc.oneof(
  {
    arbitrary: fc.array(fc.constantFrom(...SAFE_WORDS), { maxLength: 4 }).map((words) => words.join(" ")),
    weight: 8,
  },
  {
    arbitrary: fc.array(fc.constantFrom(...PARTS), { maxLength: 4 }).map((parts) => parts.join("")),
    weight: 1,
  },
);
const word = fc.constantFrom("a", "b c", "1", "true", "~", "x:y", "-1", "Bash(git:*)", "é", "null", "");
const spacing = fc.constantFrom("", " ", "  ");

const flowNode: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    word,
    text,
    word.map((value) => `"${value}"`),
    word.map((value) => `'${value}'`),
    fc
      .tuple(fc.array(tie("node"), { maxLength: 4 }), spacing, fc.boolean())
      .map(
        ([items, space, trailing]) => `[${space}${items.join(`,${space}`)}${trailing ? "," : ""}${space}]`,
      ),
    fc
      .tuple(
        fc.array(fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom(": ", ":", " : ", ": "), tie("node")), {
          maxLength: 3,
        }),
        spacing,
      )
      .map(
        ([pairs, space]) =>
          `{${space}${pairs.map(([key, colon, value]) => `${key}${colon}${value}`).join(`,${space}`)}${space}}`,
      ),
  ),
})).node;

const plainInline = fc.oneof(
  text,
  word,
  fc.tuple(text, fc.constantFrom(" # note", "# not", " #")).map(([value, comment]) => `${value}${comment}`),
);
const otherInline = fc.oneof(
  text.map((value) => `"${value}"`),
  text.map((value) => `'${value}'`),
  flowNode,
  fc.constantFrom("", "# comment", "&anchor x", "*alias", "!!str x", "- x", '"a" # c', "[a] # c"),
);
const inline = fc.oneof(plainInline, otherInline);
const BLOCK_HEADERS = [
  "|",
  ">",
  "|-",
  "|+",
  ">-",
  ">+",
  "|2",
  "|1-",
  "|+1",
  ">2",
  "|0",
  "|x",
  "| # c",
  "|#c",
];
/** A line of a block scalar's body: its indentation relative to the body's, and its text. */
const blockLine = fc.oneof(
  { arbitrary: text.map((value) => ({ shift: 0, value })), weight: 6 },
  { arbitrary: fc.record({ shift: fc.integer({ min: -2, max: 4 }), value: text }), weight: 2 },
  {
    arbitrary: fc
      .constantFrom("", "  ", "      ", "# not a comment", "- item")
      .map((value) => ({ shift: 0, value })),
    weight: 2,
  },
);

interface Shape {
  lines: (indent: number) => string[];
}
const pad = (indent: number) => " ".repeat(Math.max(0, indent));
const childOffset = fc.constantFrom(2, 2, 2, 1, 4, 0);

const shapes = fc.letrec<{ mapping: Shape; sequence: Shape; value: Shape }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc
      .tuple(plainInline, fc.array(text, { maxLength: 2 }), fc.constantFrom(1, 2, 2, 0))
      .map(([value, continuation, offset]) => ({
        lines: (indent: number) => [
          ` ${value}`,
          ...continuation.map((line) => `${pad(indent + offset)}${line}`),
        ],
      })),
    otherInline.map((value) => ({ lines: () => [` ${value}`] })),
    fc
      .tuple(
        fc.constantFrom('"', "'"),
        fc.array(fc.oneof(text, fc.constant("")), { minLength: 2, maxLength: 4 }),
        fc.constantFrom(2, 2, 1, 0, 4),
        fc.constantFrom("", "", " ", "\\", "  "),
      )
      .map(([quote, parts, offset, lineEnd]) => ({
        lines: (indent: number) =>
          parts.map((part, index) => {
            const end = index === parts.length - 1 ? quote : lineEnd;
            if (index === 0) return ` ${quote}${part}${end}`;
            return part === "" && end === "" ? "" : `${pad(indent + offset)}${part}${end}`;
          }),
      })),
    fc
      .tuple(
        fc.constantFrom(...BLOCK_HEADERS),
        fc.array(blockLine, { maxLength: 5 }),
        fc.constantFrom(2, 2, 1, 4),
      )
      .map(([header, body, offset]) => ({
        lines: (indent: number) => [
          ` ${header}`,
          ...body.map(({ shift, value }) => (value === "" ? "" : `${pad(indent + offset + shift)}${value}`)),
        ],
      })),
    fc.tuple(childOffset, tie("mapping")).map(([offset, child]) => ({
      lines: (indent: number) => ["", ...child.lines(indent + offset)],
    })),
    fc.tuple(childOffset, tie("sequence")).map(([offset, child]) => ({
      lines: (indent: number) => ["", ...child.lines(indent + offset)],
    })),
  ),
  mapping: fc
    .uniqueArray(
      fc.tuple(key, tie("value"), fc.constantFrom("", "", "", "# comment", "   ", " # indented comment")),
      { minLength: 1, maxLength: 4, selector: ([name]) => name },
    )
    .map((entries) => ({
      lines: (indent: number) =>
        entries.flatMap(([key, value, extra]) => {
          const [first = "", ...rest] = value.lines(indent);
          const own = [`${pad(indent)}${key}:${first}`, ...rest];
          return extra === "" ? own : [...own, extra.startsWith(" ") ? `${pad(indent)}${extra}` : extra];
        }),
    })),
  sequence: fc.array(fc.oneof(tie("value"), tie("mapping")), { minLength: 1, maxLength: 3 }).map((items) => ({
    lines: (indent: number) =>
      items.flatMap((item) => {
        const lines = item.lines(indent + 2);
        const [first = "", ...rest] = lines;
        // A mapping's first line loses its indentation and follows the dash.
        return [
          `${pad(indent)}-${first.startsWith(" ") || first === "" ? first : ` ${first.trimStart()}`}`,
          ...rest,
        ];
      }),
  })),
}));

const documentText = fc
  .tuple(
    shapes.mapping,
    fc.boolean(),
    fc.constantFrom(0, 0, 0, 0, 0, 1, 2),
    fc.array(fc.tuple(fc.nat(), fc.constantFrom(...PARTS, "\n", "  ", "\n  ", "- ", ": ")), { maxLength: 2 }),
  )
  .map(([root, crlf, mutationCount, edits]) => {
    let result = `${root.lines(0).join("\n")}\n`;
    if (result.startsWith(" ")) result = `a:${result}`;
    for (const [position, insert] of edits.slice(0, mutationCount)) {
      const at = position % (result.length + 1);
      result = result.slice(0, at) + insert + result.slice(at);
    }
    return crlf ? result.replaceAll("\n", "\r\n") : result;
  });
const flatEntries = fc.array(fc.tuple(fc.constantFrom(...KEYS.slice(0, 8)), inline), {
  minLength: 1,
  maxLength: 3,
});

/** Compares the parsers on `yaml`; returns whether `yaml` read it cleanly and whether the fast parser accepted it. */
function compareWithYaml(yaml: string, schema: FastYamlSchema): { valid: boolean; accepted: boolean } {
  const fast = parseFrontmatterFast(yaml, { schema });
  const reference = readWithYaml(yaml, schema);
  if (fast !== undefined) {
    expect(reference, `${JSON.stringify(yaml)} was accepted`).toMatchObject({ kind: "ok" });
    if (reference.kind === "ok") {
      expect(describeYamlValue(fast.data), JSON.stringify(yaml)).toBe(describeYamlValue(reference.data));
      expect([...fast.keyLines], JSON.stringify(yaml)).toEqual([...reference.keyLines]);
    }
  }
  return { valid: reference.kind === "ok", accepted: fast !== undefined };
}

// More runs when hunting for differences: YAML_FAST_FUZZ_RUNS=100000 npx vitest run src/skills/yaml-fast
const RUNS = Number(process.env.YAML_FAST_FUZZ_RUNS ?? 1500);

describe("parseFrontmatterFast against yaml", () => {
  for (const schema of ["failsafe", "core"] as const) {
    it(`reads every generated document it accepts exactly as yaml does (${schema} schema)`, () => {
      let valid = 0;
      let accepted = 0;
      fc.assert(
        fc.property(documentText, (yaml) => {
          const result = compareWithYaml(yaml, schema);
          if (result.valid) valid++;
          if (result.accepted) accepted++;
        }),
        { numRuns: RUNS, seed: schema === "failsafe" ? 1 : 2 },
      );
      // The generator mixes valid and broken YAML; most valid documents must take the fast path.
      expect(accepted / valid).toBeGreaterThan(0.6);
    });
  }

  it("reads flat key lines with arbitrary inline values exactly as yaml does", () => {
    fc.assert(
      fc.property(flatEntries, (entries) => {
        const yaml = `${entries.map(([key, value]) => `${key}: ${value}`).join("\n")}\n`;
        compareWithYaml(yaml, "failsafe");
        compareWithYaml(yaml, "core");
      }),
      { numRuns: RUNS, seed: 3 },
    );
  });
});
