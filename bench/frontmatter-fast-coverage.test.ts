// The fast frontmatter reader on the generator's real-shaped corpus: it must read at least 99% of
// the frontmatter `yaml` reads cleanly, and read every block it accepts exactly as `yaml` does.

import { splitFrontmatter } from "@skillbox/core/skills/split-frontmatter";
import { describeYamlValue, readWithYaml } from "@skillbox/core/skills/yaml-fast/compare-with-yaml";
import { parseFrontmatterFast } from "@skillbox/core/skills/yaml-fast/parse-frontmatter-fast";
import { beforeAll, describe, expect, it } from "vitest";
import { generateSkillFolders } from "./generate-skills.js";

let blocks: string[] = [];

beforeAll(() => {
  blocks = [];
  for (const folder of generateSkillFolders("/skills", 2500, 7)) {
    for (const file of folder.files) {
      if (!/\/(SKILL|skill)\.md$/.test(file.path)) continue;
      const split = splitFrontmatter(file.content);
      if (split.kind === "closed") blocks.push(split.yaml);
    }
  }
});

describe("parseFrontmatterFast on real-shaped frontmatter", () => {
  it("reads every generated block it accepts exactly as yaml does, and at least 99% of the clean ones", () => {
    let clean = 0;
    let accepted = 0;
    for (const yaml of blocks) {
      const fast = parseFrontmatterFast(yaml);
      const reference = readWithYaml(yaml);
      if (reference.kind === "ok") clean++;
      if (fast === undefined) continue;
      accepted++;
      expect(reference.kind, yaml).toBe("ok");
      if (reference.kind !== "ok") continue;
      expect(describeYamlValue(fast.data), yaml).toBe(describeYamlValue(reference.data));
      expect([...fast.keyLines], yaml).toEqual([...reference.keyLines]);
    }
    const coverage = accepted / clean;
    expect(
      coverage,
      `accepted ${accepted} of ${clean} clean blocks (${blocks.length} in all)`,
    ).toBeGreaterThanOrEqual(0.99);
    // Broken YAML (about 0.7% of real files) must reach yaml, for its diagnostics.
    expect(accepted / blocks.length).toBeGreaterThan(0.98);
  });
});
