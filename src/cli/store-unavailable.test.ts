import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const main = fileURLToPath(new URL("./main.ts", import.meta.url));
// tsx resolves from the working folder; --dir replaces the roots, so the repository's skills stay out.
const repository = fileURLToPath(new URL("../..", import.meta.url));
const hide = fileURLToPath(
  new URL("./__fixtures__/unloadable-better-sqlite3/hide-better-sqlite3.mjs", import.meta.url),
);

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A home, and a skills folder holding one skill. */
function setUp(): { home: string; skills: string } {
  const root = mkdtempSync(join(tmpdir(), "skillbox-no-sqlite-"));
  folders.push(root);
  const home = join(root, "home");
  const skills = join(root, "skills");
  mkdirSync(home);
  mkdirSync(join(skills, "pdf-tools"), { recursive: true });
  writeFileSync(
    join(skills, "pdf-tools", "SKILL.md"),
    "---\nname: pdf-tools\ndescription: Fill and merge PDF forms.\n---\n# PDF tools\n",
  );
  return { home, skills };
}

/** The real CLI in a process where better-sqlite3 cannot be resolved. */
function runWithoutSqlite(home: string, ...args: string[]) {
  return spawnSync(
    process.execPath,
    ["--import", hide, "--conditions=skillbox-source", "--import", "tsx", main, ...args],
    {
      cwd: repository,
      env: { PATH: process.env.PATH, HOME: home, NO_COLOR: "1" },
      encoding: "utf8",
      timeout: 60_000,
    },
  );
}

describe("skillbox without a loadable better-sqlite3", () => {
  it("lists skills from memory with one warning that says what is lost and how to fix the install", () => {
    const { home, skills } = setUp();
    const result = runWithoutSqlite(home, "list", "--json", "--dir", skills);
    expect(result.stderr).not.toContain("internal error");
    expect(result.status).toBe(0);
    const listed = JSON.parse(result.stdout) as {
      skills: { name: string; state: string; usageCount: number }[];
    };
    expect(listed.skills.map((skill) => [skill.name, skill.state, skill.usageCount])).toEqual([
      ["pdf-tools", "on", 0],
    ]);
    const warnings = result.stderr.split("\n").filter((line) => line.includes("warning"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^skillbox list: warning: The SQLite store cannot be used/);
    expect(warnings[0]).toContain("Cannot find module 'better-sqlite3'");
    expect(warnings[0]).toContain("npm rebuild better-sqlite3");
    expect(warnings[0]).toContain("SKILLBOX_DATABASE_URL");
    expect(warnings[0]).toContain("skill states and settings are neither read nor saved");
  });

  it("refuses to change a skill's state, saying plainly that the store is needed and how to fix it", () => {
    const { home, skills } = setUp();
    const result = runWithoutSqlite(home, "state", "pdf-tools", "off", "--dir", skills);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).not.toContain("internal error");
    expect(result.stderr).toContain(
      "skillbox state reads and saves skill states and settings, and the store cannot be used here.",
    );
    expect(result.stderr).toContain("npm rebuild better-sqlite3");
  });

  it("uses the SQLite store as before when better-sqlite3 loads", () => {
    const { home, skills } = setUp();
    const result = spawnSync(
      process.execPath,
      ["--conditions=skillbox-source", "--import", "tsx", main, "state", "pdf-tools", "off", "--dir", skills],
      {
        cwd: repository,
        env: { PATH: process.env.PATH, HOME: home, NO_COLOR: "1" },
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });
});
