import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliHarness, createCliHarness } from "../__fixtures__/cli-harness.js";
import { promptCommand } from "./prompt.js";

let cli: CliHarness;
beforeEach(() => {
  cli = createCliHarness([promptCommand]);
});
afterEach(() => cli.remove());

describe("skillbox prompt", () => {
  it("prints the xml listing by default and the other formats on request", async () => {
    cli.writeSkill(cli.skills, "pdf", { description: "Extract PDF text." });
    cli.writeSkill(cli.skills, "manual", { "disable-model-invocation": "true" });
    const xml = await cli.run(["prompt"]);
    expect(xml.stdout).toMatch(
      /^<system-reminder>\n[\s\S]*\n- pdf: Extract PDF text\.\n<\/system-reminder>\n$/,
    );
    expect(xml.stdout).not.toContain("manual");
    expect((await cli.run(["prompt", "--format", "markdown"])).stdout).toContain(
      "- **pdf**: Extract PDF text.",
    );
    expect((await cli.run(["prompt", "--format", "available-skills"])).stdout).toContain(
      "<available_skills>",
    );
    expect((await cli.run(["prompt", "--format", "html"])).code).toBe(2);
  });

  it("keeps within --budget and reports tokens per skill and the total with --stats", async () => {
    for (let index = 0; index < 30; index++) {
      cli.writeSkill(cli.skills, `skill-${String(index).padStart(2, "0")}`, {
        description: `Does task number ${index} with a long explanation of when it applies and what it produces.`,
      });
    }
    const result = await cli.run(["prompt", "--budget", "200", "--stats"]);
    const json = JSON.parse((await cli.run(["prompt", "--budget", "200", "--json"])).stdout);
    expect(json.tokens).toBeLessThanOrEqual(200);
    expect(result.stdout).toBe(`${json.text}\n`);
    expect(result.stderr).toMatch(/^SKILL\s+TOKENS\n/);
    expect(result.stderr).toMatch(
      new RegExp(`\\ntotal\\s+${json.tokens}  \\(\\d+ characters, budget 200\\)\\n`),
    );
    expect(result.stderr).toContain(`left out ${json.stats.omitted}`);
    expect(json.stats.omitted + json.stats.namesOnly).toBeGreaterThan(0);
  });

  it("says --budget must be positive for a negative budget, not that the argument is ambiguous", async () => {
    for (const args of [
      ["prompt", "--budget", "-5"],
      ["prompt", "--budget=-5"],
    ]) {
      const result = await cli.run(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        "skillbox prompt: --budget must be a positive whole number of tokens, not '-5' (see skillbox prompt --help)\n",
      );
    }
  });

  it("prints nothing on stdout when no skill is listed", async () => {
    const result = await cli.run(["prompt"]);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/No skills are listed/);
    expect(result.code).toBe(0);
  });
});
