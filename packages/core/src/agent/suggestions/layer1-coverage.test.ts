// Which skills Layer 1 describes, read off the real renderer's result and checked against its text.
import { describe, expect, it } from "vitest";
import { buildBudgetedCatalog } from "../../prompt/budget.js";
import type { CatalogEntry } from "../../prompt/catalog-entry.js";
import { readLayer1Coverage } from "./layer1-coverage.js";

function entry(name: string, description: string, overrides: Partial<CatalogEntry> = {}): CatalogEntry {
  return {
    name,
    description,
    tags: [],
    location: `/skills/${name}/SKILL.md`,
    score: 0,
    isNew: false,
    ...overrides,
  };
}

/** Names with their own `- name: description` line in an xml listing (the map's lines start with `- [`). */
function describedInText(text: string): string[] {
  return [...text.matchAll(/^- ([^\s:[]+): /gm)].map((match) => match[1] as string).sort();
}

describe("readLayer1Coverage", () => {
  it("takes a skill listed by name only in the middle of the list as not described, and the ones after it as described", () => {
    const built = buildBudgetedCatalog([
      entry("alpha-first", "Handles the first kind of request.", { score: 3 }),
      entry("beta-hidden", "Never shown: the state lists the name only.", { score: 2, state: "name-only" }),
      entry("gamma-last", "Handles the last kind of request.", { score: 1 }),
    ]);
    const coverage = readLayer1Coverage(built);
    expect(built?.text).toContain("\n- beta-hidden\n");
    expect(coverage.describes("alpha-first")).toBe(true);
    expect(coverage.describes("beta-hidden")).toBe(false);
    expect(coverage.describes("gamma-last")).toBe(true);
    // A name without its description leaves Layer 1 short of describing every skill.
    expect(coverage.overBudget).toBe(true);
  });

  it("takes a new skill given a line at the budget's edge as described, and the skills in the map as not", () => {
    const long = (topic: string) =>
      `Works with ${topic} for the user's services. Use it when the user asks to set up, inspect or change ${topic}, or pastes an error that mentions ${topic}. It reads the configuration, checks it against the recommended settings and proposes the smallest fix.`;
    const entries = [
      ...Array.from({ length: 40 }, (_, index) =>
        entry(`tool-${String(index).padStart(2, "0")}`, long(`tool ${index}`), {
          score: 100 - index,
          ...(index === 1 ? { state: "name-only" as const } : {}),
        }),
      ),
      entry("zz-brand-new", long("the brand new thing"), { isNew: true }),
    ];
    const built = buildBudgetedCatalog(entries, { budget: { tokens: 700 } });
    if (built === undefined) throw new Error("expected a listing");
    const coverage = readLayer1Coverage(built);
    // The new skill ranks last, yet the reserved share gives it a line while ranked skills go to the map.
    expect(built.stats.grouped).toBeGreaterThan(0);
    expect(describedInText(built.text)).toContain("zz-brand-new");
    expect(coverage.describes("zz-brand-new")).toBe(true);
    expect(coverage.describes("tool-01")).toBe(false);
    expect(coverage.overBudget).toBe(true);
    // Exactly the skills with a described line in the text, no more and no fewer.
    const described = entries.map((item) => item.name).filter((name) => coverage.describes(name));
    expect(described.sort()).toEqual(describedInText(built.text));
    expect(described.length).toBeLessThan(entries.length - 2);
  });

  it("describes nothing and is not over budget when nothing is listed", () => {
    const coverage = readLayer1Coverage(undefined);
    expect(coverage.overBudget).toBe(false);
    expect(coverage.describes("anything")).toBe(false);
  });
});
