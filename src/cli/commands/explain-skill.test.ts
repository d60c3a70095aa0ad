// `skillbox explain --skill` over real temp libraries: which part of the suggestion rule held a
// ranked skill back, too few shared words or too low a confidence for that many.
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliHarness, createCliHarness } from "../__fixtures__/cli-harness.js";
import { explainCommand } from "./explain.js";

let harness: CliHarness;
let library: string;

beforeEach(() => {
  harness = createCliHarness([explainCommand]);
  library = path.join(harness.base, "library");
  // Past a 400-token budget most skills get no line of their own, so `auto` suggests.
  for (let index = 0; index < 40; index++) {
    harness.writeSkill(library, `tool-${String(index).padStart(2, "0")}`, {
      description: `Handles the chore number ${index} of the team, with several steps. It reads the inputs, checks them twice and writes a careful report on what it found and what it changed.`,
    });
  }
});

afterEach(() => harness.remove());

async function notSuggested(prompt: string, skill: string): Promise<string> {
  const result = await harness.run([
    "explain",
    "--dir",
    library,
    prompt,
    "--budget",
    "400",
    "--skill",
    skill,
    "--json",
  ]);
  expect(result.stderr).toBe("");
  const report = JSON.parse(result.stdout);
  expect(report.skill.rank).not.toBeNull();
  const reason = report.skill.reasons.find((item: { code: string }) => item.code === "not-suggested");
  expect(reason).toBeDefined();
  return reason.message as string;
}

describe("explain --skill: why a ranked skill is not suggested", () => {
  it("names too few shared words when the skill holds one word of a longer prompt", async () => {
    harness.writeSkill(library, "zz-poem-notes", { description: "Notes about a poem." });
    const message = await notSuggested("translate the poem into french verse", "zz-poem-notes");
    expect(message).toContain("it shares 1 of the prompt's 4 words, too few to suggest it");
    expect(message).not.toContain("below");
  });

  it("names the confidence a skill sharing that many words needs when it falls short", async () => {
    harness.writeSkill(library, "zz-french-poem", {
      description:
        "A long catalogue of notes on gardening, cooking, travel, weather, music, painting, knitting and more, with a French poem somewhere in it.",
    });
    const message = await notSuggested(
      "translate the poem into french verse with rhyme and meter",
      "zz-french-poem",
    );
    expect(message).toMatch(
      /it shares 2 of the prompt's 6 words, and its confidence 0\.\d\d is below the 0\.30 a skill sharing that many needs/,
    );
  });
});
