import { describe, expect, it } from "vitest";
import type { CatalogEntry } from "./catalog-entry.js";
import { renderSkillCatalog } from "./render-skill-catalog.js";
import { createSessionCatalogOrder } from "./session-catalog-order.js";

function entry(name: string, score: number, isNew = false): CatalogEntry {
  return {
    name,
    description: `Helps with ${name}: reads the inputs and writes a clear report. ${"More detail. ".repeat(30)}`,
    tags: [],
    location: `/skills/${name}/SKILL.md`,
    score,
    isNew,
  };
}

const names = (entries: readonly CatalogEntry[]) => entries.map((item) => item.name);

describe("createSessionCatalogOrder", () => {
  it("orders by score then name at first sight, and keeps that order when scores change", () => {
    const order = createSessionCatalogOrder();
    expect(names(order([entry("b", 0), entry("a", 0), entry("c", 2)]))).toEqual(["c", "a", "b"]);
    expect(names(order([entry("a", 9), entry("b", 5), entry("c", 0)]))).toEqual(["c", "a", "b"]);
  });

  it("appends skills added later and drops removed ones", () => {
    const order = createSessionCatalogOrder();
    order([entry("m", 1), entry("n", 0)]);
    expect(names(order([entry("z", 99), entry("n", 0), entry("a", 5), entry("m", 1)]))).toEqual([
      "m",
      "n",
      "z",
      "a",
    ]);
    expect(names(order([entry("a", 5), entry("m", 1)]))).toEqual(["m", "a"]);
  });

  it("keeps a skill's first isNew, so using a new skill does not move it out of the reserve", () => {
    const order = createSessionCatalogOrder();
    order([entry("fresh", 0, true)]);
    expect(order([entry("fresh", 3, false)])[0]?.isNew).toBe(true);
  });

  it("keeps the rendered text byte-identical while usage reorders the scores", () => {
    const order = createSessionCatalogOrder();
    const library = (scores: (index: number) => number) =>
      Array.from({ length: 300 }, (_, index) =>
        entry(`skill-${String(index).padStart(3, "0")}`, scores(index)),
      );
    const render = (entries: CatalogEntry[]) =>
      renderSkillCatalog(order(entries), { order: "given", budget: { tokens: 2_000 } })?.text;
    const first = render(library(() => 0));
    // Usage between turns: the last skills now score highest.
    const second = render(library((index) => index));
    expect(second).toBe(first);
    // Without the session order, the same usage would reorder (and reselect) the listing.
    const unordered = renderSkillCatalog(
      library((index) => index),
      { budget: { tokens: 2_000 } },
    )?.text;
    expect(unordered).not.toBe(first);
  });
});
