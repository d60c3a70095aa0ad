import { describe, expect, it } from "vitest";
import {
  type CatalogEntry,
  compareCatalogEntries,
  joinDescription,
  sortCatalogEntries,
} from "./catalog-entry.js";

function entry(name: string, score: number): CatalogEntry {
  return { name, description: "", tags: [], location: `/s/${name}/SKILL.md`, score, isNew: false };
}

describe("sortCatalogEntries", () => {
  it("orders by score descending, then by name, without touching the input", () => {
    const input = [entry("b", 1), entry("a", 1), entry("c", 3), entry("d", Number.NaN)];
    const sorted = sortCatalogEntries(input).map((item) => item.name);
    expect(sorted).toEqual(["c", "a", "b", "d"]);
    expect(input.map((item) => item.name)).toEqual(["b", "a", "c", "d"]);
  });

  it("agrees with compareCatalogEntries on repeated calls with drifting scores and several lists", () => {
    let seed = 5;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const base = Array.from({ length: 300 }, (_, index) =>
      entry(`skill-${index}`, Math.floor(random() * 20)),
    );
    for (let round = 0; round < 12; round++) {
      // Two different lists per round, as the registry and the listing both sort.
      const drifting = base.map((item) => ({
        ...item,
        score: item.score * 0.9 ** round + (random() < 0.05 ? 5 : 0),
      }));
      const reversed = [...drifting].reverse();
      for (const list of [drifting, reversed]) {
        expect(sortCatalogEntries(list)).toEqual([...list].sort(compareCatalogEntries));
      }
    }
  });
});

describe("joinDescription", () => {
  it("appends when_to_use as a second sentence", () => {
    expect(joinDescription("Does X", "Use when Y.")).toBe("Does X. Use when Y.");
    expect(joinDescription("Does X.", "Use when Y.")).toBe("Does X. Use when Y.");
    expect(joinDescription("做某事。", "用于文献")).toBe("做某事。 用于文献");
    expect(joinDescription(" ", " Use when Y. ")).toBe("Use when Y.");
    expect(joinDescription("Does X", undefined)).toBe("Does X");
  });
});
