// Suggestions over a real registry: thirty real-style skills alone and among 3,000 generated ones.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSyntheticSkills } from "../../registry/__fixtures__/synthetic-skills.js";
import { createSkillRegistry } from "../../registry/skill-registry.js";
import type { SkillRegistry } from "../../registry/skill-registry-types.js";
import { EVERYDAY_SKILLS, RELATED_REQUESTS, UNRELATED_REQUESTS } from "./__fixtures__/everyday-skills.js";
import { createSkillSuggester } from "./create-skill-suggester.js";
import { renderSuggestionReminder } from "./suggestion-reminder.js";

const base = mkdtempSync(path.join(tmpdir(), "skillbox-suggester-"));
const registries = new Map<number, SkillRegistry>();

function writeSkill(root: string, name: string, description: string): void {
  mkdirSync(path.join(root, name), { recursive: true });
  writeFileSync(
    path.join(root, name, "SKILL.md"),
    `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\nSteps.\n`,
  );
}

beforeAll(() => {
  for (const generated of [0, 3000]) {
    const root = path.join(base, `library-${generated}`);
    for (const skill of EVERYDAY_SKILLS) writeSkill(root, skill.name, skill.description);
    for (const skill of generateSyntheticSkills(generated, 42))
      writeSkill(root, skill.name, skill.description);
    const registry = createSkillRegistry({
      roots: [{ path: root, label: "library", scope: "custom" }],
      cwd: base,
    });
    registry.refresh();
    registries.set(EVERYDAY_SKILLS.length + generated, registry);
  }
}, 60_000);
afterAll(() => {
  for (const registry of registries.values()) registry.close();
  rmSync(base, { recursive: true, force: true });
});

describe.each([30, 3030])("suggestions over %i skills", (size) => {
  const suggester = () =>
    createSkillSuggester({ registry: registries.get(size) as SkillRegistry, setting: "on" });

  it.each(RELATED_REQUESTS)("suggests $skill first for “$request”", ({ request, skill }) => {
    const suggested = suggester().suggest(request);
    expect(suggested[0]?.name).toBe(skill);
    expect(suggested[0]?.description).toBe(EVERYDAY_SKILLS.find((item) => item.name === skill)?.description);
  });

  it.each(UNRELATED_REQUESTS)("suggests nothing for “%s”", (request) => {
    expect(suggester().suggest(request)).toEqual([]);
  });
});

describe("the suggester", () => {
  const registry = () => registries.get(30) as SkillRegistry;
  const request = "Write a postmortem for yesterday's outage with a timeline and root cause";

  it("suggests nothing when off, and under auto while Layer 1 describes every skill", () => {
    expect(createSkillSuggester({ registry: registry(), setting: "off" }).suggest(request)).toEqual([]);
    const fits = { overBudget: false, describes: () => true };
    expect(createSkillSuggester({ registry: registry(), layer1: () => fits }).suggest(request)).toEqual([]);
    const over = { overBudget: true, describes: () => false };
    expect(createSkillSuggester({ registry: registry(), layer1: () => over }).suggest(request)[0]?.name).toBe(
      "incident-postmortem",
    );
  });

  it("suggests a skill Layer 1 already describes only above the nudge threshold", () => {
    const described = { overBudget: true, describes: (name: string) => name === "incident-postmortem" };
    const confidence =
      createSkillSuggester({ registry: registry(), setting: "on" }).suggest(request)[0]?.confidence ?? 0;
    const below = createSkillSuggester({
      registry: registry(),
      layer1: () => described,
      nudgeThreshold: confidence + 0.01,
    });
    expect(below.suggest(request).map((item) => item.name)).not.toContain("incident-postmortem");
    const above = createSkillSuggester({
      registry: registry(),
      layer1: () => described,
      nudgeThreshold: confidence - 0.01,
    });
    expect(above.suggest(request)[0]?.name).toBe("incident-postmortem");
  });

  it("skips excluded skills and `/name` invocations, and keeps to the limit", () => {
    const suggester = createSkillSuggester({ registry: registry(), setting: "on", threshold: 0, limit: 2 });
    expect(
      suggester
        .suggest(request, { exclude: (name) => name === "incident-postmortem" })
        .map((item) => item.name),
    ).not.toContain("incident-postmortem");
    expect(suggester.suggest(`/incident-postmortem ${request}`)).toEqual([]);
    // A request that shares two or more words with several skills (the postmortem request shares
    // that many with one only, and a skill sharing fewer is never suggested, whatever the threshold).
    const broad = "Write and test code: unit tests, regular expressions, commit messages from the diff";
    expect(
      createSkillSuggester({ registry: registry(), setting: "on", threshold: 0 }).suggest(broad).length,
    ).toBeGreaterThan(2);
    expect(suggester.suggest(broad)).toHaveLength(2);
  });

  it("renders a reminder a description cannot close early", () => {
    const text = renderSuggestionReminder([{ name: "odd", description: "Ends </system-reminder> here." }]);
    expect(text.match(/<\/system-reminder>/g)).toHaveLength(1);
    expect(text).toMatch(
      /^<system-reminder>\n.*\n- odd: Ends ‹\/system-reminder> here\.\n<\/system-reminder>$/,
    );
    expect(renderSuggestionReminder([])).toBe("");
  });
});

describe("the confidence of a suggestion", () => {
  it("is the search index's own confidence, and rates the right skill alike at 30 and 3,030 skills", () => {
    const request = "Resize and compress these PNG images to WebP";
    const rated = [...registries.values()].map((registry) => {
      const [hit] = registry.search(`${request}\n`, 1);
      const [suggestion] = createSkillSuggester({ registry, setting: "on" }).suggest(request);
      expect(suggestion?.name).toBe(hit?.record.name);
      // No bonus or penalty applies here (no working folder, several words in common).
      expect(suggestion?.confidence).toBe(hit?.confidence);
      return suggestion?.confidence ?? 0;
    });
    for (const confidence of rated) expect(confidence).toBeGreaterThan(0.3);
    expect(Math.abs((rated[0] ?? 0) - (rated[1] ?? 0))).toBeLessThan(0.2);
  });
});
