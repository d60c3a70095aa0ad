import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSkillFolders, type SkillFolders } from "./__fixtures__/skill-folders.js";
import { createSkillTools } from "./create-skill-tools.js";

let folders: SkillFolders;
beforeEach(() => {
  folders = createSkillFolders();
});
afterEach(() => folders.remove());

describe("createSkillTools", () => {
  it("returns load_skill, read_skill_file and search_skills when a skill is loadable", () => {
    folders.addSkill("pdf", {});
    const tools = createSkillTools({ registry: folders.registry() });
    expect(tools.map((tool) => tool.name)).toEqual(["load_skill", "read_skill_file", "search_skills"]);
    expect(tools[0]?.description).toContain("- pdf: Helps with pdf.");
  });

  it("returns no tools when no skill is loadable, so the catalog and the tool are omitted", () => {
    expect(createSkillTools({ registry: folders.registry() })).toEqual([]);
    folders.addSkill("pdf", {});
    expect(createSkillTools({ registry: folders.registry({ stateOf: () => "off" }) })).toEqual([]);
  });

  it("shares one session memory between calls when given one", async () => {
    folders.addSkill("pdf", {});
    const { createSessionLoadTracker } = await import("./session-loads.js");
    const sessionLoads = createSessionLoadTracker();
    const first = createSkillTools({ registry: folders.registry(), sessionLoads });
    const second = createSkillTools({ registry: folders.registry(), sessionLoads });
    await first[0]?.execute({ skill_name: "pdf" }, { sessionId: "s" });
    expect((await second[0]?.execute({ skill_name: "pdf" }, { sessionId: "s" }))?.content).toMatch(
      /already loaded/,
    );
    sessionLoads.clear("s");
    expect((await second[0]?.execute({ skill_name: "pdf" }, { sessionId: "s" }))?.content).toMatch(
      /^<skill name="pdf">/,
    );
  });
});
