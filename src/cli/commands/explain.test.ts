// `skillbox explain` in process over real temp libraries: what a prompt is offered, the words each
// hit matched, and each reason a named skill is not offered.
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliHarness, createCliHarness } from "../__fixtures__/cli-harness.js";
import { explainCommand } from "./explain.js";
import { stateCommand } from "./state.js";

let harness: CliHarness;
let library: string;

beforeEach(() => {
  harness = createCliHarness([explainCommand, stateCommand]);
  library = path.join(harness.base, "library");
  harness.writeSkill(
    library,
    "invoice-totals",
    { description: "Sum invoice line items, taxes and totals." },
    "# Spreadsheet exports\n\nRead the rows of a CSV export.\n",
  );
  harness.writeSkill(library, "pdf-forms", { description: "Fill in PDF forms and extract their fields." });
  harness.writeSkill(library, "py-lint", { description: "Lint Python files with ruff.", paths: '"**/*.py"' });
});

afterEach(() => harness.remove());

const explain = (args: string[], dirs: string[] = [library]) =>
  harness.run(["explain", ...dirs.flatMap((dir) => ["--dir", dir]), ...args]);

async function explainJson(args: string[], dirs?: string[]) {
  const result = await explain([...args, "--json"], dirs);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout);
}

describe("skillbox explain", () => {
  it("shows search's hits with the prompt's words each matched, by field", async () => {
    const report = await explainJson(["sum the invoice totals from the csv export"]);
    expect(report.words).toEqual(["sum", "invoice", "totals", "csv", "export"]);
    expect(report.search.hits[0]).toMatchObject({
      rank: 1,
      name: "invoice-totals",
      matched: {
        words: ["sum", "invoice", "totals", "csv", "export"],
        fields: {
          name: ["invoice", "totals"],
          description: ["sum", "invoice", "totals"],
          headings: ["export"],
          body: ["csv", "export"],
        },
      },
    });
    expect(report.search.hits).toHaveLength(1);
    expect(report.layer1).toMatchObject({
      described: ["invoice-totals", "pdf-forms"],
      noLine: [],
      notListed: [{ name: "py-lint", reason: "waiting-for-paths" }],
    });
    const text = await explain(["sum the invoice totals"]);
    expect(text.stdout).toContain("Prompt words search reads: sum, invoice, totals\n");
    expect(text.stdout).toMatch(
      /\n {2}1\. invoice-totals {2}\(score \d+\.\d\d, confidence \d\.\d\d\) {2}matched name: invoice totals; description: sum invoice totals\n/,
    );
    expect(text.stdout).toContain("  not offered (1): py-lint (waiting-for-paths)\n");
    expect(text.stdout).toContain("Suggestions (auto): none (auto: Layer 1 describes every skill)\n");
  });

  it("says a skill whose state is off is not offered, and how to turn it on", async () => {
    expect((await harness.run(["state", "invoice-totals", "off", "--dir", library])).code).toBe(0);
    const report = await explainJson(["sum the invoice totals", "--skill", "invoice-totals"]);
    expect(report.skill).toMatchObject({
      found: true,
      name: "invoice-totals",
      state: "off",
      layer1: null,
      offered: false,
    });
    expect(report.skill.reasons.map((reason: { code: string }) => reason.code)).toEqual(["state-off"]);
    expect(report.search.hits).toEqual([]);
    const text = await explain(["sum the invoice totals", "--skill", "invoice-totals"]);
    expect(text.stdout).toContain("Skill invoice-totals: not offered\n");
    expect(text.stdout).toContain("Run skillbox state invoice-totals on to offer it.");
  });

  it("says a paths skill is offered only once a matching file is touched", async () => {
    const report = await explainJson(["lint my python code", "--skill", "py-lint"]);
    expect(report.skill).toMatchObject({ layer1: null, offered: false, rank: null, suggested: false });
    expect(report.skill.reasons).toEqual([
      {
        code: "paths",
        message:
          "It has paths (**/*.py): it is offered only once a file matching them is read or written in the session. No file in the working folder matches yet.",
      },
    ]);
  });

  it("says which lines show the whole description, a shortened one or the name only, as the renderer placed them", async () => {
    const mixed = path.join(harness.base, "mixed");
    harness.writeSkill(mixed, "a-short", { description: "Rename files in bulk." });
    harness.writeSkill(mixed, "b-long", {
      description: `Converts audio files between formats. ${"It keeps tags, chapters and cover art while it converts. ".repeat(16)}`,
    });
    harness.writeSkill(mixed, "c-quiet", { description: "Formats SQL queries." });
    expect((await harness.run(["state", "c-quiet", "name-only", "--dir", mixed])).code).toBe(0);
    const overview = await explainJson(["convert audio", "--budget", "200"], [mixed]);
    expect(overview.layer1).toMatchObject({
      described: ["a-short"],
      shortened: ["b-long"],
      nameOnly: ["c-quiet"],
      noLine: [],
    });
  });

  it("says which skills have no line of their own past the budget, and why a named one is not offered", async () => {
    const big = path.join(harness.base, "big");
    for (let index = 0; index < 40; index++) {
      harness.writeSkill(big, `tool-${String(index).padStart(2, "0")}`, {
        description: `Handles the chore number ${index} of the team, with several steps. It reads the inputs, checks them twice and writes a careful report on what it found and what it changed.`,
      });
    }
    const overview = await explainJson(["weather", "--budget", "400"], [big]);
    expect(overview.layer1.noLine.length).toBeGreaterThan(0);
    expect(overview.layer1.described.length + overview.layer1.shortened.length).toBeGreaterThan(0);
    const name = overview.layer1.noLine[0] as string;
    const report = await explainJson(["translate a poem", "--budget", "400", "--skill", name], [big]);
    expect(report.skill).toMatchObject({ name, layer1: "no-line", offered: false, rank: null });
    expect(report.skill.reasons.map((reason: { code: string }) => reason.code)).toEqual([
      "budget",
      "low-score",
      "not-suggested",
    ]);
    expect(report.skill.reasons[0].message).toContain("Layer 1 has no line for it");
    expect(report.skill.reasons[1].message).toContain("No word of the prompt is in its name");
  });

  it("says a copy is shadowed by the same name in a higher-precedence root, and which one", async () => {
    const first = path.join(harness.base, "first");
    const second = path.join(harness.base, "second");
    const winner = harness.writeSkill(first, "deploy", { description: "Deploy the app." });
    const loser = harness.writeSkill(second, "deploy", { description: "Deploy the other app." });
    const report = await explainJson(["--skill", loser], [first, second]);
    expect(report.skill).toMatchObject({ name: "deploy", directory: loser, offered: false });
    expect(report.skill.reasons[0].code).toBe("shadowed");
    expect(report.skill.reasons[0].message).toContain(`at ${winner}.`);
    const text = await explain(["--skill", "deploy"], [first, second]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/Skill \S+:deploy: offered \(described in Layer 1\)\n/);
    expect(text.stdout).toContain(`another copy: `);
    expect(text.stdout).toContain(`at ${loser} (shadowed by this one)\n`);
  });

  it("says a skill ranked below the results search_skills returns, with its rank and matched words", async () => {
    const report = await explainJson([
      "invoice pdf form",
      "--skill",
      "invoice-totals",
      "--limit",
      "1",
      "--budget",
      "1",
    ]);
    expect(report.search.hits.map((hit: { name: string }) => hit.name)).toEqual(["pdf-forms"]);
    expect(report.skill).toMatchObject({ rank: 2, offered: false, layer1: "no-line" });
    expect(report.skill.matched.words).toEqual(["invoice"]);
    const lowScore = report.skill.reasons.find((reason: { code: string }) => reason.code === "low-score");
    expect(lowScore.message).toMatch(
      /^Search ranks it 2 \(score .*, matching invoice\); search_skills returns the first 1\./,
    );
  });

  it("names the closest skills when none has the name", async () => {
    const report = await explainJson(["--skill", "invoice-total"]);
    expect(report.skill).toMatchObject({ found: false, closest: ["invoice-totals"], offered: false });
    const text = await explain(["--skill", "invoice-total"]);
    expect(text.stdout).toContain("Skill invoice-total: not found\n");
    expect(text.stdout).toContain("the closest names are invoice-totals.");
  });

  it("exits 2 without a prompt or a skill", async () => {
    const result = await explain([]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Give a prompt, e.g. skillbox explain "fill in this PDF form"');
  });
});
