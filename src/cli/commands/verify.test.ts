import { mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { hashTree } from "@skillbox/installer/install/__fixtures__/install-fixtures";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createInstallCli, type InstallCli } from "../__fixtures__/install-cli-fixtures.js";
import { addCommand } from "./add.js";
import { installCommand } from "./install.js";
import { verifyCommand } from "./verify.js";

let setup: InstallCli;
beforeEach(async () => {
  setup = await createInstallCli([addCommand, installCommand, verifyCommand]);
});
afterEach(() => setup.close());

describe("skillbox verify", () => {
  it("exits 0 when every installed skill matches, 1 when files changed, and never writes", async () => {
    await setup.run(["add", "acme/skills", "--yes"]);
    await setup.run(["add", "acme/skills", "--skill", "docx", "--user"]);
    const clean = await setup.run(["verify"]);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(/docx\s+project\s+ok/);
    expect(clean.stdout).toMatch(/docx\s+user\s+ok/);

    writeFileSync(path.join(setup.cli.skills, "pdf", "SKILL.md"), "changed by hand\n");
    rmSync(path.join(setup.cli.skills, "docx"), { recursive: true });
    const before = hashTree(setup.cli.base);
    const changed = await setup.run(["verify", "--json"]);
    expect(hashTree(setup.cli.base)).toEqual(before);
    expect(changed.code).toBe(1);
    const results = JSON.parse(changed.stdout).results;
    expect(
      results.map((result: { name: string; scope: string; status: string }) => [
        result.name,
        result.scope,
        result.status,
      ]),
    ).toEqual([
      ["pdf", "project", "modified"],
      ["docx", "project", "missing"],
      ["docx", "user", "ok"],
    ]);
    expect((await setup.run(["verify", "--user"])).code).toBe(0);
  });

  it("reports a project .agents/skills that links out of the project, where add and install refuse to write", async () => {
    await setup.run(["add", "acme/skills", "--yes"]);
    const outside = path.join(setup.cli.base, "outside");
    mkdirSync(outside);
    renameSync(setup.cli.skills, path.join(outside, "skills"));
    symlinkSync("../../outside/skills", setup.cli.skills);

    const verified = await setup.run(["verify"]);
    expect(verified.code).toBe(1);
    expect(verified.stdout).toMatch(/\.agents\/skills\s+project\s+outside-project\s+Refused to verify/);
    expect(verified.stdout).not.toMatch(/\bok\b/);

    rmSync(path.join(outside, "skills"), { recursive: true });
    mkdirSync(path.join(outside, "skills"));
    for (const args of [
      ["add", "acme/skills", "--yes"],
      ["install", "--frozen"],
    ]) {
      const run = await setup.run(args);
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain(".agents/skills is a link to ../../outside/skills");
      expect(run.stderr).toContain("rm .agents/skills");
      expect(run.stdout).not.toContain("Installed");
      // add fails before it fetches the source.
      if (args[0] === "add") expect(run.stderr).not.toContain("Downloaded");
    }
    expect(readdirSync(path.join(outside, "skills"))).toEqual([]);
  });
});
