import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { hashTree } from "@skillbox/installer/install/__fixtures__/install-fixtures";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createInstallCli, type InstallCli } from "../__fixtures__/install-cli-fixtures.js";
import { addCommand } from "./add.js";
import { removeCommand } from "./remove.js";

let setup: InstallCli;
beforeEach(async () => {
  setup = await createInstallCli([addCommand, removeCommand]);
});
afterEach(() => setup.close());

describe("skillbox remove", () => {
  it("removes an installed skill and its lock entry", async () => {
    await setup.run(["add", "acme/skills", "--yes"]);
    const result = await setup.run(["remove", "pdf"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Removed pdf (project)");
    expect(existsSync(path.join(setup.cli.skills, "pdf"))).toBe(false);
    expect(
      Object.keys(JSON.parse(readFileSync(path.join(setup.cli.project, "skills-lock.json"), "utf8")).skills),
    ).toEqual(["docx"]);
  });

  it.each([["../../x"], [".."], ["../project"]])(
    "refuses %j and leaves every file as it was",
    async (name) => {
      await setup.run(["add", "acme/skills", "--yes"]);
      const before = hashTree(setup.cli.base);
      const result = await setup.run(["remove", name]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("is not a skill name");
      expect(hashTree(setup.cli.base)).toEqual(before);
    },
  );

  it("refuses a hand-made skill", async () => {
    setup.cli.writeSkill(setup.cli.skills, "mine");
    const result = await setup.run(["remove", "mine"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("no source.json");
    expect(existsSync(path.join(setup.cli.skills, "mine", "SKILL.md"))).toBe(true);
  });

  it("accepts --yes and -y as add does, and still removes", async () => {
    await setup.run(["add", "acme/skills", "--yes"]);
    for (const [flag, name] of [
      ["--yes", "pdf"],
      ["-y", "docx"],
    ] as const) {
      const result = await setup.run(["remove", name, flag]);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      expect(existsSync(path.join(setup.cli.skills, name))).toBe(false);
    }
  });
});
