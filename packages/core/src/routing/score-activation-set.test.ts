import { describe, expect, it } from "vitest";
import {
  checkActivationGates,
  type LoadedCase,
  type RankedCase,
  scoreLoadedCases,
  scoreRankedCases,
} from "./score-activation-set.js";

let line = 0;
function ranked(expectedSkill: string | null, names: string[], extra: Partial<RankedCase> = {}): RankedCase {
  line++;
  return {
    prompt: `prompt ${line}`,
    expectedSkill,
    line,
    source: "set.jsonl",
    ranked: names,
    described: false,
    suggested: [],
    ...extra,
  };
}

function loaded(expectedSkill: string | null, skill: string | null, rejectedSkill?: string): LoadedCase {
  line++;
  return {
    prompt: `prompt ${line}`,
    expectedSkill,
    line,
    source: "set.jsonl",
    loaded: skill,
    ...(rejectedSkill === undefined ? {} : { rejectedSkill }),
  };
}

describe("scoreRankedCases", () => {
  it("computes reachable, recall at 1 and at the limit, MRR and suggestion recall per skill and overall", () => {
    const score = scoreRankedCases(
      [
        ranked("pdf", ["pdf", "docx"], { suggested: ["pdf"] }),
        ranked("pdf", ["docx", "pdf"]),
        ranked("pdf", ["docx"], { described: true }),
        ranked("pdf", []),
        ranked("docx", ["docx"]),
      ],
      5,
    );
    const pdf = score.skills.find((item) => item.skill === "pdf");
    expect(pdf).toMatchObject({
      positives: 4,
      reachable: 3 / 4,
      recallAt1: 1 / 4,
      recallAtLimit: 2 / 4,
      mrr: (1 + 1 / 2) / 4,
      suggested: 1 / 4,
      takenBy: [
        { skill: "docx", count: 2 },
        { skill: null, count: 1 },
      ],
    });
    expect(score).toMatchObject({ cases: 5, positives: 5, limit: 5, reachable: 4 / 5, recallAt1: 2 / 5 });
    expect(score.skills.map((item) => item.skill)).toEqual(["docx", "pdf"]);
  });

  it("counts how often negatives get a top-ranked skill or a suggestion, and near misses their rejected skill", () => {
    const score = scoreRankedCases(
      [
        ranked(null, ["pdf"]),
        ranked(null, [], { suggested: [] }),
        ranked(null, ["docx"], { suggested: ["docx"] }),
        ranked(null, ["pdf"], { rejectedSkill: "pdf", suggested: ["pdf"] }),
        ranked(null, ["docx", "pdf"], { rejectedSkill: "pdf" }),
      ],
      5,
    );
    expect(score).toMatchObject({
      positives: 0,
      reachable: null,
      negatives: 3,
      negativesRanked: 2 / 3,
      negativesSuggested: 1 / 3,
      nearMisses: 2,
      nearMissTop1: 1 / 2,
      nearMissSuggested: 1 / 2,
    });
    expect(score.skills).toEqual([
      expect.objectContaining({ skill: "pdf", positives: 0, nearMisses: 2, nearMissTop1: 0.5 }),
    ]);
  });
});

describe("scoreLoadedCases", () => {
  it("computes precision, recall and F1 per skill, and lists the confusions most frequent first", () => {
    const score = scoreLoadedCases([
      loaded("pdf", "pdf"),
      loaded("pdf", "pdf"),
      loaded("pdf", "docx"),
      loaded("pdf", null),
      loaded("docx", "docx"),
      loaded("docx", "pdf"),
      loaded(null, "docx"),
      loaded(null, null),
      loaded(null, "pdf", "pdf"),
      loaded(null, "docx", "pdf"),
    ]);
    const pdf = score.skills.find((item) => item.skill === "pdf");
    // TP 2; FP: the docx prompt and the near miss that loaded pdf; FN 2.
    expect(pdf).toEqual({
      skill: "pdf",
      positives: 4,
      truePositives: 2,
      falsePositives: 2,
      falseNegatives: 2,
      precision: 0.5,
      recall: 0.5,
      f1: 0.5,
    });
    const docx = score.skills.find((item) => item.skill === "docx");
    // TP 1; FP: the pdf prompt and the negative (not the near miss of pdf); FN 1.
    expect(docx).toMatchObject({ truePositives: 1, falsePositives: 2, falseNegatives: 1, precision: 1 / 3 });
    expect(docx?.f1).toBeCloseTo((2 * (1 / 3) * 0.5) / (1 / 3 + 0.5));
    expect(score).toMatchObject({
      cases: 10,
      positives: 6,
      accuracy: 5 / 10,
      negatives: 2,
      negativesLoaded: 0.5,
      nearMisses: 2,
      nearMissesLoaded: 0.5,
    });
    expect(score.macroF1).toBeCloseTo((0.5 + (docx?.f1 as number)) / 2);
    expect(score.confusion).toEqual([
      { expected: "docx", loaded: "pdf", count: 1 },
      { expected: "pdf", loaded: "docx", count: 1 },
      { expected: "pdf", loaded: null, count: 1 },
      { expected: null, loaded: "docx", count: 1 },
      { expected: null, rejected: "pdf", loaded: "pdf", count: 1 },
    ]);
  });

  it("leaves precision undefined for a skill the model never loaded, and F1 with it", () => {
    const score = scoreLoadedCases([loaded("pdf", null)]);
    expect(score.skills).toEqual([
      expect.objectContaining({ skill: "pdf", precision: null, recall: 0, f1: null }),
    ]);
    expect(score.macroF1).toBeNull();
  });
});

describe("checkActivationGates", () => {
  const ranking = scoreRankedCases(
    [ranked("pdf", ["pdf"]), ranked("pdf", ["docx"]), ranked("docx", ["docx"])],
    5,
  );

  it("fails min-recall for each skill below it, on search recall offline and on load recall with a model", () => {
    expect(checkActivationGates({ minRecall: 0.7 }, ranking)).toEqual([
      { gate: "min-recall", skill: "pdf", value: 0.5, threshold: 0.7 },
    ]);
    const loads = scoreLoadedCases([loaded("pdf", "pdf"), loaded("pdf", "pdf"), loaded("docx", null)]);
    expect(checkActivationGates({ minRecall: 0.7 }, ranking, loads)).toEqual([
      { gate: "min-recall", skill: "docx", value: 0, threshold: 0.7 },
    ]);
  });

  it("fails min-reachable on the overall reachable share, and passes at or above it", () => {
    expect(checkActivationGates({ minReachable: 0.9 }, ranking)).toEqual([
      { gate: "min-reachable", value: 2 / 3, threshold: 0.9 },
    ]);
    expect(checkActivationGates({ minReachable: 2 / 3, minRecall: 0.5 }, ranking)).toEqual([]);
  });
});
