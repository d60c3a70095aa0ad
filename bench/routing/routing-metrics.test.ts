// The routing bench's measures on hand-made cases, and its machinery (library building, the public
// API, the committed JSONL sets' reader) on a small library written here.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readActivationSet } from "@skillbox/core/routing/read-activation-set";
import { afterAll, describe, expect, it } from "vitest";
import { buildLibrary, measureRouting, skillOfEvalPath } from "./measure-routing.js";
import {
  type CaseOutcome,
  describedNames,
  meanReciprocalRank,
  summarizeOutcomes,
} from "./routing-metrics.js";

const scratch = mkdtempSync(join(tmpdir(), "skillbox-routing-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function writeSkill(root: string, name: string, description: string): void {
  mkdirSync(join(root, name), { recursive: true });
  writeFileSync(
    join(root, name, "SKILL.md"),
    `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`,
  );
}

describe("routing measures", () => {
  it("computes MRR from known ranks, a miss counting zero", () => {
    expect(meanReciprocalRank([1, 2, 4, 0])).toBeCloseTo((1 + 0.5 + 0.25 + 0) / 4, 10);
    expect(meanReciprocalRank([])).toBe(0);
  });

  it("counts reachable from Layer 1 or the top 5, top-1, top-5, near misses and suggestions", () => {
    const outcomes: CaseOutcome[] = [
      { expectedSkill: "a", searched: ["a", "b"], describedInLayer1: false, suggested: ["a"] },
      {
        expectedSkill: "b",
        searched: ["x", "y", "b"],
        describedInLayer1: false,
        suggested: ["x", "y", "z", "b"],
      },
      // Not searched at all, but described in Layer 1: reachable, yet no rank.
      { expectedSkill: "c", searched: ["x"], describedInLayer1: true, suggested: [] },
      // Sixth place is beyond the top 5 even if a caller returned more.
      {
        expectedSkill: "d",
        searched: ["1", "2", "3", "4", "5", "d"],
        describedInLayer1: false,
        suggested: [],
      },
      { expectedSkill: null, searched: ["a"], describedInLayer1: false, suggested: ["a"] },
      { expectedSkill: null, searched: [], describedInLayer1: false, suggested: [] },
      { expectedSkill: null, rejectedSkill: "a", searched: ["a"], describedInLayer1: false, suggested: [] },
      {
        expectedSkill: null,
        rejectedSkill: "b",
        searched: ["a", "b"],
        describedInLayer1: false,
        suggested: [],
      },
    ];
    const summary = summarizeOutcomes(outcomes);
    expect(summary).toMatchObject({ cases: 8, positives: 4, negatives: 2, nearMisses: 2 });
    expect(summary.reachable).toBe(3 / 4);
    expect(summary.top1).toBe(1 / 4);
    expect(summary.top5).toBe(2 / 4);
    expect(summary.mrr).toBeCloseTo((1 + 1 / 3) / 4, 10);
    expect(summary.nearMissTop1).toBe(1 / 2);
    expect(summary.suggestRecall3).toBe(1 / 4);
    expect(summary.suggestRateOnNegatives).toBe(1 / 2);
    // Without suggest() there is no suggestion figure at all, rather than a 0%.
    expect(
      summarizeOutcomes([{ expectedSkill: "a", searched: [], describedInLayer1: false }]).suggestRecall3,
    ).toBe(undefined);
  });

  it("reads own description lines from Layer 1, not bare names", () => {
    const layer1 = [
      "<system-reminder>",
      "- pdf-tools: Extract text from PDF files.",
      "- name-only-skill",
      "- **bold-skill**: Markdown format.",
      "- a&amp;b: escaped.",
      "</system-reminder>",
    ].join("\n");
    expect([...describedNames(layer1)].sort()).toEqual(["a&b", "bold-skill", "pdf-tools"]);
  });

  it("names the skill of a single-skill eval file from its folder", () => {
    expect(skillOfEvalPath("/d/tune/trigger-evals/math-olympiad/evals/trigger_eval.json")).toBe(
      "math-olympiad",
    );
    expect(skillOfEvalPath("/d/solo/trigger-evals.json")).toBe("solo");
  });
});

describe("routing bench machinery", () => {
  it("builds a library of targets and distinct distractors and measures it through createSkills", async () => {
    const targets = join(scratch, "targets");
    const distractors = join(scratch, "distractors");
    writeSkill(targets, "pdf-tools", "Extract text and tables from PDF files, merge and split documents.");
    writeSkill(targets, "gif-maker", "Create small animated GIFs for chat apps.");
    writeSkill(distractors, "pdf-tools", "A distractor with a target's name: never copied.");
    writeSkill(distractors, "copy-of-gif", "Create small animated GIFs for chat apps.");
    writeSkill(distractors, "weather", "Look up the weather forecast for a city.");
    writeSkill(distractors, "recipes", "Suggest recipes from what is in the fridge.");
    const library = join(scratch, "library");
    const built = buildLibrary({ targets, distractors, count: 5, into: library });
    expect(built).toEqual({ skills: 4, distractors: 2 });

    const set = readActivationSet(
      [
        '{"prompt": "extract the tables from this PDF", "expected_skill": "pdf-tools", "kind": "direct"}',
        '{"prompt": "make an animated GIF of a cat", "expected_skill": "gif-maker", "kind": "direct"}',
        '{"prompt": "what is the capital of France", "expected_skill": ""}',
      ].join("\n"),
      "jsonl",
    );
    expect(set.diagnostics).toEqual([]);
    const run = await measureRouting({
      dir: library,
      cases: set.cases.map((item) => ({ ...item, set: "tune", group: item.kind ?? "negatives" })),
      scratch: join(scratch, "home"),
    });
    expect(run.skills).toBe(4);
    // Four short skills fit Layer 1 whole, so every positive is reachable from the listing alone.
    expect(run.describedInLayer1).toBe(4);
    expect(run.outcomes.map((outcome) => outcome.searched[0])).toEqual(["pdf-tools", "gif-maker", undefined]);
    const summary = summarizeOutcomes(run.outcomes);
    expect(summary).toMatchObject({ positives: 2, negatives: 1, reachable: 1, top1: 1, mrr: 1 });
    expect(run.searchMs).toHaveLength(3);
    expect(run.floorMs).toHaveLength(3);
  });

  it("reads the committed sets without a diagnostic, every positive naming a skill listed in sources.tsv", () => {
    const data = join(import.meta.dirname, "data");
    const targets = new Set(
      readFileSync(join(data, "sources.tsv"), "utf8")
        .split("\n")
        .filter((line) => line.startsWith("skill\t"))
        .map((line) => line.split("\t")[5]?.split("/")[1]),
    );
    for (const file of [
      "tune/paraphrases.jsonl",
      "heldout/paraphrases.jsonl",
      "tune/negatives.jsonl",
      "heldout/negatives.jsonl",
    ]) {
      const set = readActivationSet(readFileSync(join(data, file), "utf8"), "jsonl", { path: file });
      expect(set.diagnostics, file).toEqual([]);
      expect(set.cases.length, file).toBeGreaterThanOrEqual(20);
      for (const item of set.cases)
        if (item.expectedSkill !== null) expect(targets, item.prompt).toContain(item.expectedSkill);
    }
  });
});
