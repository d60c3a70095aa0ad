import { describe, expect, it } from "vitest";
import { checkEntryPath, isGitMetadataPath, resolveLinkTarget } from "./check-entry-path.js";

describe("checkEntryPath", () => {
  it.each([
    ["skills/pdf/SKILL.md", "skills/pdf/SKILL.md"],
    ["./skills/pdf/", "skills/pdf"],
    ["./", ""],
    ["notes/naïve file.md", "notes/naïve file.md"],
  ])("accepts %s as %s", (raw, expected) => {
    expect(checkEntryPath(raw)).toEqual({ ok: true, path: expected });
  });

  it.each([
    ["../escape", "'..' segment"],
    ["a/../../escape", "'..' segment"],
    ["/etc/passwd", "absolute"],
    ["C:/Windows/system.ini", "drive letter"],
    ["c:evil", "drive letter"],
    ["a\\..\\b", "backslash"],
    ["a//b", "empty segment"],
    ["a/./b", "'.' segment"],
    ["a\u0000b", "control character"],
    ["a\nb", "control character"],
    ["file.txt:stream", "':'"],
    ["skills/CON", "device name"],
    ["skills/nul.txt", "device name"],
    ["SKILL.md ", "dot or a space"],
    [".git.", "dot or a space"],
    [`${"x".repeat(256)}/a`, "255 bytes"],
  ])("refuses %j (%s)", (raw, reason) => {
    const result = checkEntryPath(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });

  it("finds .git folders however they are cased or padded with invisible characters", () => {
    expect(isGitMetadataPath("a/.git/hooks/post-checkout")).toBe(true);
    expect(isGitMetadataPath("a/.GIT/config")).toBe(true);
    expect(isGitMetadataPath("a/.g\u200cit/config")).toBe(true);
    expect(isGitMetadataPath("a/.github/workflows")).toBe(false);
  });

  it("resolves link targets inside the root and refuses ones that leave it", () => {
    expect(resolveLinkTarget("skill/docs/link", "../README.md")).toBe("skill/README.md");
    expect(resolveLinkTarget("skill/link", "../../outside")).toBeUndefined();
    expect(resolveLinkTarget("skill/link", "/etc/passwd")).toBeUndefined();
    expect(resolveLinkTarget("skill/link", "C:/x")).toBeUndefined();
  });
});
