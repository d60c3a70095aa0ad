// createSkills' suggest and suggestionReminder over real skill folders.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EVERYDAY_SKILLS } from "../agent/suggestions/__fixtures__/everyday-skills.js";
import { createSkills, type Skills } from "./create-skills.js";

let root: string;
let skills: Skills | undefined;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "skillbox-suggest-"));
  for (const skill of EVERYDAY_SKILLS) {
    mkdirSync(path.join(root, skill.name), { recursive: true });
    writeFileSync(
      path.join(root, skill.name, "SKILL.md"),
      `---\nname: ${skill.name}\ndescription: ${JSON.stringify(skill.description)}\n---\nSteps.\n`,
    );
  }
});
afterEach(() => {
  skills?.close();
  skills = undefined;
  rmSync(root, { recursive: true, force: true });
});

describe("createSkills suggestions", () => {
  it("suggests the fitting skill with its description and a confidence when Layer 1 is over budget", async () => {
    skills = await createSkills({ dirs: [root], catalog: { budget: { tokens: 400 } } });
    const request = "Our pods keep crashing after the last deployment, can you check the kubectl logs?";
    const suggested = skills.suggest(request);
    expect(suggested[0]).toEqual({
      name: "kubernetes-debugging",
      description:
        "Diagnose Kubernetes workloads: crashing pods, failed deployments, services without endpoints, kubectl logs and events.",
      confidence: expect.any(Number),
      score: expect.any(Number),
    });
    expect(suggested[0]?.confidence).toBeGreaterThan(0.15);
    expect(suggested[0]?.confidence).toBeLessThanOrEqual(1);
    expect(skills.suggest("thanks!")).toEqual([]);
    expect(skills.suggest(request, { exclude: ["kubernetes-debugging"] })).toEqual([]);
  });

  it("builds the reminder to put after the user's message, and an empty one when nothing fits", async () => {
    skills = await createSkills({ dirs: [root], suggestions: "on" });
    const reminder = skills.suggestionReminder("Resize and compress these PNG images to WebP");
    expect(reminder).toMatch(/^<system-reminder>\n.*load_skill.*\n- image-resizer: Resize, crop, compress/s);
    expect(reminder.endsWith("</system-reminder>")).toBe(true);
    expect(skills.suggestionReminder("what's the weather like")).toBe("");
    // The system prompt does not change with what was suggested.
    expect(skills.systemPrompt()).not.toContain("Skills that may fit this request");
  });

  it("follows the setting: off never suggests, auto stays quiet while Layer 1 describes every skill", async () => {
    const request = "Write a postmortem for yesterday's outage with a timeline and root cause";
    skills = await createSkills({ dirs: [root], suggestions: "off", catalog: { budget: { tokens: 400 } } });
    expect(skills.suggest(request)).toEqual([]);
    skills.close();
    skills = await createSkills({ dirs: [root], catalog: { budget: "none" } });
    expect(skills.suggest(request)).toEqual([]);
    skills.close();
    skills = await createSkills({ dirs: [root], suggestions: "on", catalog: { budget: { tokens: 400 } } });
    expect(skills.suggest(request).map((item) => item.name)).toContain("incident-postmortem");
  });
});
