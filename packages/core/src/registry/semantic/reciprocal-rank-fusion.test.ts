import { describe, expect, it } from "vitest";
import { fuseRankings, RRF_K } from "./reciprocal-rank-fusion.js";

describe("fuseRankings", () => {
  it("sums 1 / (k + rank) over the rankings, ranks counted from 1", () => {
    const fused = fuseRankings([
      ["a", "b", "c"],
      ["c", "a", "d"],
    ]);
    const score = Object.fromEntries(fused.map((item) => [item.key, item.score]));
    expect(RRF_K).toBe(60);
    expect(score.a).toBeCloseTo(1 / 61 + 1 / 62, 12);
    expect(score.b).toBeCloseTo(1 / 62, 12);
    expect(score.c).toBeCloseTo(1 / 63 + 1 / 61, 12);
    expect(score.d).toBeCloseTo(1 / 63, 12);
    // a (61, 62) edges out c (61, 63); b (62) beats d (63), both found by one side only.
    expect(fused.map((item) => item.key)).toEqual(["a", "c", "b", "d"]);
  });

  it("lets agreement beat one first place: second in both outranks first in one", () => {
    const fused = fuseRankings([
      ["lexical-only", "both"],
      ["semantic-only", "both"],
    ]);
    expect(fused[0]?.key).toBe("both");
    expect(fused[0]?.score).toBeCloseTo(2 / 62, 12);
  });

  it("breaks equal sums by the first ranking, then the second, then the key", () => {
    // x and y each have one first place, in different rankings: x's is in the first ranking.
    expect(fuseRankings([["x"], ["y"]]).map((item) => item.key)).toEqual(["x", "y"]);
    expect(fuseRankings([["y"], ["x"]]).map((item) => item.key)).toEqual(["y", "x"]);
    // Exactly equal everywhere: by key.
    expect(
      fuseRankings([
        ["m", "n"],
        ["n", "m"],
      ]).map((item) => item.key),
    ).toEqual(["m", "n"]);
  });

  it("counts a key repeated within one ranking at its first place only", () => {
    const [only] = fuseRankings([["a", "a", "a"]]);
    expect(only).toEqual({ key: "a", score: 1 / 61 });
  });

  it("uses the given k", () => {
    const [first] = fuseRankings([["a"], ["a"]], 1);
    expect(first?.score).toBe(1);
  });
});
