import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
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

  it("refuses a skill file that links out of its folder and accepts one that stays inside", async () => {
    write("outside/token", "not a skill\n");
    mkdirSync(join(root, "skills", "linked-out"));
    symlinkSync(join(root, "outside", "token"), join(root, "skills", "linked-out", "SKILL.md"));
    await expect(findSkillFile(join(root, "skills", "linked-out"))).rejects.toMatchObject({
      code: "path-escape",
    });
    write("skills/linked-in/real/SKILL.md", "---\nname: linked-in\ndescription: d\n---\n");
    symlinkSync(join("real", "SKILL.md"), join(root, "skills", "linked-in", "SKILL.md"));
    expect((await findSkillFile(join(root, "skills", "linked-in")))?.fileName).toBe("SKILL.md");
  });
});
