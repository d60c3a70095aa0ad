// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${...}` placeholders in skill bodies are part of what these tests check.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
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
