import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { hashTree, skillText } from "@skillbox/installer/install/__fixtures__/install-fixtures";
import { openWorkspace } from "@skillbox/workspace/workspace/open-workspace";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createInstallCli, type InstallCli } from "../__fixtures__/install-cli-fixtures.js";
import { addCommand } from "./add.js";
import { listCommand } from "./list.js";
import { outdatedCommand } from "./outdated.js";
import { removeCommand } from "./remove.js";
import { updateCommand } from "./update.js";

let setup: InstallCli;
beforeEach(async () => {
  setup = await createInstallCli([addCommand, listCommand, outdatedCommand, updateCommand, removeCommand]);
});
afterEach(() => setup.close());

const namesIn = (stdout: string) =>
  JSON.parse(stdout)
    .skills.map((skill: { name: string }) => skill.name)
    .sort();

describe("skillbox add → list → outdated → update → remove", () => {
  it.each(["project", "user"] as const)("works end to end for the %s scope", async (scope) => {
    const { cli } = setup;
    const flag = `--${scope}`;
    const root = scope === "project" ? cli.skills : path.join(cli.home, ".agents", "skills");

    const added = await setup.run(["add", "acme/skills", "--yes", flag]);
    expect(added.stderr).toContain("Downloaded acme/skills");
    expect(added.code).toBe(0);
    expect(added.stdout).toContain("Found 2 skills in acme/skills at");
    expect(added.stdout).toMatch(/pdf {2}skills\/pdf {2}\(.*scripts: 1; allowed-tools: Read\)/);
    expect(added.stdout).toContain(`Installed pdf into ${path.join(root, "pdf")} (${scope})`);
    expect(existsSync(path.join(cli.project, "skills-lock.json"))).toBe(scope === "project");

    const listed = await setup.run(["list", "--json"]);
    expect(namesIn(listed.stdout)).toEqual(["docx", "pdf"]);

    setup.repository.commit({ "skills/docx/references/styles.md": "Styles v2\n" }, "docx changes");
    setup.repository.commit({ "README.md": "# Skills, reworded\n" }, "unrelated");
    const before = hashTree(cli.base);
    const outdated = await setup.run(["outdated", "--json"]);
    expect(hashTree(cli.base)).toEqual(before);
    expect(outdated.code).toBe(1);
    const results = JSON.parse(outdated.stdout).results;
    expect(results.map((result: { name: string; status: string }) => [result.name, result.status])).toEqual([
      ["docx", "outdated"],
      ["pdf", "up-to-date"],
    ]);

    const updated = await setup.run(["update", flag]);
    expect(updated.code).toBe(0);
    expect(updated.stdout).toContain(`docx (${scope}): updated`);
    expect(readFileSync(path.join(root, "docx", "references", "styles.md"), "utf8")).toBe("Styles v2\n");
    expect((await setup.run(["outdated"])).code).toBe(0);

    const removed = await setup.run(["remove", "docx", flag]);
    expect(removed.code).toBe(0);
    expect(existsSync(path.join(root, "docx"))).toBe(false);
    expect(namesIn((await setup.run(["list", "--json"])).stdout)).toEqual(["pdf"]);
  });

  it("lists without installing, and asks for a choice when a source holds several skills", async () => {
    const listed = await setup.run(["add", "acme/skills", "--list", "--json"]);
    expect(listed.code).toBe(0);
    const scan = JSON.parse(listed.stdout);
    expect(
      scan.skills.map((skill: { name: string; scripts: string[] }) => [skill.name, skill.scripts]),
    ).toEqual([
      ["docx", []],
      ["pdf", ["scripts/extract.sh"]],
    ]);
    const unchosen = await setup.run(["add", "acme/skills"]);
    expect(unchosen.code).toBe(2);
    expect(unchosen.stderr).toContain("choose with --skill");
    expect(existsSync(path.join(setup.cli.skills, "pdf"))).toBe(false);
    const chosen = await setup.run(["add", "acme/skills", "--skill", "pdf", "--link", "claude"]);
    expect(chosen.code).toBe(0);
    expect(chosen.stdout).toContain("linked for claude: .claude/skills/pdf (symlink)");
  });

  it("keeps the person's state setting through an update", async () => {
    await setup.run(["add", "acme/skills", "--skill", "docx"]);
    const workspace = openWorkspace({
      cwd: setup.cli.project,
      home: setup.cli.home,
      env: setup.env,
      bundledDirectory: path.join(setup.cli.base, "none"),
    });
    workspace.setState("docx", "user-only", "project");
    workspace.close();
    setup.repository.commit(
      { "skills/docx/SKILL.md": skillText("docx", "Writes Word files, better.") },
      "docx",
    );
    expect((await setup.run(["update", "docx"])).code).toBe(0);
    const after = openWorkspace({
      cwd: setup.cli.project,
      home: setup.cli.home,
      env: setup.env,
      bundledDirectory: path.join(setup.cli.base, "none"),
    });
    try {
      expect(after.stateOf("docx")).toBe("user-only");
      expect(after.registry.get("docx")?.metadata.description).toBe("Writes Word files, better.");
    } finally {
      after.close();
    }
  });

  it("exits 1 and installs nothing when the only skill cannot be installed", async () => {
    setup.repository.commit(
      { "skills/pdf": null, "skills/docx": null, "evil/SKILL.md": skillText("../../x") },
      "hostile",
    );
    const before = hashTree(setup.cli.base);
    const result = await setup.run(["add", "acme/skills", "--yes"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("nothing was installed");
    expect(hashTree(setup.cli.base)).toEqual(before);
  });

  it("lists what it found before the install's progress, and refused skills without a false 'SKILL.md is empty'", async () => {
    setup.repository.commit(
      {
        "skills/docx": null,
        "skills/evil/SKILL.md": skillText("evil", "Looks helpful."),
        "skills/evil/key": { symlink: "../../../home/.ssh/id_rsa" },
      },
      "one good, one refused",
    );
    const lines: string[] = [];
    const { code } = await setup.cli.run(["add", "acme/skills", "--yes"], {
      env: setup.env,
      stdout: (text) => lines.push(`out ${text}`),
      stderr: (text) => lines.push(`err ${text}`),
    });
    expect(code).toBe(1);
    const output = lines.join("");
    const found = output.indexOf("Found 2 skills");
    const wrote = output.indexOf("Wrote pdf");
    const installed = output.indexOf("Installed pdf");
    expect(found).toBeGreaterThanOrEqual(0);
    expect(wrote).toBeGreaterThan(found);
    expect(installed).toBeGreaterThan(wrote);
    expect(output).toMatch(/evil {2}skills\/evil {2}\(.*CANNOT BE INSTALLED\)/);
    expect(output).toContain("Looks helpful.");
    expect(output).not.toContain("empty");
    expect(output).toContain("not installed: evil");
  });
});
