import { describe, expect, it } from "vitest";
import { alignOptionColumns } from "./align-option-columns.js";

describe("alignOptionColumns", () => {
  it("moves every description of an Options block, continuations included, to one column", () => {
    const help = [
      "Usage: x",
      "",
      "Options:",
      "  --json            Print JSON",
      "                    on one line",
      "  --dir <folder>  Look here",
      "  --help            Print this help",
      "",
      "Exit codes:",
      "  0  fine",
    ].join("\n");
    expect(alignOptionColumns(help)).toBe(
      [
        "Usage: x",
        "",
        "Options:",
        "  --json          Print JSON",
        "                  on one line",
        "  --dir <folder>  Look here",
        "  --help          Print this help",
        "",
        "Exit codes:",
        "  0  fine",
      ].join("\n"),
    );
  });

  it("leaves a help text without an Options block unchanged", () => {
    expect(alignOptionColumns("Usage: x\n\n  --a  b\n")).toBe("Usage: x\n\n  --a  b\n");
  });
});
