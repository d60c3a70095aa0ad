import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { writeJsonListing } from "./write-json-listing.js";

function written(lists: ReadonlyArray<readonly [string, Iterable<unknown>]>): {
  text: string;
  writes: number;
} {
  let text = "";
  let writes = 0;
  writeJsonListing((piece) => {
    text += piece;
    writes++;
  }, lists);
  return { text, writes };
}

describe("writeJsonListing", () => {
  it("writes exactly what JSON.stringify with two-space indentation writes, plus a newline", () => {
    const skill = {
      name: "pdf",
      description: 'Quotes " and \\ and\nnewlines, 中文 and 😀',
      paths: [],
      extra: {},
      nested: { list: [1, [2, { deep: true }]], none: null, gone: undefined },
      diagnostics: [{ code: "name-mismatch", line: 2 }],
    };
    const cases: Array<Record<string, unknown[]>> = [
      { skills: [], diagnostics: [] },
      { skills: [skill], diagnostics: [] },
      { skills: [skill, { ...skill, name: "two" }], diagnostics: [{ message: "a" }, "text", 3, null] },
      {},
    ];
    for (const value of cases) {
      expect(written(Object.entries(value)).text).toBe(`${JSON.stringify(value, null, 2)}\n`);
    }
  });

  it("agrees with JSON.stringify on arbitrary JSON values", () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue(), { maxLength: 6 }),
        fc.array(fc.jsonValue(), { maxLength: 3 }),
        (skills, diagnostics) => {
          expect(
            written([
              ["skills", skills],
              ["diagnostics", diagnostics],
            ]).text,
          ).toBe(`${JSON.stringify({ skills, diagnostics }, null, 2)}\n`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("makes each item only when it is written, and writes a large listing in bounded pieces", () => {
    let made = 0;
    const pieces: number[] = [];
    function* rows() {
      for (let index = 0; index < 20_000; index++) {
        made++;
        yield { name: `skill-${index}`, description: "x".repeat(100) };
      }
    }
    let madeAtFirstWrite = -1;
    writeJsonListing(
      (piece) => {
        if (madeAtFirstWrite < 0) madeAtFirstWrite = made;
        pieces.push(piece.length);
      },
      [["skills", rows()]],
    );
    expect(made).toBe(20_000);
    expect(madeAtFirstWrite).toBeLessThan(20_000);
    expect(pieces.length).toBeGreaterThan(2);
    expect(Math.max(...pieces)).toBeLessThan((1 << 20) + 1000);
  });
});
