import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { walkSkillFolder } from "./walk-skill-folder.js";

describe("walkSkillFolder", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "skillbox-walk-"));
    await mkdir(path.join(root, "a", "deep", "deeper"), { recursive: true });
    await mkdir(path.join(root, "skip"));
    await writeFile(path.join(root, "b.txt"), "b");
    await writeFile(path.join(root, "a", "x.txt"), "x");
    await writeFile(path.join(root, "a", "deep", "y.txt"), "y");
    await writeFile(path.join(root, "a", "deep", "deeper", "z.txt"), "z");
    await writeFile(path.join(root, "skip", "s.txt"), "s");
    await symlink(path.join(root, "a"), path.join(root, "link"));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const listAll = (maxDepth: number, maxFiles = 100) =>
    walkSkillFolder(root, {
      maxDepth,
      maxFiles,
      enterFolder: (name) => name !== "skip",
      includeEntry: (entry) => entry.isFile(),
      toResult: (relative) => relative,
    });

  it("lists files depth-first in name order, up to the depth asked for", async () => {
    expect(await listAll(2)).toEqual(["a/x.txt", "b.txt"]);
    expect(await listAll(4)).toEqual(["a/deep/deeper/z.txt", "a/deep/y.txt", "a/x.txt", "b.txt"]);
  });

  it("stops at maxFiles and never enters refused folders or symbolic links", async () => {
    expect(await listAll(4, 2)).toEqual(["a/deep/deeper/z.txt", "a/deep/y.txt"]);
    expect((await listAll(4)).some((file) => file.startsWith("skip/") || file.startsWith("link"))).toBe(
      false,
    );
  });

  it("gives an empty list for a missing folder and drops results the caller rejects", async () => {
    const missing = await walkSkillFolder(path.join(root, "missing"), {
      maxDepth: 3,
      maxFiles: 10,
      includeEntry: () => true,
      toResult: (relative) => relative,
    });
    expect(missing).toEqual([]);
    const none = await walkSkillFolder(root, {
      maxDepth: 1,
      maxFiles: 10,
      includeEntry: () => true,
      toResult: () => undefined,
    });
    expect(none).toEqual([]);
  });
});
