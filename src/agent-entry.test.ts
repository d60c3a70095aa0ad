import * as agentFloor from "@skillbox/agent/agent/index";
import { describe, expect, it } from "vitest";
import * as entry from "./agent-entry.js";

describe("the skillbox/agent subpath", () => {
  it("exports everything of the agent floor and createSkillAgent from the workspace above it", () => {
    expect(typeof entry.createSkillAgent).toBe("function");
    for (const name of Object.keys(agentFloor)) expect(entry).toHaveProperty(name);
    expect(Object.keys(agentFloor)).not.toContain("createSkillAgent");
  });
});
