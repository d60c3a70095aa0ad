import { describe, expect, it } from "vitest";
import { clampSubAgentSteps } from "./sub-agent-runner.js";

describe("load_skill fork", () => {
  it("clamps step counts to whole numbers from 1 to 10 with a default of 5", () => {
    const clamped = [undefined, 0, 3.7, 99, "7"].map(clampSubAgentSteps);
    expect(clamped).toEqual([5, 1, 3, 10, 5]);
  });
});
