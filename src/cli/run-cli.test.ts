import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliIo } from "./command.js";
import { listCommand } from "./commands/list.js";
import { readPropertiesCommand } from "./commands/read-properties.js";
import { toPromptCommand } from "./commands/to-prompt.js";
import { validateCommand } from "./commands/validate.js";
import { readPackageVersion } from "./package-info.js";
import { runCli } from "./run-cli.js";

const root = mkdtempSync(join(tmpdir(), "skillbox-cli-"));
const commands = [validateCommand, readPropertiesCommand, toPromptCommand, listCommand];
const write = (relative: string, content: string) => {
  const file = join(root, relative);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, content);
};

async function run(...args: string[]) {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    cwd: root,
    home: join(root, "home"),
    env: { SKILLBOX_DB: ":memory:" },
  };
  const code = await runCli(args, io, { commands, version: "9.9.9" });
  return { code, stdout, stderr };
}

beforeAll(() => {
  write("skills/good/SKILL.md", "---\nname: good\ndescription: Good & <fine>.\n---\nBody\n");
  write("skills/bad/SKILL.md", "---\nname: Bad\ndescription: d\nauthor: x\n---\nBody\n");
  write("skills/empty/SKILL.md", "");
  write("nothing/README.md", "# none\n");
  write("weird & <dir>/SKILL.md", "---\nname: weird-dir\ndescription: d\n---\n");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("skillbox validate", () => {
  it("prints Valid skill for a valid skill folder or its SKILL.md and exits 0", async () => {
    expect(await run("validate", "--strict", "skills/good")).toEqual({
      code: 0,
      stdout: "Valid skill: skills/good\n",
      stderr: "",
    });
    expect((await run("validate", "skills/good/SKILL.md")).stdout).toBe("Valid skill: skills/good\n");
  });

  it("prints one line per diagnostic and exits 1 when any skill is invalid", async () => {
    const result = await run("validate", "--strict", "skills");
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "skills/bad/SKILL.md:4 error unexpected-fields Unexpected fields in frontmatter: author.",
    );
    expect(result.stdout).toContain(
      "skills/bad/SKILL.md:2 error name-not-lowercase Skill name 'Bad' must be lowercase",
    );
    expect(result.stdout).toContain("Valid skill: skills/good\n");
    expect(result.stdout).toContain("Validation failed for skills/bad: 3 error(s)");
  });

  it("runs from inside the skill folder with '.'", async () => {
    let stdout = "";
    const io: CliIo = {
      stdout: (text) => {
        stdout += text;
      },
      stderr: () => {},
      cwd: join(root, "skills/good"),
    };
    expect(await runCli(["validate", "--strict", "."], io, { commands, version: "0" })).toBe(0);
    expect(stdout).toBe("Valid skill: .\n");
  });

  it("reports a folder with no skills as missing SKILL.md", async () => {
    const result = await run("validate", "nothing");
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("nothing error missing-skill-file Missing required file: SKILL.md");
  });

  it("prints JSON with path, name, valid and diagnostics", async () => {
    const result = await run("validate", "--json", "skills");
    const report = JSON.parse(result.stdout);
    expect(report.map((entry: { path: string; valid: boolean }) => [entry.path, entry.valid])).toEqual([
      ["skills/bad", true],
      ["skills/empty", false],
      ["skills/good", true],
    ]);
    expect(report[0].name).toBe("Bad");
    expect(result.code).toBe(1);
  });

  it("exits 2 with one line on a usage error", async () => {
    for (const args of [
      ["validate"],
      ["validate", "--nope", "skills"],
      ["validate", "missing-path"],
      ["frobnicate"],
    ]) {
      const result = await run(...args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stdout).toBe("");
    }
    expect((await run("validate", "missing-path")).stderr).toContain("Path does not exist: ");
  });
});

describe("skillbox read-properties and to-prompt", () => {
  it("prints the properties as two-space JSON", async () => {
    const result = await run("read-properties", "skills/good");
    expect(result).toEqual({
      code: 0,
      stdout: `${JSON.stringify({ name: "good", description: "Good & <fine>." }, null, 2)}\n`,
      stderr: "",
    });
    const failed = await run("read-properties", "skills/empty");
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe("Error: SKILL.md must start with YAML frontmatter (---)\n");
  });

  it("prints the catalog for the readable skills and reports the others", async () => {
    const result = await run("to-prompt", "skills/good", "skills/empty", "weird & <dir>");
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "<name>\ngood\n</name>\n<description>\nGood &amp; &lt;fine&gt;.\n</description>",
    );
    expect(result.stdout).toContain(`${join(root, "weird &amp; &lt;dir&gt;", "SKILL.md")}\n</location>`);
    expect(result.stdout.endsWith("</available_skills>\n")).toBe(true);
    expect(result.stderr).toBe("Error: skills/empty: SKILL.md must start with YAML frontmatter (---)\n");
  });
});

describe("skillbox list", () => {
  it("lists loaded skills as JSON with skipped files only in the top-level diagnostics", async () => {
    const result = await run("list", "--json", "--dir", "skills");
    const listing = JSON.parse(result.stdout);
    expect(listing.skills.map((skill: { name: string }) => skill.name)).toEqual(["Bad", "good"]);
    expect(Object.keys(listing.skills[0])).toEqual([
      "name",
      "qualifiedName",
      "description",
      "root",
      "path",
      "directory",
      "state",
      "score",
      "usageCount",
      "lastUsedAt",
      "shadowed",
      "modelInvocable",
      "modelVisibility",
      "userInvocable",
      "context",
      "paths",
      "diagnostics",
    ]);
    expect(listing.diagnostics.map((d: { code: string }) => d.code)).toEqual(["empty-file"]);
    expect(result.code).toBe(0);
  });

  it("prints one line per skill and the diagnostics on stderr", async () => {
    const result = await run("list", "--dir", "skills");
    expect(result.stdout).toBe(
      [
        "NAME  STATE  SCORE  USES  ROOT    DESCRIPTION",
        "Bad   on      0.00     0  skills  d",
        "good  on      0.00     0  skills  Good & <fine>.",
        "",
      ].join("\n"),
    );
    expect(result.stderr).toContain("empty-file");
  });

  it("rejects a folder that does not exist", async () => {
    expect((await run("list", "--dir", "nope")).code).toBe(2);
  });

  it("says a --dir or --cwd naming a file is not a folder, rather than not found", async () => {
    const file = join(root, "skills", "good", "SKILL.md");
    for (const args of [
      ["--dir", file, "list"],
      ["--cwd", file, "list"],
      ["list", "--dir", file],
      ["list", "--cwd", file],
    ]) {
      const result = await run(...args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr, args.join(" ")).toMatch(/[Nn]ot a folder: .*SKILL\.md is a file; give a folder/);
      expect(result.stderr).not.toMatch(/not found/i);
    }
    expect((await run("--dir", join(root, "nope"), "list")).stderr).toContain("folder not found");
  });

  it("names an unknown option with balanced quotes, and says where a global folder option goes", async () => {
    const unknown = await run("validate", "--nope", "skills");
    expect(unknown.stderr).toBe(
      "skillbox validate: Unknown option '--nope' (see skillbox validate --help); to pass an argument " +
        "that starts with '-', put it after '--': skillbox validate -- --nope\n",
    );
    expect(unknown.stderr.split("'").length % 2).toBe(1);
    expect(unknown.stderr.split('"').length % 2).toBe(1);
    const global = await run("validate", "--dir", "skills");
    expect(global.code).toBe(2);
    expect(global.stderr).toContain(
      "as a global option it goes before the command: skillbox --dir <folder> validate",
    );
  });

  it("takes the global --max-depth and --max-directories after the command as before it", async () => {
    write("deep/a/b/c/SKILL.md", "---\nname: c\ndescription: Deep.\n---\nBody\n");
    const before = await run("--max-depth", "1", "list", "--dir", "deep", "--json");
    const after = await run("list", "--dir", "deep", "--max-depth", "1", "--json");
    expect(after.code).toBe(0);
    expect(after.stdout).toBe(before.stdout);
    expect(after.stdout).not.toContain('"name": "c"');
    expect((await run("list", "--dir", "deep", "--json")).stdout).toContain('"name": "c"');
    const bad = await run("list", "--max-directories=0");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("option --max-directories needs a positive whole number, not '0'");
  });

  it("takes a negative number as an option's value and says what the option expects", async () => {
    const result = await run("list", "--query", "good", "--limit", "-5");
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(result.stderr).toContain("--limit must be a positive whole number, not '-5'");
    expect(result.stderr).not.toContain("ambiguous");
  });
});

describe("help and version", () => {
  it("prints help for the CLI and for every command", async () => {
    expect((await run("--help")).stdout).toContain("validate");
    for (const command of commands) {
      const result = await run(command.name, "--help");
      expect(result.stdout).toContain(`Usage: skillbox ${command.name}`);
      expect(result.code).toBe(0);
    }
    expect((await run("--version")).stdout).toBe("9.9.9\n");
  });

  it("runs as a process: --version, exit 2 and no stack trace on bad input", () => {
    const main = fileURLToPath(new URL("./main.ts", import.meta.url));
    const spawn = (...args: string[]) =>
      spawnSync(process.execPath, ["--conditions=skillbox-source", "--import", "tsx", main, ...args], {
        encoding: "utf8",
        cwd: fileURLToPath(new URL("../../", import.meta.url)),
      });
    expect(spawn("--version").stdout).toBe(`${readPackageVersion()}\n`);
    const bad = spawn("validate", "--strict", "--what");
    expect(bad.status).toBe(2);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
  });
});
