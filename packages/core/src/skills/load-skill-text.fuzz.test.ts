// Property-based proof that parsing never throws and always returns a usable shape, over generated
// text, mutated real SKILL.md files and random bytes.
import fc from "fast-check";
import { describe, it } from "vitest";
import { loadSkillBytes } from "../registry/files/load-skill-bytes.js";
import { loadSkillText } from "./load-skill-text.js";
import type { LoadedSkillText } from "./skill-metadata.js";
import { validateSkillText } from "./validate-skill-text.js";

const options = { path: "fuzz/SKILL.md", directoryName: "fuzz", maxBytes: 64 * 1024 };

const SEEDS = [
  "---\nname: fuzz\ndescription: Does a thing. Use when asked.\n---\n# Body\n\nText.\n",
  "---\r\nname: fuzz\r\ndescription: >-\r\n  folded\r\n  text\r\n---\r\nBody\r\n",
  "\ufeff---\nname: \"quoted\"\ndescription: 'It''s'\nmetadata:\n  version: 1.0\n  a: {b: c}\nallowed-tools: [Read, Write]\n---\n---\n",
  "---\nname: x\ndescription: Use when: asked\ncontext: fork\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          command: echo\n          timeout: 5\n---\n",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${SKILL_DIR} is content under test
  "---\na: &a [x, x]\nb: [*a, *a]\nc: !!binary aGk=\n? complex\n: key\n---\nbody [link](references/x.md) ${SKILL_DIR}/y\n",
  "# No frontmatter\n\nParagraph.\n",
  "---\nname: unclosed\ndescription: d\n\nbody\n",
];

const FRAGMENTS = [
  "---",
  "---\n",
  "\n",
  "\r\n",
  ": ",
  ":",
  "-",
  " ",
  "\t",
  "[",
  "]",
  "{",
  "}",
  "&a",
  "*a",
  "!!str ",
  "|",
  ">-",
  "'",
  '"',
  "#",
  "name: ",
  "description: ",
  "metadata:\n  ",
  "\ufeff",
  "\u0000",
  "\u202e",
  "\u200b",
  "😀",
  "é",
  "\ud800",
  "__proto__: ",
  "allowed-tools: ",
  "hooks: ",
  "..",
  "/",
  "%",
  "\\",
  "? ",
  "- ",
  "<<: *a\n",
];

const interestingText = fc
  .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ unit: "binary", maxLength: 8 })), {
    maxLength: 40,
  })
  .map((parts) => parts.join(""));

const mutation = fc.oneof(
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), text: fc.constantFrom(...FRAGMENTS) }),
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 12 }) }),
  fc.record({
    kind: fc.constant("duplicate" as const),
    at: fc.nat(),
    length: fc.integer({ min: 1, max: 30 }),
  }),
  fc.record({
    kind: fc.constant("replace" as const),
    at: fc.nat(),
    text: fc.string({ unit: "binary", maxLength: 3 }),
  }),
);

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(seed: string, mutations: Mutation[]): string {
  let text = seed;
  for (const change of mutations) {
    const at = text.length === 0 ? 0 : change.at % (text.length + 1);
    if (change.kind === "insert") text = text.slice(0, at) + change.text + text.slice(at);
    else if (change.kind === "delete") text = text.slice(0, at) + text.slice(at + change.length);
    else if (change.kind === "duplicate")
      text = text.slice(0, at) + text.slice(at, at + change.length) + text.slice(at);
    else text = text.slice(0, at) + change.text + text.slice(at + change.text.length);
  }
  return text;
}

const mutatedText = fc
  .tuple(fc.constantFrom(...SEEDS), fc.array(mutation, { minLength: 1, maxLength: 8 }))
  .map(([seed, mutations]) => mutate(seed, mutations));

/** Checks the result's shape with plain throws (vitest's expect is too slow for 10,000 runs). */
function expectWellFormed(text: string | undefined, loaded: LoadedSkillText): void {
  const fail = (why: string) => {
    throw new Error(`${why}: ${JSON.stringify(loaded).slice(0, 400)}`);
  };
  const { metadata } = loaded;
  if (typeof metadata.name !== "string" || metadata.name.length === 0) fail("empty name");
  if (typeof metadata.description !== "string" || metadata.description.trim() === "")
    fail("empty description");
  if (!Array.isArray(metadata.allowedTools) || !Array.isArray(metadata.tags)) fail("lists are not arrays");
  for (const diagnostic of loaded.diagnostics) {
    if (!["error", "warning", "info"].includes(diagnostic.severity)) fail("bad severity");
    if (typeof diagnostic.code !== "string" || typeof diagnostic.message !== "string") fail("bad diagnostic");
    if (diagnostic.message.includes("\n")) fail("multi-line message");
  }
  if (!loaded.loadable) {
    if (loaded.diagnostics.filter((d) => d.severity === "error").length !== 1)
      fail("skipped without one error");
  } else if (text !== undefined && !text.endsWith(loaded.body)) {
    // The body is always a byte-exact tail of the file.
    fail("body is not a tail of the text");
  }
}

describe("parsing never throws", () => {
  it("loads 7,000 generated texts leniently and validates them strictly without throwing", () => {
    fc.assert(
      fc.property(interestingText, (text) => {
        expectWellFormed(text, loadSkillText(text, options));
        validateSkillText(text, { ...options, mode: "strict" });
      }),
      { numRuns: 7_000 },
    );
  });

  it("loads 3,000 mutated real SKILL.md files leniently and strictly without throwing", () => {
    fc.assert(
      fc.property(mutatedText, (text) => {
        expectWellFormed(text, loadSkillText(text, options));
        validateSkillText(text, { ...options, mode: "strict" });
      }),
      { numRuns: 3_000 },
    );
  });

  it("loads 2,000 random byte strings without throwing", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expectWellFormed(undefined, loadSkillBytes(bytes, options));
      }),
      { numRuns: 2_000 },
    );
  });

  it("survives pathological nesting and a file at the size cap", () => {
    const deep = `---\nname: ${"[".repeat(50_000)}\n---\n`;
    expectWellFormed(deep, loadSkillText(deep, { ...options, maxBytes: 1024 * 1024 }));
    const big = `---\nname: fuzz\ndescription: d\n---\n${"x".repeat(64 * 1024 - 40)}`;
    expectWellFormed(big, loadSkillText(big, options));
  });
});
