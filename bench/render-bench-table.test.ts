import { describe, expect, it } from "vitest";
import { judgeRow, renderBenchTable } from "./render-bench-table.js";

describe("renderBenchTable", () => {
  it("judges ratio, upper and lower targets and leaves rows without one blank", () => {
    expect(judgeRow({ size: 1, label: "a", value: 90, unit: "ms", floor: 100, maxRatio: 1 })).toBe("PASS");
    expect(judgeRow({ size: 1, label: "a", value: 60, unit: "ms", floor: 100, maxRatio: 0.5 })).toBe("MISS");
    expect(judgeRow({ size: 1, label: "a", value: 151, unit: "MB", max: 150 })).toBe("MISS");
    expect(judgeRow({ size: 1, label: "a", value: 96, unit: "%", min: 95 })).toBe("PASS");
    expect(judgeRow({ size: 1, label: "a", value: 5, unit: "ms", floor: 100 })).toBeUndefined();
  });

  it("prints each figure with its ratio to the floor", () => {
    const table = renderBenchTable([
      { size: 10_000, label: "floor", value: 200, unit: "ms", floor: 200 },
      { size: 10_000, label: "cold", value: 150, unit: "ms", floor: 200, maxRatio: 1 },
    ]);
    expect(table.split("\n")).toEqual([
      "skills  measure  value     vs floor  target       result",
      "------  -------  --------  --------  -----------  ------",
      "10,000  floor    200.0 ms  1.000x    -",
      "10,000  cold     150.0 ms  0.750x    <= 1x floor  PASS",
    ]);
  });
});
