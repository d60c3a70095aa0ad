import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { writeJsonListing } from "./write-json-listing.js";

async function written(
  lists: ReadonlyArray<readonly [string, Iterable<unknown>]>,
  drain?: () => Promise<void>,
): Promise<{ text: string; pieces: string[] }> {
  const pieces: string[] = [];
  await writeJsonListing((piece) => pieces.push(piece), lists, drain);
  return { text: pieces.join(""), pieces };
}

describe("writeJsonListing", () => {
  it("writes exactly what JSON.stringify with two-space indentation writes, plus a newline", async () => {
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
      expect((await written(Object.entries(value))).text).toBe(`${JSON.stringify(value, null, 2)}\n`);
    }
  });

  it("agrees with JSON.stringify on arbitrary JSON values", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.jsonValue(), { maxLength: 6 }),
        fc.array(fc.jsonValue(), { maxLength: 3 }),
        async (skills, diagnostics) => {
          const { text } = await written([
            ["skills", skills],
            ["diagnostics", diagnostics],
          ]);
          expect(text).toBe(`${JSON.stringify({ skills, diagnostics }, null, 2)}\n`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("makes each item only when it is written, writes in bounded pieces, and waits for each piece to drain", async () => {
    let made = 0;
    function* rows() {
      for (let index = 0; index < 20_000; index++) {
        made++;
        yield { name: `skill-${index}`, description: "x".repeat(100) };
      }
    }
    const madeAtDrain: number[] = [];
    const { text, pieces } = await written([["skills", rows()]], async () => {
      madeAtDrain.push(made);
      // A slow reader: the next piece is not made until this resolves.
      await new Promise((resolve) => setTimeout(resolve, 1));
    });
    expect(made).toBe(20_000);
    expect(pieces.length).toBeGreaterThan(2);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan((1 << 20) + 1000);
    // One wait after every full piece, each while most rows were still unmade.
    expect(madeAtDrain).toHaveLength(pieces.length - 1);
    expect(madeAtDrain[0]).toBeLessThan(20_000 / 2);
    expect(JSON.parse(text).skills).toHaveLength(20_000);
  });
});
