import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildBudgetedCatalog } from "./budget.js";
import { type CatalogEntry, sortCatalogEntries } from "./catalog-entry.js";
import type { CatalogFormatName } from "./catalog-format.js";
import { countTokens } from "./tokens.js";

function entry(name: string, overrides: Partial<CatalogEntry> = {}): CatalogEntry {
  return {
    name,
    description: `Helps with ${name}: reads the inputs, checks them, and writes a clear report for the user.`,
    tags: [],
    location: `/skills/${name}/SKILL.md`,
    score: 0,
    isNew: false,
    ...overrides,
  };
}

/** `count` established skills with descending scores (skill-000 highest). */
function established(count: number): CatalogEntry[] {
  return Array.from({ length: count }, (_, index) =>
    entry(`skill-${String(index).padStart(3, "0")}`, { score: count - index }),
  );
}

/** Names of skills with their own described line (a map's `- [area] …` lines are not skills). */
function describedNames(text: string): string[] {
  return [...text.matchAll(/^- ([^:[\n][^:\n]*):/gm)].map((match) => match[1] as string);
}

function listedNames(text: string): string[] {
  return [...text.matchAll(/^- ([^:\n]+)/gm)].map((match) => match[1] as string);
}

describe("buildBudgetedCatalog", () => {
  it("returns undefined when there are no entries", () => {
    expect(buildBudgetedCatalog([], { budget: { tokens: 1000 } })).toBeUndefined();
  });

  it("lists every skill in full, with no notice, when the budget allows", () => {
    const result = buildBudgetedCatalog(established(5), { budget: { tokens: 10_000 } });
    expect(result?.stats).toMatchObject({ included: 5, shortened: 0, namesOnly: 0, omitted: 0 });
    expect(result?.text).not.toContain("Note:");
    expect(describedNames(result?.text ?? "")).toHaveLength(5);
  });

  it("keeps the whole text within a token budget, measured by the real tokenizer", () => {
    const entries = established(120);
    for (let budget = 120; budget <= 2_400; budget += 190) {
      const result = buildBudgetedCatalog(entries, { budget: { tokens: budget } });
      expect(result?.tokens).toBe(countTokens(result?.text ?? ""));
      expect(result?.tokens, `budget ${budget}`).toBeLessThanOrEqual(budget);
    }
  });

  it("keeps the whole text within a character budget, exactly", () => {
    const entries = established(120);
    for (let budget = 500; budget <= 9_000; budget += 777) {
      const result = buildBudgetedCatalog(entries, { budget: { characters: budget }, format: "markdown" });
      expect(result?.characters).toBe(result?.text.length);
      expect(result?.characters, `budget ${budget}`).toBeLessThanOrEqual(budget);
    }
  });

  it("gives described lines to the highest-scored skills and maps the rest, never a bare name", () => {
    const entries = established(60);
    const result = buildBudgetedCatalog(entries, { budget: { tokens: 900 } });
    expect(result?.stats.omitted).toBeGreaterThan(0);
    expect(result?.stats.namesOnly).toBe(0);
    const described = describedNames(result?.text ?? "");
    expect(described.length).toBe(result?.stats.included);
    // The described skills are exactly the highest-scored ones.
    expect(described).toEqual(entries.slice(0, described.length).map((skill) => skill.name));
    expect(result?.text).toContain(`- [skill-*] ${result?.stats.omitted} skills:`);
  });

  it("accounts for every skill: its own line, or a count in the map", () => {
    const entries = established(400);
    const result = buildBudgetedCatalog(entries, { budget: { tokens: 500 } });
    const listed = listedNames(result?.text ?? "").filter((name) => !name.startsWith("["));
    expect(result?.stats.omitted).toBeGreaterThan(0);
    expect(listed).toEqual(entries.slice(0, listed.length).map((skill) => skill.name));
    expect(result?.stats.included).toBe(listed.length);
    expect((result?.stats.included ?? 0) + (result?.stats.omitted ?? 0)).toBe(400);
    expect(result?.text).toContain(`(${result?.stats.omitted} skills in 1 area, not listed one by one)`);
  });

  it("ends with a notice that counts what is missing and names search_skills and load_skill", () => {
    const result = buildBudgetedCatalog(established(400), { budget: { tokens: 500 } });
    const lines = result?.text.split("\n") ?? [];
    expect(lines[lines.length - 1]).toBe("</system-reminder>");
    const notice = lines[lines.length - 2] ?? "";
    expect(notice).toContain(`${result?.stats.omitted} skills are shown only in an area above`);
    expect(notice).toContain("search_skills");
    expect(notice).toContain("load_skill");
  });

  it("words a notice for one skill in the singular", () => {
    const entries = [
      entry("a", { score: 2, description: "Short." }),
      entry("b", { score: 1, description: "x ".repeat(400) }),
    ];
    const result = buildBudgetedCatalog(entries, {
      budget: { characters: 2_000 },
      maxDescriptionCharacters: 50,
    });
    expect(result?.text).toContain("1 description is cut short");
  });

  it("points only at load_skill when the host has no search tool", () => {
    const result = buildBudgetedCatalog(established(400), { budget: { tokens: 500 }, searchToolName: null });
    expect(result?.text).not.toContain("search_skills");
    expect(result?.text).toContain("Call load_skill with the name of a skill");
  });

  it("uses custom tool names in the lead-in and the notice", () => {
    const result = buildBudgetedCatalog(established(400), {
      budget: { tokens: 500 },
      loadToolName: "Skill",
      searchToolName: "skill_search",
    });
    expect(result?.text).toContain("call the Skill tool");
    expect(result?.text).toContain("call skill_search with a few keywords");
  });

  it("counts descriptions cut by the per-entry cap as shortened and says so", () => {
    const entries = [
      entry("long", { description: "word ".repeat(300) }),
      entry("short", { description: "Brief." }),
    ];
    const result = buildBudgetedCatalog(entries, { maxDescriptionCharacters: 80 });
    expect(result?.stats.shortened).toBe(1);
    expect(result?.text).toContain("1 description is cut short");
  });

  it("does not announce skills whose state is name-only as shortened or left out", () => {
    const entries = [entry("open"), entry("quiet", { descriptionHidden: true })];
    const result = buildBudgetedCatalog(entries, { budget: { tokens: 5_000 } });
    expect(result?.stats).toMatchObject({ included: 2, namesOnly: 1, shortened: 0, omitted: 0 });
    expect(result?.text).not.toContain("Note:");
  });

  it("shortens the longest description, to whole sentences, before any other and before dropping a line", () => {
    const long =
      "Reads spreadsheets. ".repeat(3) + "alpha beta gamma delta epsilon zeta eta theta ".repeat(8);
    const entries = [
      entry("first", { score: 3, description: "Short and sweet, kept as it is written here." }),
      entry("second", { score: 2, description: long }),
      entry("third", { score: 1 }),
    ];
    const full = buildBudgetedCatalog(entries, { budget: { characters: 100_000 } });
    const tight = buildBudgetedCatalog(entries, { budget: { characters: (full?.characters ?? 0) - 150 } });
    expect(full?.stats.shortened).toBe(0);
    // Only the longest was cut, at a sentence end; every skill keeps its described line.
    expect(tight?.text).toContain("- first: Short and sweet, kept as it is written here.\n");
    expect(tight?.text).toMatch(/- second: Reads spreadsheets\.( Reads spreadsheets\.)*\n/);
    expect(tight?.text).toContain("- third: Helps with third");
    expect(tight?.stats).toMatchObject({ included: 3, shortened: 1, namesOnly: 0, omitted: 0 });
    expect(tight?.text).toContain("1 description is cut short");
  });

  it("reports per-skill token counts that match the tokenizer, in listing order", () => {
    const entries = established(8);
    const result = buildBudgetedCatalog(entries, { budget: { characters: 100_000 } });
    const lines = (result?.text ?? "").split("\n").filter((line) => line.startsWith("- "));
    expect(result?.stats.perEntry).toEqual(
      lines.map((line, index) => ({
        name: entries[index]?.name,
        tokens: countTokens(line),
        placement: "whole",
      })),
    );
  });

  it("still emits the lead-in and the notice when no entry fits", () => {
    const result = buildBudgetedCatalog(established(10), { budget: { tokens: 5 } });
    expect(result?.stats).toMatchObject({ included: 0, omitted: 10, grouped: 0 });
    expect(result?.text).toContain("10 skills are not listed");
    expect(result?.text).not.toContain("\n\n\n");
  });

  it("puts the available-skills notice after the closing tag and the markdown notice last", () => {
    const xml = buildBudgetedCatalog(established(400), {
      budget: { tokens: 600 },
      format: "available-skills",
    });
    expect(xml?.text).toMatch(/<\/available_skills>\nMore skills by area \(/);
    expect(xml?.text).toMatch(/\nNote: this list is shortened[^\n]*$/);
    const markdown = buildBudgetedCatalog(established(400), { budget: { tokens: 600 }, format: "markdown" });
    expect(markdown?.text).toMatch(/\n\nNote: this list is shortened[^\n]*$/);
  });

  it("treats nonsensical budgets and shares as limits, never as a crash or an unlimited list", () => {
    const entries = established(50);
    for (const share of [Number.NaN, -1, 7, Number.POSITIVE_INFINITY]) {
      const result = buildBudgetedCatalog(entries, { budget: { tokens: 400 }, reservedShareForNew: share });
      expect(result?.tokens).toBeLessThanOrEqual(400);
    }
    expect(buildBudgetedCatalog(entries, { budget: { tokens: -5 } })?.stats.included).toBe(0);
    expect(buildBudgetedCatalog(entries, { budget: { characters: 0 } })?.stats.included).toBe(0);
  });

  it("accepts special-token text without throwing", () => {
    const entries = [entry("tokens", { description: "<|endoftext|> <|fim_prefix|> <|im_start|>" })];
    expect(() => buildBudgetedCatalog(entries, { budget: { tokens: 500 } })).not.toThrow();
  });
});

describe("reserved share for new skills", () => {
  const veterans = established(60);
  const newcomers = ["new-alpha", "new-beta", "new-gamma"].map((name) =>
    entry(name, { isNew: true, score: 0 }),
  );

  it("keeps new skills described while established ones go to the map", () => {
    const result = buildBudgetedCatalog([...veterans, ...newcomers], { budget: { tokens: 1_000 } });
    const described = describedNames(result?.text ?? "");
    for (const newcomer of newcomers) expect(described).toContain(newcomer.name);
    expect(result?.stats.omitted).toBeGreaterThan(0);
  });

  it("starves new skills when the reserved share is zero", () => {
    const result = buildBudgetedCatalog([...veterans, ...newcomers], {
      budget: { tokens: 1_000 },
      reservedShareForNew: 0,
    });
    const described = describedNames(result?.text ?? "");
    for (const newcomer of newcomers) expect(described).not.toContain(newcomer.name);
  });

  it("keeps new skills described even when the established skills alone overflow the budget", () => {
    const crowd = established(600);
    const result = buildBudgetedCatalog([...crowd, ...newcomers], { budget: { tokens: 800 } });
    expect(result?.stats.omitted).toBeGreaterThan(0);
    const described = describedNames(result?.text ?? "");
    // They still appear in score order (last), not first.
    expect(described.slice(-3)).toEqual(newcomers.map((newcomer) => newcomer.name));
  });

  it("gives the unused reserve back to everyone when there are no new skills", () => {
    const withReserve = buildBudgetedCatalog(veterans, { budget: { tokens: 1_000 } });
    const withoutReserve = buildBudgetedCatalog(veterans, {
      budget: { tokens: 1_000 },
      reservedShareForNew: 0,
    });
    expect(withReserve?.text).toBe(withoutReserve?.text);
  });
});

describe("budget invariants (property-based)", () => {
  const formats: CatalogFormatName[] = ["xml", "markdown", "plain", "available-skills"];
  const text = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.constantFrom("</system-reminder>", "<|endoftext|>", "]]>", "# Heading\n\nbody", "&amp; <b>"),
  );
  const skill = fc.record({
    name: fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
    description: text,
    whenToUse: fc.option(text, { nil: undefined }),
    tags: fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
    location: fc.constant("/skills/x/SKILL.md"),
    score: fc.oneof(fc.double({ min: 0, max: 10, noNaN: true }), fc.constant(0)),
    isNew: fc.boolean(),
    descriptionHidden: fc.boolean(),
  });

  it("stays within budget, accounts for every entry, and lists entries in order", () => {
    fc.assert(
      fc.property(
        fc.array(skill, { minLength: 1, maxLength: 40 }),
        fc.constantFrom(...formats),
        fc.integer({ min: 200, max: 3_000 }),
        fc.boolean(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (entries, format, limit, inTokens, share) => {
          const budget = inTokens ? { tokens: limit } : { characters: limit * 4 };
          const result = buildBudgetedCatalog(entries, { format, budget, reservedShareForNew: share });
          if (result === undefined) return false;
          const { stats } = result;
          expect(stats.included + stats.omitted).toBe(entries.length);
          expect(stats.perEntry).toHaveLength(stats.included);
          expect(stats.namesOnly + stats.shortened).toBeLessThanOrEqual(stats.included);
          if (stats.included > 0) {
            const size = inTokens ? result.tokens : result.characters;
            expect(size).toBeLessThanOrEqual(inTokens ? limit : limit * 4);
          }
          const order = sortCatalogEntries(entries).map((item) => item.name);
          const listed = stats.perEntry.map((item) => item.name);
          expect(listed).toEqual(order.filter((name) => listed.includes(name)).slice(0, listed.length));
          expect(result.text).not.toContain("<|endoftext|>");
          return true;
        },
      ),
      { numRuns: 60, seed: 1234 },
    );
  });
});
