// The generator must reproduce real skill libraries (real-frontmatter-shapes.ts), measured on what it
// writes, by a reader that does not share its code.
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { loadSkillText } from "@skillbox/core/skills/load-skill-text";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import {
  type GeneratedFolder,
  generateSkillFolders,
  generateSkillTree,
  quantile,
} from "./generate-skills.js";
import { measureFrontmatterShapes } from "./measure-frontmatter-shapes.js";
import {
  REAL_FEATURE_SHARES,
  REAL_FOLDERS,
  REAL_FRONTMATTER_BYTES,
  REAL_KEY_SHARES,
  REAL_NESTING_SHARES,
  REAL_SKILL_FILE_BYTES,
} from "./real-frontmatter-shapes.js";

const FOLDERS = 3000;
let folders: GeneratedFolder[] = [];
let texts: string[] = [];
let root = "";

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "skillbox-generate-"));
  folders = [...generateSkillFolders("/skills", FOLDERS, 42)];
  texts = folders.flatMap((folder) =>
    folder.files.filter((file) => /\/(SKILL|skill)\.md$/.test(file.path)).map((file) => file.content),
  );
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Shares within `points` percentage points of the target. */
const expectShare = (label: string, count: number, total: number, target: number, points: number) =>
  expect(
    Math.abs((count / total) * 100 - target * 100),
    `${label}: ${((count / total) * 100).toFixed(2)}%`,
  ).toBeLessThanOrEqual(Math.max(points, 350 * Math.sqrt((target * (1 - target)) / total)));
/** Sizes within `fraction` of the target. */
const expectNear = (label: string, value: number, target: number, fraction: number) =>
  expect(Math.abs(value - target) / target, `${label}: ${value} against ${target}`).toBeLessThanOrEqual(
    fraction,
  );

describe("generateSkillTree", () => {
  it("writes the same tree for the same seed, every skill file where it says, loadable", async () => {
    const first = await generateSkillTree(join(root, "a"), 60, 7);
    const second = await generateSkillTree(join(root, "b"), 60, 7);
    expect(second.skillFileSizes).toEqual(first.skillFileSizes);
    expect(first.directories).toHaveLength(60);
    expect(first.fileCount).toBeGreaterThan(first.skills.length);
    const skill = first.skills.find((item) => item.searchable) ?? first.skills[0];
    const text = readFileSync(skill?.file ?? "", "utf8");
    const loaded = loadSkillText(text, {
      path: skill?.file ?? "",
      directoryName: basename(skill?.directory ?? ""),
    });
    expect(loaded.loadable).toBe(true);
  });

  it("has the frontmatter features of real skills, each within a few points of its share", () => {
    const counts = measureFrontmatterShapes(texts);
    for (const [feature, share] of Object.entries(REAL_FEATURE_SHARES)) {
      if (feature === "invalidYaml") continue;
      const count = counts.features[feature as keyof typeof counts.features];
      expectShare(feature, count, counts.files, share, share > 0.05 ? 3 : share > 0.01 ? 1 : 0.3);
    }
    const invalid = counts.yamlBlocks.filter(
      (yaml) => parseDocument(yaml, { schema: "failsafe", uniqueKeys: false }).errors.length > 0,
    ).length;
    expectShare("invalid YAML", invalid, counts.files, REAL_FEATURE_SHARES.invalidYaml, 0.4);
    REAL_NESTING_SHARES.forEach((share, level) => {
      expectShare(
        `nesting level ${level}`,
        counts.nesting[level] ?? 0,
        counts.files,
        share,
        level < 2 ? 3 : 0.6,
      );
    });
    for (const [key, share] of Object.entries(REAL_KEY_SHARES)) {
      expectShare(`key ${key}`, counts.keys.get(key) ?? 0, counts.files, share, share > 0.05 ? 2 : 0.6);
    }
  });

  it("has the sizes of real skills: frontmatter and whole SKILL.md quantiles", () => {
    const { frontmatterBytes } = measureFrontmatterShapes(texts);
    expectNear("frontmatter p50", quantile(frontmatterBytes, 0.5), REAL_FRONTMATTER_BYTES.p50, 0.1);
    expectNear("frontmatter p90", quantile(frontmatterBytes, 0.9), REAL_FRONTMATTER_BYTES.p90, 0.1);
    expectNear("frontmatter p99", quantile(frontmatterBytes, 0.99), REAL_FRONTMATTER_BYTES.p99, 0.15);
    const sizes = folders.flatMap((folder) => folder.skillFileSizes);
    expectNear("SKILL.md p50", quantile(sizes, 0.5), REAL_SKILL_FILE_BYTES.p50, 0.15);
    expectNear("SKILL.md p90", quantile(sizes, 0.9), REAL_SKILL_FILE_BYTES.p90, 0.15);
    expectNear("SKILL.md p99", quantile(sizes, 0.99), REAL_SKILL_FILE_BYTES.p99, 0.15);
  });

  it("has the folders of real libraries: bundled files, nested skills, renamed folders, shared names", () => {
    const directories = new Set<string>();
    let files = 0;
    for (const folder of folders) {
      for (const file of folder.files) {
        files++;
        for (let directory = file.path; ; ) {
          directory = directory.slice(0, directory.lastIndexOf("/"));
          if (directory === "/skills" || directory === "") break;
          directories.add(directory);
        }
      }
    }
    expectNear("files per skill folder", files / FOLDERS, REAL_FOLDERS.filesPerSkill, 0.1);
    expectNear(
      "directories per skill folder",
      directories.size / FOLDERS,
      REAL_FOLDERS.directoriesPerSkill,
      0.1,
    );
    const nested = folders.filter((folder) => folder.skills.length > 1).length;
    expectShare("folders with nested skills", nested, FOLDERS, REAL_FOLDERS.withNestedSkills, 0.6);
    const tops = folders.map((folder) => folder.skills[0]);
    const renamed = tops.filter((skill) => basename(skill?.directory ?? "") !== skill?.name).length;
    expectShare("renamed folders", renamed, FOLDERS, REAL_FOLDERS.renamed, 1);
    const uses = new Map<string, number>();
    for (const skill of tops) uses.set(skill?.name ?? "", (uses.get(skill?.name ?? "") ?? 0) + 1);
    const shared = [...uses.values()].filter((count) => count > 1).length;
    expectShare("names used by several folders", shared, FOLDERS, REAL_FOLDERS.sharedNames, 2);
    expectShare("distinct names", uses.size, FOLDERS, REAL_FOLDERS.distinctNames, 2);
  });
});
