// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${...}` placeholders in skill bodies are part of what these tests check.
import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { openWorkspace } from "@skillbox/workspace/workspace/open-workspace";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliHarness, createCliHarness } from "../__fixtures__/cli-harness.js";
import { showCommand } from "./show.js";

let cli: CliHarness;
beforeEach(() => {
  cli = createCliHarness([showCommand]);
});
afterEach(() => cli.remove());

describe("skillbox show", () => {
  it("prints metadata, diagnostics, files and the body as written", async () => {
    const directory = cli.writeSkill(
      cli.skills,
      "pdf",
      { description: "Extract PDF text.", "allowed-tools": "Read Grep", context: "fork" },
      "# Steps\n\nRun ${SKILL_DIR}/scripts/x.py.\n",
    );
    writeFileSync(path.join(directory, "reference.md"), "ref");
    const result = await cli.run(["show", "pdf"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      [
        "name: pdf",
        "description: Extract PDF text.",
        `root: project (${cli.skills})`,
        `path: ${path.join(directory, "SKILL.md")}`,
        "state: on",
        "score: 0.00",
        "used: never",
        "context: fork",
        "allowed-tools: Read, Grep",
      ].join("\n"),
    );
    expect(result.stdout).toContain("diagnostics: none\nfiles:\n  reference.md\n");
    expect(result.stdout).toMatch(
      /--- body \(from line 7\) ---\n# Steps\n\nRun \$\{SKILL_DIR\}\/scripts\/x\.py\.\n$/,
    );
  });

  it("lists the skill's diagnostics", async () => {
    mkdirSync(path.join(cli.skills, "pdf"));
    writeFileSync(
      path.join(cli.skills, "pdf", "SKILL.md"),
      "---\nname: pdf-tool\ndescription: d\n---\nBody\n",
    );
    const result = await cli.run(["show", "pdf-tool"]);
    expect(result.stdout).toMatch(
      /\ndiagnostics:\n {2}\S+SKILL\.md:2 warning name-mismatch .*\nfiles: none besides SKILL\.md\n/,
    );
  });

  it("prints JSON with --json", async () => {
    cli.writeSkill(cli.skills, "pdf");
    const shown = JSON.parse((await cli.run(["show", "pdf", "--json"])).stdout);
    expect(shown).toMatchObject({
      name: "pdf",
      qualifiedName: "project:pdf",
      state: "on",
      files: [],
      body: "Body of pdf.\n",
    });
    expect(shown.metadata.description).toBe("Helps with pdf.");
  });

  it("shows the usage count and when it was last used, as text and in --json", async () => {
    cli.writeSkill(cli.skills, "pdf");
    const workspace = openWorkspace({
      cwd: cli.project,
      home: cli.home,
      env: { SKILLBOX_DB: path.join(cli.base, "skillbox.db") },
      bundledDirectory: path.join(cli.base, "none"),
    });
    workspace.usage.record("pdf", Date.UTC(2026, 0, 1));
    workspace.usage.record("pdf", Date.UTC(2026, 0, 2));
    workspace.close();
    expect((await cli.run(["show", "pdf"])).stdout).toContain(
      "\nused: 2 times, last 2026-01-02T00:00:00.000Z\n",
    );
    const shown = JSON.parse((await cli.run(["show", "pdf", "--json"])).stdout);
    expect(shown).toMatchObject({ usageCount: 2, lastUsedAt: "2026-01-02T00:00:00.000Z" });
  });

  it("fails with one line and a suggestion for an unknown name", async () => {
    cli.writeSkill(cli.skills, "pdf");
    const result = await cli.run(["show", "pfd"]);
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: "skillbox show: No skill is named 'pfd'. Did you mean pdf?\n",
    });
    expect((await cli.run(["show"])).code).toBe(2);
  });
});
