import { rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashTree } from "../../install/__fixtures__/install-fixtures.js";
import { createInstallCli, type InstallCli } from "../__fixtures__/install-cli-fixtures.js";
import { addCommand } from "./add.js";
import { verifyCommand } from "./verify.js";

let setup: InstallCli;
beforeEach(async () => {
  setup = await createInstallCli([addCommand, verifyCommand]);
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
});
