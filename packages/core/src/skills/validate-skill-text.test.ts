import { describe, expect, it } from "vitest";
import { validateSkillText } from "./validate-skill-text.js";

const strict = (frontmatter: string, directoryName = "my-skill", body = "Body\n") =>
  validateSkillText(`---\n${frontmatter}\n---\n${body}`, { path: "SKILL.md", directoryName, mode: "strict" });
const messages = (result: ReturnType<typeof strict>, severity = "error") =>
  result.diagnostics.filter((d) => d.severity === severity).map((d) => d.message);
const valid = "name: my-skill\ndescription: Does a thing. Use when asked.";

describe("validateSkillText in strict mode", () => {
  it("accepts a minimal skill and every spec field", () => {
    expect(strict(valid).diagnostics).toEqual([]);
    const full = `${valid}\nlicense: Apache-2.0\ncompatibility: Requires git\nmetadata:\n  author: me\n  version: "1.0"\nallowed-tools: Bash(git:*) Read`;
    expect(strict(full).diagnostics).toEqual([]);
  });

  it("reports several problems in the reference's order with its wording", () => {
    const result = strict("name: Multi--Error\nauthor: x\nzeta: y", "multi-error");
    expect(messages(result)).toEqual([
      "Unexpected fields in frontmatter: author, zeta. Only allowed-tools, compatibility, description, license, metadata, name are allowed.",
      "Skill name 'Multi--Error' must be lowercase",
      "Skill name cannot contain consecutive hyphens",
      "Directory name 'multi-error' must match skill name 'Multi--Error'",
      "Missing required field in frontmatter: description",
    ]);
  });

  it("reports structural problems as the only error, with the reference phrases", () => {
    const text = (t: string) =>
      validateSkillText(t, { path: "SKILL.md", directoryName: "d", mode: "strict" });
    expect(messages(text("# no frontmatter\n"))).toEqual(["SKILL.md must start with YAML frontmatter (---)"]);
    expect(messages(text(""))).toEqual(["SKILL.md must start with YAML frontmatter (---)"]);
    expect(messages(text("---\nname: d\n"))).toEqual(["SKILL.md frontmatter not properly closed with ---"]);
    expect(messages(text("---\n- a\n---\n"))).toEqual(["SKILL.md frontmatter must be a YAML mapping"]);
    expect(messages(text("---\n---\n"))).toEqual(["SKILL.md frontmatter must be a YAML mapping"]);
    const yaml = text("---\nname: [invalid\ndescription: x\n---\n");
    expect(messages(yaml)[0]).toMatch(/^Invalid YAML in frontmatter: /);
    expect(yaml.diagnostics[0]).toMatchObject({ line: 3, column: 1 });
  });

  it("says Invalid YAML in frontmatter for every YAML-level error, duplicate keys included", () => {
    const yamlErrors: [string, string][] = [
      ["a duplicate top-level key", `${valid}\nname: my-skill`],
      ["a duplicate nested key", `${valid}\nmetadata:\n  a: "1"\n  a: "2"`],
      ["an unclosed flow sequence", "name: [my-skill\ndescription: x"],
      ["an unquoted colon", "name: my-skill\ndescription: Use when: asked"],
      ["a tab as indentation", "name: my-skill\n\tdescription: x"],
      ["a directive inside the block", "%YAML 1.2\nname: my-skill\ndescription: x"],
      ["an unknown alias", "name: my-skill\ndescription: *nothing"],
    ];
    for (const [title, frontmatter] of yamlErrors) {
      const errors = messages(strict(frontmatter));
      expect(errors, title).not.toEqual([]);
      for (const message of errors) expect(message, title).toMatch(/^Invalid YAML in frontmatter: /);
    }
  });

  it("rejects duplicate keys as the only error, naming the key and its line", () => {
    const result = strict(`${valid}\nname: other`);
    expect(result.diagnostics).toEqual([
      {
        severity: "error",
        code: "yaml-duplicate-key",
        message: "Invalid YAML in frontmatter: duplicate key 'name' (keys must be unique)",
        path: "SKILL.md",
        line: 4,
        column: 1,
      },
    ]);
  });

  it("does not recover `key:value` lines in strict mode", () => {
    expect(messages(strict("name:my-skill\ndescription:Does a thing."))).toEqual([
      "SKILL.md frontmatter must be a YAML mapping",
    ]);
  });

  it("does not retry an unquoted colon in strict mode", () => {
    expect(messages(strict("name: my-skill\ndescription: Use when: asked"))[0]).toContain("Invalid YAML");
  });

  it("fixes the reference's delimiter and BOM bugs", () => {
    const dashes = validateSkillText(
      "\ufeff---\nname: d\ndescription: Markdown---HTML\n---\nBody\n---\nMore",
      {
        path: "SKILL.md",
        directoryName: "d",
        mode: "strict",
      },
    );
    expect(dashes.diagnostics).toEqual([]);
    expect(dashes.body).toBe("Body\n---\nMore");
  });

  it("enforces the spec where the reference does not check", () => {
    expect(messages(strict(`${valid}\ncompatibility: ""`))[0]).toContain("compatibility");
    expect(messages(strict(`${valid}\nmetadata: just a string`))[0]).toContain("metadata");
    expect(messages(strict(`${valid}\nmetadata:\n  nested:\n    a: b`))[0]).toContain(
      "'nested' is not a string",
    );
    expect(messages(strict(`${valid}\nallowed-tools:\n  - Read`))[0]).toContain("allowed-tools");
    expect(messages(strict(`${valid}\nlicense: [MIT]`))[0]).toContain("license");
  });

  it("accepts the YAML the Python reference wrongly rejects: flow maps, anchors", () => {
    expect(strict(`${valid}\nmetadata: {a: b, c: "d"}`).diagnostics).toEqual([]);
    expect(strict(`name: &n my-skill\ndescription: *n`).diagnostics).toEqual([]);
  });

  it("reads names and values as written and rejects non-strings", () => {
    expect(strict("name: 2048\ndescription: d", "2048").diagnostics).toEqual([]);
    expect(messages(strict("name:\ndescription: d"))).toEqual(["Field 'name' must be a non-empty string"]);
    expect(messages(strict("name:\n  - my-skill\ndescription: d"))).toEqual([
      "Field 'name' must be a non-empty string",
    ]);
    expect(messages(strict("name: my-skill\ndescription: [a]"))).toEqual([
      "Field 'description' must be a non-empty string",
    ]);
  });

  it("uses Unicode categories for letters and code points for lengths", () => {
    expect(strict("name: κώδικας\ndescription: d", "κώδικας").diagnostics.map((d) => d.code)).toEqual([
      "name-not-ascii",
    ]);
    expect(messages(strict("name: a×b\ndescription: d", "a×b"))[0]).toContain("invalid characters");
    const emoji = `name: my-skill\ndescription: ${"😀".repeat(1024)}`;
    expect(messages(strict(emoji))).toEqual([]);
    expect(messages(strict(`name: my-skill\ndescription: ${"😀".repeat(1025)}`))).toEqual([
      "Description exceeds 1024 character limit (1025 chars)",
    ]);
    expect(messages(strict(`name: my-skill\ndescription: |\n  ${"d".repeat(1024)}`))).toEqual([]);
  });

  it("adds the beyond-the-reference warnings without making the skill invalid", () => {
    const result = strict(`${valid}\nallowed-tools: Bash(git:*), Read`, "my-skill", "x\n".repeat(501));
    expect(result.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual([
      "warning allowed-tools-commas",
      "warning body-too-long",
    ]);
  });
});
