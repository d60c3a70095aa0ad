import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readSkillProperties } from "./read-skill-properties.js";

const root = mkdtempSync(join(tmpdir(), "skillbox-properties-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const skill = (name: string, text: string) => {
  mkdirSync(join(root, name), { recursive: true });
  writeFileSync(join(root, name, "SKILL.md"), text);
  return join(root, name);
};

describe("readSkillProperties", () => {
  it("returns the spec fields in the reference's key order, values as written", async () => {
    const directory = skill(
      "full",
      "---\nmetadata:\n  version: 1.0\nallowed-tools: Bash(jq:*) Bash(git:*)\nlicense: MIT\ndescription: '  Padded.  '\nname: 2048\ncontext: fork\n---\n",
    );
    const result = await readSkillProperties(directory);
    expect(JSON.stringify(result.properties)).toBe(
      JSON.stringify({
        name: "2048",
        description: "Padded.",
        license: "MIT",
        "allowed-tools": "Bash(jq:*) Bash(git:*)",
        metadata: { version: "1.0" },
      }),
    );
  });

  it("reports the reference's errors", async () => {
    const noName = await readSkillProperties(skill("no-name", "---\ndescription: d\n---\n"));
    expect(noName.diagnostics.map((d) => d.message)).toEqual(["Missing required field in frontmatter: name"]);
    const list = await readSkillProperties(skill("list", "---\nname: [a]\ndescription: d\n---\n"));
    expect(list.diagnostics.map((d) => d.message)).toEqual(["Field 'name' must be a non-empty string"]);
    const missing = await readSkillProperties(join(root, "absent"));
    expect(missing.diagnostics[0]?.message).toBe(`SKILL.md not found in ${join(root, "absent")}`);
  });
});
