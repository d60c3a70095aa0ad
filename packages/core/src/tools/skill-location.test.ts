import { describe, expect, it } from "vitest";
import type { SkillRecord } from "../registry/index/skill-record.js";
import { presentOnDisk, presentPathsIn } from "./skill-location.js";

const record = { directory: "/srv/skills/s1" } as SkillRecord;
const present = () => "skill://s1/";

describe("presentPathsIn", () => {
  it("replaces the folder and paths below it with the presented base, never a longer folder name", () => {
    expect(
      presentPathsIn(
        "gone: /srv/skills/s1/SKILL.md; see /srv/skills/s1 and /srv/skills/s10/x",
        record,
        present,
      ),
    ).toBe("gone: skill://s1/SKILL.md; see skill://s1/ and /srv/skills/s10/x");
  });

  it("replaces the real path of a linked folder too, and leaves text alone for the local default", () => {
    expect(presentPathsIn("at /real/s1/a.md", record, present, "/real/s1")).toBe("at skill://s1/a.md");
    expect(presentPathsIn("at /srv/skills/s1/a.md", record, presentOnDisk)).toBe("at /srv/skills/s1/a.md");
  });
});
