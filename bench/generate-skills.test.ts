import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadSkillText } from "../src/skills/load-skill-text.js";
import { generateSkillTree, quantile } from "./generate-skills.js";

const root = mkdtempSync(join(tmpdir(), "skillbox-generate-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("generateSkillTree", () => {
  it("writes the same realistic, loadable tree for the same seed", async () => {
    const first = await generateSkillTree(join(root, "a"), 300, 7);
    const second = await generateSkillTree(join(root, "b"), 300, 7);
    expect(second.skillFileSizes).toEqual(first.skillFileSizes);
    expect(quantile(first.skillFileSizes, 0.5)).toBeGreaterThan(2500);
    expect(quantile(first.skillFileSizes, 0.5)).toBeLessThan(6500);
    expect(quantile(first.frontmatterSizes, 0.5)).toBeGreaterThan(250);
    expect(quantile(first.frontmatterSizes, 0.5)).toBeLessThan(450);
    const directory = first.directories[0] ?? "";
    const loaded = loadSkillText(readFileSync(join(directory, "SKILL.md"), "utf8"), {
      path: "SKILL.md",
      directoryName: directory.split("/").pop() ?? "",
    });
    expect(loaded.loadable).toBe(true);
  });
});
