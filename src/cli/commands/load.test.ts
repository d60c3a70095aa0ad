// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${...}` placeholders in skill bodies are part of what these tests check.
import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stdioSkillServer } from "../../mcp-host/__fixtures__/stdio-skill-server.js";
import { type CliHarness, createCliHarness } from "../__fixtures__/cli-harness.js";
import { listCommand } from "./list.js";
import { loadCommand } from "./load.js";

let cli: CliHarness;
beforeEach(() => {
  cli = createCliHarness([loadCommand, listCommand]);
});
afterEach(() => cli.remove());

describe("skillbox load", () => {
  it("prints exactly the load_skill result with arguments and the session filled in, and records the use", async () => {
    const directory = cli.writeSkill(cli.skills, "pdf", {}, "Open $0 in ${SESSION_ID}.\n");
    const result = await cli.run(["load", "pdf", "--args", "a.pdf", "--session", "s-1"]);
    expect(result).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        '<skill name="pdf">',
        "# Skill: pdf (Helps with pdf.)",
        "",
        `Base directory for this skill: ${directory}`,
        "Relative paths in this skill refer to that directory.",
        "",
        "Open a.pdf in s-1.",
        "</skill>",
        "",
      ].join("\n"),
    });
    const listing = JSON.parse((await cli.run(["list", "--json"])).stdout);
    expect(listing.skills[0].score).toBeGreaterThan(0);
  });

  it("prints the tool's error result and exits 1 for an unknown, off or fork skill", async () => {
    cli.writeSkill(cli.skills, "pdf");
    cli.writeSkill(cli.skills, "research", { context: "fork" });
    const unknown = await cli.run(["load", "pdff"]);
    expect(unknown).toEqual({
      code: 1,
      stderr: "",
      stdout: 'Unknown skill "pdff". Did you mean "pdf"? Available skills: pdf, research.\n',
    });
    const fork = await cli.run(["load", "research", "--json"]);
    expect(fork.code).toBe(1);
    expect(JSON.parse(fork.stdout)).toMatchObject({ isError: true, metadata: { context: "fork" } });
    expect((await cli.run(["load"])).code).toBe(2);
  });
});

describe("skillbox load <server>:<skill>", () => {
  it("loads a skill list shows from an MCP server through the verified path, and refuses one the server does not serve", async () => {
    const served = stdioSkillServer(
      "docs",
      {
        files: {
          "release-notes/SKILL.md":
            "---\nname: release-notes\ndescription: Writes release notes.\n---\nNotes for $ARGUMENTS.\n",
        },
      },
      cli.base,
    );
    if (served.transport !== "stdio") throw new Error("the fixture serves over stdio");
    const { command, args, env, cwd } = served;
    mkdirSync(path.join(cli.home, ".skillbox"), { recursive: true });
    writeFileSync(
      path.join(cli.home, ".skillbox", "config.json"),
      JSON.stringify({ mcpServers: { docs: { command, args, env, cwd } } }),
    );
    // A loaded test machine can take seconds to start a Node process.
    const loaded = await cli.run(["load", "docs:release-notes", "--args", "v2.1", "--mcp-timeout", "60"]);
    expect(loaded.stderr).toBe("");
    expect(loaded.code).toBe(0);
    expect(loaded.stdout).toContain(
      '<skill name="docs:release-notes" origin="mcp" server="docs" base="skill://release-notes">',
    );
    expect(loaded.stdout).toContain("Notes for v2.1.");

    const unknown = await cli.run(["load", "docs:nope", "--mcp-timeout", "60"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toContain('Unknown MCP skill "docs:nope". MCP skills: docs:release-notes.');
  }, 120_000);
});
