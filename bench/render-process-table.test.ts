import { describe, expect, it } from "vitest";
import type { ProcessMeasure } from "./measure-processes.js";
import { median, renderProcessTable, summarizeMeasure } from "./render-process-table.js";

const run = (milliseconds: number, maxRssMegabytes?: number) => ({
  milliseconds,
  maxRssMegabytes,
  status: 0,
  stdout: "",
  stderr: "",
});

describe("renderProcessTable", () => {
  it("judges a milliseconds-over-baseline target by the median of the per-pair differences", () => {
    const measure: ProcessMeasure = {
      label: "import",
      baseline: "node -e 0",
      runs: [run(90), run(200), run(95)],
      baselineRuns: [run(40), run(100), run(40)],
      maxExtraMilliseconds: 50,
    };
    expect(summarizeMeasure(measure)?.extraMilliseconds).toBe(55);
    expect(summarizeMeasure(measure)?.verdict).toBe("MISS");
    const table = renderProcessTable([{ ...measure, maxExtraMilliseconds: 60 }]);
    expect(table).toContain("(+55 ms)");
    expect(table).toContain("<= 60 ms over node -e 0");
    expect(table).toContain("PASS");
  });

  it("takes the median of the per-pair ratios, not the ratio of the medians", () => {
    const measure: ProcessMeasure = {
      label: "list",
      baseline: "floor",
      runs: [run(1000, 100), run(3000, 120), run(2000, 110)],
      baselineRuns: [run(500), run(1000), run(2000)],
      maxRatio: 2.5,
      maxRssMegabytes: 150,
    };
    const summary = summarizeMeasure(measure);
    expect(summary?.ratio).toBe(2);
    expect(summary?.seconds).toBe(2);
    expect(summary?.rssMegabytes).toBe(110);
    expect(summary?.verdict).toBe("PASS");
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("prints a row without runs with its note, and misses a target over the bound", () => {
    const table = renderProcessTable([
      {
        label: "warm",
        baseline: "floor",
        runs: undefined,
        baselineRuns: [],
        note: "n/a — needs index for --dir",
      },
      { label: "empty", baseline: "node -e 0", runs: [run(300)], baselineRuns: [run(100)], maxRatio: 1.5 },
    ]);
    expect(table).toContain("n/a — needs index for --dir");
    expect(table).toMatch(/empty .* 3\.00x .* MISS/);
  });
});
