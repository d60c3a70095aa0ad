import { describe, expect, it } from "vitest";
import {
  checkSkillName,
  countCodePoints,
  describeUnsafeFolderName,
  findUnsafeNameReason,
  normalizeSkillName,
} from "./skill-name.js";

const codes = (name: string, directory?: string) =>
  checkSkillName(normalizeSkillName(name), directory).map((f) => f.code);

describe("skill name rules", () => {
  it("accepts lowercase letters, digits and hyphens in any script", () => {
    expect(codes("pdf2text-v2", "pdf2text-v2")).toEqual([]);
    expect(codes("技能", "技能")).toEqual([]);
    expect(codes("мой-навык", "мой-навык")).toEqual([]);
    expect(codes("κώδικας", "κώδικας")).toEqual([]);
  });

  it("folds fullwidth letters and composes accents before comparing with the folder", () => {
    expect(codes("ｐｄｆ-tools", "pdf-tools")).toEqual([]);
    expect(codes("cafe\u0301", "café")).toEqual([]);
  });

  it("reports case and mismatch separately, as the reference does", () => {
    expect(codes("PDF-Processing", "pdf-processing")).toEqual(["name-not-lowercase", "name-mismatch"]);
    expect(codes("НАВЫК", "НАВЫК")).toEqual(["name-not-lowercase"]);
  });

  it("reports hyphen, character and length problems with the reference wording", () => {
    const findings = checkSkillName("-a--b_", "x");
    expect(findings.map((f) => f.message)).toEqual([
      "Skill name cannot start or end with a hyphen",
      "Skill name cannot contain consecutive hyphens",
      "Skill name '-a--b_' contains invalid characters. Only letters, digits, and hyphens are allowed.",
      "Directory name 'x' must match skill name '-a--b_'",
    ]);
    expect(checkSkillName("a".repeat(65))[0]?.message).toBe(
      `Skill name '${"a".repeat(65)}' exceeds 64 character limit (65 chars)`,
    );
  });

  it("counts code points, not UTF-16 units", () => {
    expect(countCodePoints("😀".repeat(64))).toBe(64);
    expect(checkSkillName("😀".repeat(64)).map((f) => f.code)).not.toContain("name-too-long");
  });

  it("flags names that are unsafe as identifiers", () => {
    expect(findUnsafeNameReason("good-name")).toBeUndefined();
    for (const name of [
      "",
      ".",
      "..",
      "a/b",
      "a\\b",
      "a..b",
      "a\u0000b",
      "pdf\u200b",
      "a\u202eb",
      "a\u2066b",
    ]) {
      expect(findUnsafeNameReason(name), JSON.stringify(name)).toBeDefined();
    }
  });

  it("describes an unsafe folder name with its invisible characters shown", () => {
    expect(describeUnsafeFolderName("plain-folder")).toBeUndefined();
    const message = describeUnsafeFolderName("method\u200bology");
    expect(message).toContain("'method\\u{200b}ology'");
    expect(message).toContain("name:");
    expect(describeUnsafeFolderName("esc\u001b[2Jape")).toContain("\\u{1b}");
  });
});
