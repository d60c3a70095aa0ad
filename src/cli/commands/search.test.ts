import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createInstallCli, type InstallCli } from "../__fixtures__/install-cli-fixtures.js";
import { addCommand } from "./add.js";
import { searchCommand } from "./search.js";

let setup: InstallCli;
beforeEach(async () => {
  setup = await createInstallCli([addCommand, searchCommand]);
  setup.server.setSearchResults([
    { id: "acme/skills/pdf", skillId: "pdf", name: "pdf", installs: 900, source: "acme/skills" },
    { id: "anthropics/skills/pdf", skillId: "pdf", name: "pdf", installs: 5000, source: "anthropics/skills" },
  ]);
});
afterEach(() => setup.close());

describe("skillbox search", () => {
  it("shows installs, source, installed and name conflicts", async () => {
    await setup.run(["add", "acme/skills", "--skill", "pdf"]);
    const result = await setup.run(["search", "pdf"]);
    expect(result.code).toBe(0);
    const lines = result.stdout.split("\n");
    expect(lines[0]).toMatch(/^NAME\s+SOURCE\s+INSTALLS\s+STATUS$/);
    expect(lines[1]).toMatch(
      /^pdf\s+anthropics\/skills\s+5000\s+conflict: 'pdf' is already installed from acme\/skills \(project\)$/,
    );
    expect(lines[2]).toMatch(/^pdf\s+acme\/skills\s+900\s+installed$/);
    const json = JSON.parse((await setup.run(["search", "pdf", "--json"])).stdout);
    expect(json.rows[0]).toMatchObject({
      name: "pdf",
      source: "anthropics/skills",
      from: "both",
      installs: 5000,
    });
  });

  it("answers from the curated list offline", async () => {
    setup.env.SKILLBOX_SKILLS_SH_URL = "http://127.0.0.1:9";
    const result = await setup.run(["search", "test-driven"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("skills.sh could not be searched");
    expect(result.stdout).toMatch(/test-driven-development\s+obra\/superpowers\s+-/);
  });
});
