import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSkillFile } from "./find-skill-file.js";

const root = mkdtempSync(join(tmpdir(), "skillbox-find-"));
const write = (relative: string, content: string) => {
  const file = join(root, relative);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, content);
};

beforeAll(() => {
  write("skills/alpha/SKILL.md", "---\nname: alpha\ndescription: First.\n---\nBody\n");
  write("skills/group/beta/skill.md", "---\nname: beta\ndescription: Lowercase file.\n---\n");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("findSkillFile", () => {
  it("finds a skill file by its exact name", async () => {
    expect((await findSkillFile(join(root, "skills", "alpha")))?.fileName).toBe("SKILL.md");
    expect((await findSkillFile(join(root, "skills", "group", "beta")))?.lowercase).toBe(true);
    expect(await findSkillFile(join(root, "skills", "group"))).toBeUndefined();
    expect(await findSkillFile(join(root, "nowhere"))).toBeUndefined();
  });
});
