import { parseArgs } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCommandArguments } from "./parse-command-arguments.js";

const OPTIONS = {
  json: { type: "boolean" },
  query: { type: "string" },
  dir: { type: "string", multiple: true },
  tag: { type: "boolean", multiple: true },
  "no-mcp": { type: "boolean" },
  limit: { type: "string", short: "n" },
} as const;

// Known and unknown flags, inline values, short flags, '--' and plain words (no negative numbers:
// those are rewritten before parseArgs sees them).
const TOKENS = [
  "--json",
  "--query",
  "--dir",
  "--tag",
  "--no-mcp",
  "--limit",
  "--dir=a",
  "--unknown",
  "-n",
  "-n5",
  "-x",
  "--",
  "-",
  "",
  "pdf",
  "forms",
  "a b",
];

describe("parseCommandArguments", () => {
  it("gives what parseArgs gives (values, positionals, errors) for any mix of arguments", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 8 }), (args) => {
        let expected: ReturnType<typeof parseArgs> | undefined;
        try {
          expected = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
        } catch {
          expected = undefined;
        }
        if (expected === undefined) {
          expect(() => parseCommandArguments("list", args, OPTIONS)).toThrow(/see skillbox list --help/);
          return;
        }
        const parsed = parseCommandArguments("list", args, OPTIONS);
        expect(Object.getPrototypeOf(parsed.values)).toBe(Object.getPrototypeOf(expected.values));
        expect(Object.entries(parsed.values)).toEqual(Object.entries(expected.values));
        expect(parsed.positionals).toEqual(expected.positionals);
      }),
      { numRuns: 2000 },
    );
  });
});
