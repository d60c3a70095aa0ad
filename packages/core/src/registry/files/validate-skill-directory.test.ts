import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { validateSkillDirectory } from "./validate-skill-directory.js";

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../skills/__fixtures__/${name}`, import.meta.url));
const temporary = mkdtempSync(join(tmpdir(), "skillbox-validate-"));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

describe("validateSkillDirectory", () => {
  it("passes a valid skill in both modes", async () => {
    for (const mode of ["strict", "lenient"] as const) {
      const result = await validateSkillDirectory(fixture("valid-minimal"), { mode });
      expect(result).toMatchObject({ valid: true, name: "valid-minimal", diagnostics: [] });
    }
  });

  it("warns about references to files that do not exist or lie outside the folder", async () => {
    const result = await validateSkillDirectory(fixture("broken-reference"), { mode: "strict" });
    expect(result.valid).toBe(true);
    expect(result.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual([
      "broken-reference 5:50",
      "broken-reference 7:13",
      "reference-outside-skill 13:43",
    ]);
    expect(result.diagnostics[0]?.message).toContain("'references/MISSING.md'");
  });

  it("accepts a lowercase skill.md with a warning", async () => {
    const result = await validateSkillDirectory(fixture("lowercase-file"), { mode: "strict" });
    expect(result.valid).toBe(true);
    expect(result.skillFile?.endsWith("skill.md")).toBe(true);
    expect(result.diagnostics.map((d) => d.code)).toEqual(["lowercase-skill-file"]);
  });

  it("does not take other casings for a skill file", async () => {
    const folder = join(temporary, "other-casing");
    mkdirSync(folder);
    writeFileSync(join(folder, "Skill.md"), "---\nname: other-casing\ndescription: d\n---\n");
    const result = await validateSkillDirectory(folder);
    expect(result.diagnostics).toMatchObject([{ message: "Missing required file: SKILL.md" }]);
  });

  it("reports missing files and paths in the reference's words", async () => {
    expect((await validateSkillDirectory(fixture("no-skill-file"))).diagnostics[0]?.message).toBe(
      "Missing required file: SKILL.md",
    );
    const missing = join(temporary, "nope");
    expect((await validateSkillDirectory(missing)).diagnostics[0]?.message).toBe(
      `Path does not exist: ${missing}`,
    );
    const file = join(temporary, "file.txt");
    writeFileSync(file, "x");
    expect((await validateSkillDirectory(file)).diagnostics[0]?.message).toBe(`Not a directory: ${file}`);
  });

  it("fails files the runtime would skip, strictly in the reference's words for an empty file", async () => {
    expect(
      (await validateSkillDirectory(fixture("empty-file"), { mode: "strict" })).diagnostics[0]?.message,
    ).toBe("SKILL.md must start with YAML frontmatter (---)");
    for (const [folder, code] of [
      ["empty-file", "empty-file"],
      ["not-utf8", "not-utf8"],
      ["binary-nul", "binary-file"],
    ]) {
      const result = await validateSkillDirectory(fixture(folder as string));
      expect(result.valid, folder).toBe(false);
      expect(result.diagnostics[0]?.code).toBe(code);
    }
  });

  it("passes in lenient mode what strict mode fails, as warnings", async () => {
    const lenient = await validateSkillDirectory(fixture("missing-name"));
    expect(lenient.valid).toBe(true);
    expect(lenient.name).toBe("missing-name");
    const strict = await validateSkillDirectory(fixture("missing-name"), { mode: "strict" });
    expect(strict.valid).toBe(false);
  });

  it("fails a skill whose only name would be an unsafe folder name (lenient), as the runtime skips it", async () => {
    const folder = join(temporary, "rtl\u202eevil");
    mkdirSync(folder);
    writeFileSync(join(folder, "SKILL.md"), "---\ndescription: No name here.\n---\nBody.\n");
    const result = await validateSkillDirectory(folder, { mode: "lenient" });
    expect(result.valid).toBe(false);
    expect(result.name).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.severity, d.code])).toContainEqual([
      "error",
      "folder-name-unsafe",
    ]);
  });

  it("refuses a SKILL.md that links out of its folder without reading it", async () => {
    const folder = join(temporary, "linked-out");
    mkdirSync(folder);
    const secret = join(temporary, "secret.txt");
    writeFileSync(secret, "TOP-SECRET-TOKEN\n");
    symlinkSync(secret, join(folder, "SKILL.md"));
    const result = await validateSkillDirectory(folder);
    expect(result.valid).toBe(false);
    expect(result.diagnostics.map((d) => d.code)).toEqual(["symlink-outside-skill"]);
    expect(result.diagnostics[0]?.message).toContain(secret);
    expect(JSON.stringify(result)).not.toContain("TOP-SECRET-TOKEN");
  });
});
