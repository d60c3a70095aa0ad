import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSkillFolders, type SkillFolders } from "./__fixtures__/skill-folders.js";
import { createSearchSkillsTool } from "./search-skills.js";

let folders: SkillFolders;
beforeEach(() => {
  folders = createSkillFolders();
  folders.addSkill("pdf-forms", { description: "Fill in PDF forms and extract form fields." });
  folders.addSkill("pdf-reader", { description: "Read text from PDF documents." });
  folders.addSkill("csv-cleaner", {
    description: "Clean CSV files.",
    when_to_use: "Use for messy spreadsheets.",
  });
  folders.addSkill("release-notes", { description: "Write release notes.", tags: "[forms, docs]" });
  folders.addSkill("hidden-forms", {
    description: "Secret PDF forms helper.",
    "disable-model-invocation": "true",
  });
});
afterEach(() => folders.remove());

describe("search_skills", () => {
  it("ranks skills whose name and description match best first and leaves out ones the model cannot load", async () => {
    const tool = createSearchSkillsTool({ registry: folders.registry() });
    const result = await tool.execute({ query: "pdf forms" }, {});
    expect(result.content.split("\n")).toEqual([
      'Skills matching "pdf forms", best first (load one with load_skill):',
      "1. pdf-forms: Fill in PDF forms and extract form fields.",
      "2. pdf-reader: Read text from PDF documents.",
      "3. release-notes: Write release notes.",
    ]);
    const names = ((result.metadata?.results ?? []) as { name: string }[]).map((item) => item.name);
    expect(names).not.toContain("hidden-forms");
  });

  it("fuses the semantic ranking when the registry has one, never offering a skill the model cannot load", async () => {
    // A ranker that likes csv-cleaner best (lexically no match for "pdf forms") and the hidden skill.
    const semantic = {
      model: "fixed",
      rank: async (_query: string, documents: readonly { key: string }[], limit: number) =>
        ["hidden-forms", "csv-cleaner", "pdf-forms"]
          .filter((key) => documents.some((document) => document.key === key))
          .slice(0, limit),
    };
    const tool = createSearchSkillsTool({ registry: folders.registry({ semantic }) });
    const result = await tool.execute({ query: "pdf forms", limit: 3 }, {});
    // pdf-forms: 1/61 + 1/62; csv-cleaner: first semantic place (1/61); pdf-reader: second lexical (1/62).
    expect(result.content.split("\n").slice(1)).toEqual([
      "1. pdf-forms: Fill in PDF forms and extract form fields.",
      "2. csv-cleaner: Clean CSV files.",
      "3. pdf-reader: Read text from PDF documents.",
    ]);
    expect(result.content).not.toContain("hidden-forms");
  });

  it("searches when_to_use, honours the limit, and hides descriptions of name-only skills", async () => {
    const registry = folders.registry({
      stateOf: ({ name }) => (name === "csv-cleaner" ? "name-only" : name === "pdf-reader" ? "off" : "on"),
    });
    const tool = createSearchSkillsTool({ registry });
    expect((await tool.execute({ query: "spreadsheets" }, {})).content).toContain("1. csv-cleaner");
    expect((await tool.execute({ query: "spreadsheets" }, {})).content).not.toContain("Clean CSV");
    const limited = await tool.execute({ query: "pdf", limit: 1 }, {});
    expect(limited.content.split("\n")).toHaveLength(2);
    expect(limited.content).toContain("1. pdf-forms");
  });

  it("says when nothing matches and rejects an empty query", async () => {
    const tool = createSearchSkillsTool({ registry: folders.registry() });
    const none = await tool.execute({ query: "kubernetes" }, {});
    expect(none.isError).toBeUndefined();
    expect(none.content).toMatch(/No skills match "kubernetes"/);
    expect((await tool.execute({ query: "  " }, {})).isError).toBe(true);
  });
});
