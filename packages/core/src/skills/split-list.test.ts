import { describe, expect, it } from "vitest";
import { hasTopLevelComma, splitList } from "./split-list.js";

describe("splitList", () => {
  it("keeps parenthesised tool arguments whole", () => {
    expect(splitList("Bash(git add:*) Read")).toEqual(["Bash(git add:*)", "Read"]);
    expect(splitList("Bash(git:*), Read")).toEqual(["Bash(git:*)", "Read"]);
    expect(splitList("  Bash(jq:*)   Bash(git:*)  ")).toEqual(["Bash(jq:*)", "Bash(git:*)"]);
  });

  it("keeps braces whole when splitting glob lists on commas only", () => {
    expect(splitList("src/{a,b}/**, *.rs", { whitespace: false })).toEqual(["src/{a,b}/**", "*.rs"]);
  });

  it("finds commas outside brackets only", () => {
    expect(hasTopLevelComma("Bash(a,b) Read")).toBe(false);
    expect(hasTopLevelComma("Bash(a), Read")).toBe(true);
  });
});
