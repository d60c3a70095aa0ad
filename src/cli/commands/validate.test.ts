import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliHarness, createCliHarness } from "../__fixtures__/cli-harness.js";
import { listCommand } from "./list.js";
import { loadCommand } from "./load.js";
import { promptCommand } from "./prompt.js";
import { validateCommand } from "./validate.js";

const TOKEN = "sk-token-7b2e-never-in-a-prompt";

let cli: CliHarness;
beforeEach(() => {
  cli = createCliHarness([validateCommand, listCommand, loadCommand, promptCommand]);
});
afterEach(() => cli.remove());

const listedNames = async (...global: string[]) => {
  const result = await cli.run([...global, "list", "--json"]);
  return JSON.parse(result.stdout).skills.map((skill: { name: string }) => skill.name);
};

describe("skillbox validate and list agree", () => {
  it("on a skill below the depth bound: both leave it out with a finding naming the flag, both see it when raised", async () => {
    const eleven = path.join(cli.skills, "l1", "l2", "l3", "l4", "l5", "l6", "l7", "l8", "l9", "l10");
    cli.writeSkill(eleven, "deep");
    cli.writeSkill(cli.skills, "shallow");
    expect(await listedNames()).toEqual(["shallow"]);
    const validated = await cli.run(["validate", "--json", cli.skills]);
    const report = JSON.parse(validated.stdout);
    expect(report.map((entry: { path: string }) => path.basename(entry.path))).toEqual(["skills", "shallow"]);
    const depth = report[0].diagnostics.find((item: { code: string }) => item.code === "depth-limit");
    expect(depth.message).toContain("--max-depth");
    expect(validated.code).toBe(0);
    expect(await listedNames("--max-depth", "12")).toEqual(["deep", "shallow"]);
    const raised = JSON.parse((await cli.run(["--max-depth=12", "validate", "--json", cli.skills])).stdout);
    expect(raised.map((entry: { path: string }) => path.basename(entry.path))).toEqual(["deep", "shallow"]);
  });

  it("on a folder whose only skill is 20 levels down: missing, with the depth finding that explains why", async () => {
    const levels = Array.from({ length: 19 }, (_, index) => `l${index + 1}`);
    cli.writeSkill(path.join(cli.base, "deep-tree", ...levels), "buried");
    const result = await cli.run(["validate", path.join(cli.base, "deep-tree")]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("warning depth-limit");
    expect(result.stdout).toContain("error missing-skill-file Missing required file: SKILL.md");
    const raised = await cli.run(["--max-depth", "20", "validate", path.join(cli.base, "deep-tree")]);
    expect(raised.stdout).toContain("Valid skill:");
    expect(raised.code).toBe(0);
  });

  it("on hidden folders: skipped by both, with a note that validate prints", async () => {
    cli.writeSkill(cli.skills, "seen");
    cli.writeSkill(cli.skills, ".hidden");
    expect(await listedNames()).toEqual(["seen"]);
    const result = await cli.run(["validate", cli.skills]);
    expect(result.stdout).toContain(`${path.join(cli.skills, ".hidden")} info hidden-folder`);
    expect(result.stdout).toContain(`Valid skill: ${path.join(cli.skills, "seen")}`);
    expect(result.stdout).not.toContain("Valid skill: .agents");
    expect(result.code).toBe(0);
  });

  it("on the folder count bound, set by flag or config", async () => {
    for (const name of ["s1", "s2", "s3", "s4"]) cli.writeSkill(cli.skills, name);
    expect(await listedNames("--max-directories", "3")).toEqual(["s1", "s2"]);
    const validated = await cli.run(["--max-directories", "3", "validate", cli.skills]);
    expect(validated.stdout).toContain("--max-directories");
    mkdirSync(path.join(cli.project, ".skillbox"));
    writeFileSync(path.join(cli.project, ".skillbox", "config.json"), JSON.stringify({ maxDirectories: 4 }));
    expect(await listedNames()).toEqual(["s1", "s2", "s3"]);
    const configured = JSON.parse((await cli.run(["validate", "--json", cli.skills])).stdout);
    expect(configured.filter((entry: { name: string | null }) => entry.name !== null)).toHaveLength(3);
  });

  it("on a folder name that is unsafe as a skill name: refused by both, and printed escaped", async () => {
    const folder = path.join(cli.skills, "esc\u001b]0;PWNED\u0007");
    mkdirSync(folder);
    writeFileSync(path.join(folder, "SKILL.md"), "---\ndescription: No name here.\n---\nBody.\n");
    cli.writeSkill(cli.skills, "plain");
    expect(await listedNames()).toEqual(["plain"]);
    const result = await cli.run(["validate", cli.skills]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("error folder-name-unsafe");
    expect(result.stdout).not.toContain("\u001b");
    expect(result.stdout).not.toContain("\u0007");
  });

  it("rejects a bound that is not a positive whole number", async () => {
    for (const value of ["0", "-5", "ten", ""]) {
      const result = await cli.run([`--max-depth=${value}`, "list"]);
      expect(result.code, value).toBe(2);
      expect(result.stderr).toContain("--max-depth needs a positive whole number");
    }
  });
});

describe("a SKILL.md linked to a token outside the root", () => {
  it("never appears in validate, list, prompt or load", async () => {
    const token = path.join(cli.home, ".skillbox", "token");
    mkdirSync(path.dirname(token), { recursive: true });
    writeFileSync(token, `${TOKEN}\n`);
    mkdirSync(path.join(cli.skills, "helper"));
    const link = path.join(cli.skills, "helper", "SKILL.md");
    symlinkSync(token, link);
    cli.writeSkill(cli.skills, "fine");
    const outputs = [
      await cli.run(["validate", cli.skills]),
      await cli.run(["validate", "--json", path.join(cli.skills, "helper")]),
      await cli.run(["validate", link]),
      await cli.run(["list", "--json"]),
      await cli.run(["list"]),
      await cli.run(["prompt"]),
      await cli.run(["load", "helper"]),
    ];
    for (const output of outputs) expect(output.stdout + output.stderr).not.toContain(TOKEN);
    const [validated, json] = outputs;
    expect(validated?.code).toBe(1);
    expect(validated?.stdout).toContain(`${link} error symlink-outside-skill`);
    expect(validated?.stdout).toContain(token);
    expect(validated?.stdout).toContain(
      `Validation failed for ${path.join(cli.skills, "helper")}: 1 error(s)`,
    );
    expect(JSON.parse(json?.stdout ?? "[]")[0].valid).toBe(false);
    expect(outputs[6]?.code).not.toBe(0);
  });

  it("a linked folder to / is refused by validate as by list, quickly", async () => {
    cli.writeSkill(cli.skills, "x");
    symlinkSync("/", path.join(cli.skills, "x", "root"));
    const started = performance.now();
    const result = await cli.run(["validate", "--json", cli.skills]);
    expect(performance.now() - started).toBeLessThan(3000);
    const report = JSON.parse(result.stdout);
    // The finding is about an entry of the skill folder, so it is listed with that skill.
    expect(report.map((entry: { path: string }) => path.basename(entry.path))).toEqual(["x"]);
    expect(report[0].valid).toBe(true);
    expect(report[0].diagnostics.map((item: { code: string }) => item.code)).toEqual([
      "symlink-outside-roots",
    ]);
    expect(await listedNames()).toEqual(["x"]);
  });
});

/** `<cli.base>/<name>`, made a git work tree with a real `git init`. */
function gitRepository(name: string): string {
  const repo = path.join(cli.base, name);
  mkdirSync(repo, { recursive: true });
  execFileSync("git", ["init", "-q", repo]);
  return repo;
}

type ReportEntry = { path: string; name: string | null; diagnostics: Array<{ code: string; path: string }> };
const validatedNames = (report: ReportEntry[]) =>
  report.flatMap((entry) => (entry.name === null ? [] : [entry.name])).sort();
const listedDirectories = async (args: string[], extra = {}) => {
  const result = await cli.run(["list", "--json", ...args], extra);
  const listing = JSON.parse(result.stdout);
  return {
    names: listing.skills.map((skill: { name: string }) => skill.name).sort(),
    diagnostics: listing.diagnostics as Array<{ code: string; path: string; message: string }>,
  };
};

describe("a repository's .agents/skills and .claude/skills, under validate and list", () => {
  function repositoryWithSkillFolders() {
    const repo = gitRepository("repo");
    cli.writeSkill(path.join(repo, ".agents", "skills"), "x");
    cli.writeSkill(path.join(repo, ".claude", "skills"), "y");
    cli.writeSkill(path.join(repo, ".cache"), "cached");
    cli.writeSkill(path.join(repo, ".git"), "in-git");
    return repo;
  }

  it("are found by validate <repo>, validate . and list --dir <repo>, the same set, with no advice to rename .agents", async () => {
    const repo = repositoryWithSkillFolders();
    const byPath = await cli.run(["validate", "--json", repo]);
    expect(byPath.code).toBe(0);
    const report: ReportEntry[] = JSON.parse(byPath.stdout);
    expect(validatedNames(report)).toEqual(["x", "y"]);
    const hidden = report
      .flatMap((entry) => entry.diagnostics)
      .filter((item) => item.code === "hidden-folder");
    expect(hidden.map((item) => path.basename(item.path))).toEqual([".cache"]);
    const dot = await cli.run(["validate", "--json", "."], { cwd: repo });
    expect(validatedNames(JSON.parse(dot.stdout))).toEqual(["x", "y"]);
    const text = await cli.run(["validate", "."], { cwd: repo });
    expect(text.stdout).toContain("Valid skill: ./.agents/skills/x");
    expect(text.stdout).toContain("Valid skill: ./.claude/skills/y");
    expect(text.stdout).toContain("./.cache info hidden-folder");
    expect(text.stdout).not.toContain(".agents info hidden-folder");
    expect(text.stdout).not.toContain(".claude info hidden-folder");
    const listed = await listedDirectories(["--dir", repo]);
    expect(listed.names).toEqual(["x", "y"]);
    expect(
      listed.diagnostics.filter((item) => item.code === "hidden-folder").map((item) => item.path),
    ).toEqual([path.join(repo, ".cache")]);
    // Run inside the repository, list's default roots are those same two folders.
    expect((await listedDirectories([], { cwd: repo })).names).toEqual(["x", "y"]);
  });

  it("other dot folders (.git, .cache, a .agents folder other than skills) stay unread", async () => {
    const repo = repositoryWithSkillFolders();
    cli.writeSkill(path.join(repo, ".agents", "drafts"), "draft");
    const report: ReportEntry[] = JSON.parse((await cli.run(["validate", "--json", repo])).stdout);
    const seen = report.map((entry) => entry.path);
    for (const unread of ["cached", "in-git", "draft"]) {
      expect(seen.some((entry) => entry.endsWith(`${path.sep}${unread}`))).toBe(false);
    }
    expect((await listedDirectories(["--dir", repo])).names).toEqual(["x", "y"]);
  });
});

describe("links from the user's own roots and from project roots, under validate and list", () => {
  /** `<cli.base>/<name>` holding `shared -> <cli.base>/elsewhere`, a folder with the skill `linked`. */
  function linkedFolder(folder: string) {
    const elsewhere = path.join(cli.base, "elsewhere");
    cli.writeSkill(elsewhere, "linked");
    mkdirSync(folder, { recursive: true });
    const link = path.join(folder, "shared");
    symlinkSync(elsewhere, link);
    return { elsewhere, link };
  }

  it("a --dir folder outside any git work tree: the linked folder is followed by list and validate", async () => {
    const mine = path.join(cli.base, "my-skills");
    linkedFolder(mine);
    const listed = await listedDirectories(["--dir", mine]);
    expect(listed.names).toEqual(["linked"]);
    expect(listed.diagnostics.map((item) => item.code)).not.toContain("symlink-outside-roots");
    const validated = await cli.run(["validate", "--json", mine]);
    expect(validated.code).toBe(0);
    const report: ReportEntry[] = JSON.parse(validated.stdout);
    expect(validatedNames(report)).toEqual(["linked"]);
    expect(report.flatMap((entry) => entry.diagnostics).map((item) => item.code)).toEqual([]);
  });

  it("a root from the user config outside any git work tree: the linked folder is followed", async () => {
    const mine = path.join(cli.base, "configured");
    linkedFolder(mine);
    mkdirSync(path.join(cli.home, ".skillbox"), { recursive: true });
    writeFileSync(path.join(cli.home, ".skillbox", "config.json"), JSON.stringify({ extraRoots: [mine] }));
    const listed = await listedDirectories([]);
    expect(listed.names).toEqual(["linked"]);
    expect(listed.diagnostics.map((item) => item.code)).not.toContain("symlink-outside-roots");
  });

  it("~/.agents/skills is the user's own even when the home folder is a git work tree: list and validate both follow its link", async () => {
    execFileSync("git", ["init", "-q", cli.home]);
    const user = path.join(cli.home, ".agents", "skills");
    linkedFolder(user);
    expect((await listedDirectories([])).names).toEqual(["linked"]);
    const report: ReportEntry[] = JSON.parse((await cli.run(["validate", "--json", user])).stdout);
    expect(validatedNames(report)).toEqual(["linked"]);
    expect(report.flatMap((entry) => entry.diagnostics).map((item) => item.code)).toEqual([]);
  });

  it("a --dir folder inside a git work tree: a link out of the project is refused by list and validate, with the message", async () => {
    const repo = gitRepository("cloned");
    const skills = path.join(repo, "skills");
    const { elsewhere, link } = linkedFolder(skills);
    cli.writeSkill(skills, "own");
    const listed = await listedDirectories(["--dir", skills]);
    expect(listed.names).toEqual(["own"]);
    const refused = listed.diagnostics.filter((item) => item.code === "symlink-outside-roots");
    expect(refused.map((item) => item.path)).toEqual([link]);
    expect(refused[0]?.message).toContain(`links to ${elsewhere}, outside the project ${repo}`);
    const validated = await cli.run(["validate", skills]);
    expect(validated.stdout).toContain(`${link} warning symlink-outside-roots`);
    expect(validated.stdout).toContain(`outside the project ${repo}`);
    expect(validated.stdout).toContain(`Valid skill: ${path.join(skills, "own")}`);
    expect(validated.stdout).not.toContain("linked");
    // The same folder is the user's own once it is not in a repository.
    const moved = path.join(cli.base, "not-a-repo");
    mkdirSync(moved);
    symlinkSync(elsewhere, path.join(moved, "shared"));
    expect((await listedDirectories(["--dir", moved])).names).toEqual(["linked"]);
  });
});
