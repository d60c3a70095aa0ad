import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isSkillboxError } from "../../errors.js";
import { resolveWorkspacePath, resolveWorkspaceRoot } from "./workspace-path.js";

let base: string;
let root: string;

beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), "skillbox-workspace-"));
  root = path.join(base, "root");
  await mkdir(path.join(root, "src"), { recursive: true });
  await writeFile(path.join(base, "secret.txt"), "outside");
  await writeFile(path.join(root, "src", "a.ts"), "inside");
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

function expectEscape(input: string): void {
  try {
    resolveWorkspacePath(root, input);
    expect.unreachable(`"${input}" should have been refused`);
  } catch (error) {
    expect(isSkillboxError(error, "path-escape")).toBe(true);
  }
}

describe("resolveWorkspacePath", () => {
  it("resolves relative paths inside the root and names them relative to it", () => {
    const resolved = resolveWorkspacePath(root, "src/../src/a.ts");
    expect(resolved.relative).toBe("src/a.ts");
    expect(resolved.absolute).toBe(path.join(resolveWorkspaceRoot(root), "src", "a.ts"));
  });

  it("accepts an absolute path that lies inside the root", () => {
    expect(resolveWorkspacePath(root, path.join(root, "src/a.ts")).relative).toBe("src/a.ts");
  });

  it("refuses .. escapes and absolute paths outside the root", () => {
    expectEscape("../secret.txt");
    expectEscape("src/../../secret.txt");
    expectEscape(path.join(base, "secret.txt"));
    expectEscape("/etc/passwd");
  });

  it("refuses a symlink that points outside the root, even for files not created yet", async () => {
    await symlink(base, path.join(root, "out"));
    expectEscape("out/secret.txt");
    expectEscape("out/new-file.txt");
  });

  it("refuses a dangling symlink whose target would be created outside the root", async () => {
    await symlink(path.join(base, "not-yet.txt"), path.join(root, "dangling"));
    expectEscape("dangling");
  });

  it("allows a symlink that stays inside the root and does I/O on its target", async () => {
    await symlink(path.join(root, "src"), path.join(root, "alias"));
    const resolved = resolveWorkspacePath(root, "alias/a.ts");
    expect(resolved.relative).toBe("alias/a.ts");
    expect(resolved.absolute).toBe(path.join(resolveWorkspaceRoot(root), "src", "a.ts"));
  });

  it("treats an empty path as the root itself", () => {
    expect(resolveWorkspacePath(root, "").relative).toBe(".");
  });
});
