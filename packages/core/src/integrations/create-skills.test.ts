// createSkills over real temp folders: the Layer 1 block, the tools, loads per session, hot reload.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { waitForRegistryEvent } from "../registry/watch/wait-for-registry-event.js";
import { createSkills, type Skills } from "./create-skills.js";

let root: string;
let skills: Skills | undefined;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "skillbox-integrations-"));
});
afterEach(() => {
  skills?.close();
  skills = undefined;
  rmSync(root, { recursive: true, force: true });
});

function writeSkill(name: string, frontmatter: string, body: string): void {
  mkdirSync(path.join(root, name), { recursive: true });
  writeFileSync(path.join(root, name, "SKILL.md"), `---\nname: ${name}\n${frontmatter}\n---\n${body}\n`);
}

const loadCall = (id: string, name: string) => ({
  id,
  type: "function" as const,
  function: { name: "load_skill", arguments: JSON.stringify({ skill_name: name }) },
});

describe("createSkills", () => {
  it("gives no tools and an empty system prompt block when the folders hold no skill", async () => {
    skills = await createSkills({ dirs: [root] });
    expect(skills.tools()).toEqual([]);
    expect(skills.systemPrompt()).toBe("");
    expect(skills.openaiTools()).toBeUndefined();
  });

  it("puts the load rule and the skill list in the system prompt block, after an optional intro", async () => {
    writeSkill("csv-cleanup", "description: Cleans CSV files.", "Trim every cell.");
    skills = await createSkills({ dirs: [root] });
    const block = skills.systemPrompt({ intro: "You are Ada, a data assistant." });
    expect(block.startsWith("You are Ada, a data assistant.\nUse load_skill")).toBe(true);
    expect(block).toContain("- csv-cleanup: Cleans CSV files.");
    expect(skills.systemPrompt().startsWith("Use load_skill")).toBe(true);
  });

  it("renders the skill list again when its entries change between calls, and the same text while they do not", async () => {
    writeSkill("alpha-tool", "description: Does alpha things.", "Alpha.");
    writeSkill("beta-tool", "description: Does beta things.", "Beta.");
    skills = await createSkills({ dirs: [root], cwd: root, home: root });
    const before = skills.systemPrompt();
    expect(skills.systemPrompt()).toBe(before);
    expect(before.indexOf("- alpha-tool")).toBeLessThan(before.indexOf("- beta-tool"));
    // Usage orders Layer 1: the used skill moves first.
    expect(skills.registry.recordUsage("beta-tool")).toBe(true);
    const after = skills.systemPrompt();
    expect(after.indexOf("- beta-tool")).toBeLessThan(after.indexOf("- alpha-tool"));
  });

  it("returns the full body on every load without a session, and a short note on a repeat within one", async () => {
    writeSkill("csv-cleanup", "description: Cleans CSV files.", "Trim every cell.");
    skills = await createSkills({ dirs: [root] });
    const first = await skills.handleToolCalls([loadCall("a", "csv-cleanup"), loadCall("b", "csv-cleanup")]);
    expect(first.map((message) => String(message.content).includes("Trim every cell."))).toEqual([
      true,
      true,
    ]);
    skills.close();

    skills = await createSkills({ dirs: [root], sessionId: "chat-1" });
    const second = await skills.handleToolCalls([loadCall("a", "csv-cleanup"), loadCall("b", "csv-cleanup")]);
    expect(String(second[0]?.content)).toContain("Trim every cell.");
    expect(String(second[1]?.content)).toContain("already loaded");
  });

  it("says clearly that a fork skill needs a sub-agent runner when none was given", async () => {
    writeSkill("deep-dive", "description: Researches a topic.\ncontext: fork", "Research it.");
    skills = await createSkills({ dirs: [root] });
    const [result] = await skills.handleToolUse([
      { type: "tool_use", id: "t1", name: "load_skill", input: { skill_name: "deep-dive" } },
    ]);
    expect(result).toMatchObject({ is_error: true });
    expect(String(result?.content)).toContain("no sub-agent runner is configured");
  });

  it("lists a skill added while watching in the next system prompt block", async () => {
    writeSkill("csv-cleanup", "description: Cleans CSV files.", "Trim every cell.");
    skills = await createSkills({ dirs: [root], watch: true });
    expect(skills.systemPrompt()).not.toContain("pdf-forms");
    const added = waitForRegistryEvent(skills.registry, "skill-added", { timeoutMs: 10_000 });
    writeSkill("pdf-forms", "description: Fills PDF forms.", "Use the form tool.");
    await added;
    expect(skills.systemPrompt()).toContain("- pdf-forms: Fills PDF forms.");
  });
});
