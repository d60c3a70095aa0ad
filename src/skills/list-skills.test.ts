import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSkillFile } from "./find-skill-file.js";
import { listSkills } from "./list-skills.js";

const root = mkdtempSync(join(tmpdir(), "skillbox-list-"));
const write = (relative: string, content: string | Uint8Array) => {
  const file = join(root, relative);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, content);
};

beforeAll(() => {
  write("skills/alpha/SKILL.md", "---\nname: alpha\ndescription: First.\n---\nBody\n");
  write("skills/alpha/references/nested/SKILL.md", "---\nname: nested\ndescription: Inside a skill.\n---\n");
  write("skills/group/beta/skill.md", "---\nname: beta\ndescription: Lowercase file.\n---\n");
  write("skills/group/broken/SKILL.md", "---\nname: [broken\n---\nThe body explains it.\n");
  write("skills/empty/SKILL.md", "");
  write("skills/binary/SKILL.md", new Uint8Array([0xff, 0x00, 0x01]));
  write("skills/node_modules/hidden/SKILL.md", "---\nname: hidden\ndescription: d\n---\n");
  write("skills/.git/hidden/SKILL.md", "---\nname: hidden\ndescription: d\n---\n");
  write("skills/README.md", "# not a skill\n");
  symlinkSync(join(root, "skills"), join(root, "skills", "group", "loop"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("listSkills", () => {
  it("loads every skill leniently and keeps skipped files out of the skill list", async () => {
    const listing = await listSkills({ directories: [join(root, "skills")] });
    expect(listing.skills.map((skill) => skill.name)).toEqual(["alpha", "beta", "broken"]);
    expect(listing.skills[1]?.diagnostics.map((d) => d.code)).toEqual(["lowercase-skill-file"]);
    expect(listing.skills[2]).toMatchObject({ description: "The body explains it." });
    expect(listing.diagnostics.map((d) => d.code).sort()).toEqual(["binary-file", "empty-file"]);
  });

  it("reads a folder given twice (or through a link) once and reports a missing folder", async () => {
    const listing = await listSkills({
      directories: [join(root, "skills"), join(root, "skills", "group", "loop"), join(root, "missing")],
    });
    expect(listing.skills).toHaveLength(3);
    expect(listing.diagnostics.map((d) => d.code)).toContain("folder-not-found");
  });

  it("finds a skill file by its exact name", async () => {
    expect((await findSkillFile(join(root, "skills", "alpha")))?.fileName).toBe("SKILL.md");
    expect((await findSkillFile(join(root, "skills", "group", "beta")))?.lowercase).toBe(true);
    expect(await findSkillFile(join(root, "skills", "group"))).toBeUndefined();
    expect(await findSkillFile(join(root, "nowhere"))).toBeUndefined();
  });
});
