import { existsSync, mkdirSync } from "node:fs";
import * as path from "node:path";
import { createTempDirectory } from "@skillbox/testing/skill-folders";
import { afterEach, describe, expect, it } from "vitest";
import { nodeFileSystem } from "./registry-file-system.js";
import { ensureSkillboxRoots, finishRoots, listProjectFolders, resolveDefaultRoots } from "./skill-roots.js";

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function temp() {
  const directory = createTempDirectory();
  cleanups.push(directory.remove);
  return directory.path;
}

describe("resolveDefaultRoots", () => {
  it("orders project roots from the cwd up to the git root, then user, skillbox and bundled roots", () => {
    const base = temp();
    const repository = path.join(base, "repo");
    const cwd = path.join(repository, "packages", "app");
    mkdirSync(path.join(repository, ".git"), { recursive: true });
    mkdirSync(cwd, { recursive: true });
    const home = path.join(base, "home");
    const roots = resolveDefaultRoots({ cwd, home, bundledDirectory: path.join(base, "bundled") });
    expect(roots.map((root) => [root.label, root.scope, path.relative(base, root.path)])).toEqual([
      ["project", "project", "repo/packages/app/.agents/skills"],
      ["project:.claude", "project", "repo/packages/app/.claude/skills"],
      ["project:..", "project", "repo/packages/.agents/skills"],
      ["project:../.claude", "project", "repo/packages/.claude/skills"],
      ["project:../..", "project", "repo/.agents/skills"],
      ["project:../../.claude", "project", "repo/.claude/skills"],
      ["user", "user", "home/.agents/skills"],
      ["user:.claude", "user", "home/.claude/skills"],
      ["skillbox", "skillbox", "home/.skillbox/skills"],
      ["bundled", "bundled", "bundled"],
    ]);
  });

  it("uses only the cwd for project roots outside a git repository", () => {
    const base = temp();
    const cwd = path.join(base, "a", "b");
    const folders = listProjectFolders(cwd, (candidate) => candidate === path.join("/nowhere", ".git"));
    expect(folders).toEqual([cwd]);
  });

  it("adds roots from SKILLBOX_SKILLS_PATH and the config after the project roots, labelled by folder name", () => {
    const roots = resolveDefaultRoots({
      cwd: "/work/project",
      home: "/home/me",
      env: { SKILLBOX_SKILLS_PATH: "/team/skills::relative/skills" },
      config: { roots: ["/other/skills", "/team/skills"] },
      exists: () => false,
      delimiter: ":",
    });
    expect(roots.map((root) => `${root.label}=${root.path}`)).toEqual([
      "project=/work/project/.agents/skills",
      "project:.claude=/work/project/.claude/skills",
      "skills=/team/skills",
      "skills-2=/work/project/relative/skills",
      "skills-3=/other/skills",
      "user=/home/me/.agents/skills",
      "user:.claude=/home/me/.claude/skills",
      "skillbox=/home/me/.skillbox/skills",
    ]);
  });

  it("lets explicit directories replace every default root", () => {
    const roots = resolveDefaultRoots({
      cwd: "/work",
      home: "/home/me",
      directories: ["one", "/abs/one"],
      env: { SKILLBOX_SKILLS_PATH: "/ignored" },
      bundledDirectory: "/bundled",
      exists: () => false,
    });
    expect(roots).toEqual([
      { label: "one", path: "/work/one", scope: "custom" },
      { label: "one-2", path: "/abs/one", scope: "custom" },
    ]);
  });

  it("keeps a path listed twice only once, at its higher place", () => {
    const roots = finishRoots([
      { path: "/a/skills", scope: "project", label: "project" },
      { path: "/a/skills/", scope: "user", label: "user" },
    ]);
    expect(roots).toEqual([{ label: "project", path: "/a/skills", scope: "project" }]);
  });
});

describe("ensureSkillboxRoots", () => {
  it("creates the skillbox folder when it is missing and leaves other roots alone", () => {
    const base = temp();
    const roots = resolveDefaultRoots({ cwd: base, home: path.join(base, "home"), exists: () => false });
    expect(ensureSkillboxRoots(roots, nodeFileSystem)).toEqual([]);
    expect(existsSync(path.join(base, "home", ".skillbox", "skills"))).toBe(true);
    expect(existsSync(path.join(base, "home", ".agents"))).toBe(false);
  });

  it("reports a folder it cannot create as a warning", () => {
    const diagnostics = ensureSkillboxRoots([{ label: "skillbox", path: "/x/skills", scope: "skillbox" }], {
      ...nodeFileSystem,
      mkdirSync: () => {
        throw Object.assign(new Error("denied"), { code: "EACCES" });
      },
    });
    expect(diagnostics).toMatchObject([{ severity: "warning", code: "root-not-created", path: "/x/skills" }]);
  });
});
