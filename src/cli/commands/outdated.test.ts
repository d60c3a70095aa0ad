import { hashTree, skillText } from "@skillbox/installer/install/__fixtures__/install-fixtures";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createInstallCli, type InstallCli } from "../__fixtures__/install-cli-fixtures.js";
import { addCommand } from "./add.js";
import { outdatedCommand } from "./outdated.js";

let setup: InstallCli;
beforeEach(async () => {
  setup = await createInstallCli([addCommand, outdatedCommand]);
});
afterEach(() => setup.close());

describe("skillbox outdated", () => {
  it("over a git URL, flags exactly the skill whose folder changed and writes nothing", async () => {
    expect((await setup.run(["add", setup.repository.fileUrl, "--yes"])).code).toBe(0);
    expect((await setup.run(["outdated"])).code).toBe(0);
    setup.repository.commit(
      { "skills/pdf/SKILL.md": skillText("pdf", "Reads PDF files, faster.", ["allowed-tools: Read"]) },
      "pdf",
    );
    setup.repository.commit({ "README.md": "unrelated\n" }, "readme");
    const before = hashTree(setup.cli.base);
    const result = await setup.run(["outdated"]);
    expect(hashTree(setup.cli.base)).toEqual(before);
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^NAME\s+SCOPE\s+STATUS\s+CURRENT\s+LATEST\s+SOURCE$/);
    expect(lines.slice(1).map((line) => line.split(/\s+/).slice(0, 3))).toEqual([
      ["docx", "project", "up-to-date"],
      ["pdf", "project", "outdated"],
    ]);
  });
});
