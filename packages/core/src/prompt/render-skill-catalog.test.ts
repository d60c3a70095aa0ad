import { createTempDirectory, writeSkill } from "@skillbox/testing/skill-folders";
import { afterEach, describe, expect, it } from "vitest";
import { createSkillRegistry } from "../registry/skill-registry.js";
import { buildBudgetedCatalog } from "./budget.js";
import type { CatalogEntry } from "./catalog-entry.js";
import { renderSkillCatalog } from "./render-skill-catalog.js";
import { countTokens } from "./tokens.js";
import { buildToolDescription } from "./tool-description.js";

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function temp() {
  const directory = createTempDirectory();
  cleanups.push(directory.remove);
  return directory.path;
}

function single(root: string) {
  const registry = createSkillRegistry({ roots: [{ label: "test", path: root, scope: "custom" }] });
  cleanups.push(() => registry.close());
  return registry;
}

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

/** `count` skills whose whole listing is far above 4,000 tokens. */
function library(count: number): CatalogEntry[] {
  return Array.from({ length: count }, (_, index) =>
    entry(`skill-${String(index).padStart(4, "0")}`, { score: count - index }),
  );
}

describe("renderSkillCatalog", () => {
  it("builds the reminder and the tool description through the prompt renderers", () => {
    const root = temp();
    writeSkill(root, "pdf", {
      description: "Extract text from PDFs.",
      when_to_use: "When a PDF is involved.",
    });
    writeSkill(root, "hidden", { "disable-model-invocation": true });
    const registry = single(root);
    const reminder = renderSkillCatalog(registry.catalogEntries())?.text;
    expect(reminder).toContain("pdf");
    expect(reminder).toContain("Extract text from PDFs.");
    expect(reminder).not.toContain("hidden");
    expect(buildToolDescription(registry.toolEntries())).toContain("pdf");
    const empty = single(temp());
    expect(renderSkillCatalog(empty.catalogEntries())).toBeUndefined();
  });

  it("keeps to 4,000 tokens without a budget or a known context window, with the notice and the search_skills pointer", () => {
    const entries = library(1200);
    const built = renderSkillCatalog(entries);
    expect(built).toBeDefined();
    expect(built?.tokens).toBeLessThanOrEqual(4000);
    expect(built?.tokens).toBeGreaterThan(3500);
    expect(built?.stats.omitted).toBeGreaterThan(0);
    expect(built?.text).toMatch(
      /Note: this list is shortened to fit its budget: .* shown only in an area above\./,
    );
    expect(built?.text).toContain("call search_skills with a few keywords");
    // The same text as an explicit budget of that size.
    expect(built?.text).toBe(buildBudgetedCatalog(entries, { budget: { tokens: 4000 } })?.text);
  });

  it("takes 2% of the model's context window as the default budget", () => {
    const entries = library(400);
    const small = renderSkillCatalog(entries, { contextWindow: 100_000 });
    expect(small?.tokens).toBeLessThanOrEqual(2000);
    expect(small?.tokens).toBeGreaterThan(1500);
    expect(small?.text).toContain("search_skills");
    const large = renderSkillCatalog(entries, { contextWindow: 1_000_000 });
    expect(large?.tokens).toBeLessThanOrEqual(20_000);
    expect(large?.stats.included).toBeGreaterThan(small?.stats.included ?? 0);
  });

  it("lists every skill with budget none, however long the list", () => {
    const entries = library(400);
    const built = renderSkillCatalog(entries, { budget: "none" });
    expect(built?.stats).toMatchObject({ included: 400, shortened: 0, namesOnly: 0, omitted: 0 });
    expect(built?.tokens).toBeGreaterThan(8000);
    expect(built?.text).not.toContain("Note: this list is shortened");
  });

  it("applies states over the entries' own: off and user-only leave the list, name-only keeps the name", () => {
    const entries = [entry("alpha"), entry("beta", { state: "name-only" }), entry("gamma"), entry("delta")];
    const states: Record<string, "on" | "off" | "user-only" | "name-only"> = {
      alpha: "name-only",
      beta: "on",
      gamma: "off",
      delta: "user-only",
    };
    const text =
      renderSkillCatalog(entries, { format: "markdown", states: (name) => states[name] })?.text ?? "";
    expect(text).toContain("- **alpha**\n");
    expect(text).toContain("- **beta**: Helps with beta");
    expect(text).not.toContain("gamma");
    expect(text).not.toContain("delta");
    expect(renderSkillCatalog([entry("beta", { state: "name-only" })], { format: "markdown" })?.text).toMatch(
      /- \*\*beta\*\*$/,
    );
  });

  it("shows given descriptions (translations) in place of description and when_to_use", () => {
    const entries = [entry("pdf", { whenToUse: "When a PDF is involved." }), entry("xlsx")];
    const text =
      renderSkillCatalog(entries, { descriptions: new Map([["pdf", "Liest PDF-Dateien."]]) })?.text ?? "";
    expect(text).toContain("- pdf: Liest PDF-Dateien.\n");
    expect(text).not.toContain("When a PDF is involved");
    expect(text).toContain("- xlsx: Helps with xlsx");
  });

  it("without counting tokens, gives the counted text and skips counting when the list fits in bytes", () => {
    const few = [entry("pdf"), entry("xlsx")];
    const quick = renderSkillCatalog(few, { countTokens: false });
    expect(quick?.tokens).toBe(0);
    expect(quick?.text).toBe(renderSkillCatalog(few)?.text);
    const many = library(400);
    const bounded = renderSkillCatalog(many, { countTokens: false });
    expect(bounded?.text).toBe(renderSkillCatalog(many)?.text);
    expect(countTokens(bounded?.text ?? "")).toBeLessThanOrEqual(4000);
  });
});
