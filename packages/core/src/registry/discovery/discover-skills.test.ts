import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { createTempDirectory, writeSkill } from "@skillbox/testing/skill-folders";
import { afterEach, describe, expect, it } from "vitest";
import { createSkillRegistry, type SkillRegistryOptions } from "../skill-registry.js";
import { createRegistryFileSystem } from "./registry-file-system.js";

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function temp() {
  const directory = createTempDirectory();
  cleanups.push(directory.remove);
  return directory.path;
}

function registryOver(root: string, options: Partial<SkillRegistryOptions> = {}) {
  const registry = createSkillRegistry({
    roots: [{ label: "test", path: root, scope: "custom" }],
    ...options,
  });
  cleanups.push(() => registry.close());
  return registry;
}

const names = (registry: ReturnType<typeof registryOver>) => registry.list().map((record) => record.name);
const codes = (registry: ReturnType<typeof registryOver>) =>
  registry.diagnostics({ includeSkills: false }).map((item) => item.code);

describe("discovery", () => {
  it("finds skills nested at any depth, including inside other skills, in sorted order", () => {
    const root = temp();
    writeSkill(root, "b-skill");
    writeSkill(root, "a-group/inner");
    writeSkill(root, "a-group/deeper/still/deepest");
    writeSkill(root, "b-skill/nested-inside");
    writeFileSync(path.join(root, "README.md"), "not a skill");
    expect(names(registryOver(root))).toEqual(["b-skill", "deepest", "inner", "nested-inside"]);
  });

  it("accepts lowercase skill.md with a warning and ignores other casings with a warning", () => {
    const root = temp();
    writeSkill(root, "lower", {}, { fileName: "skill.md" });
    writeSkill(root, "odd", {}, { fileName: "Skill.md" });
    const registry = registryOver(root);
    expect(names(registry)).toEqual(["lower"]);
    expect(registry.get("lower")?.diagnostics.map((item) => item.code)).toContain("lowercase-skill-file");
    expect(codes(registry)).toContain("skill-file-case");
  });

  it("skips .git, node_modules and folders a .gitignore excludes, honouring a nested re-include", () => {
    const root = temp();
    writeSkill(root, ".git/hidden");
    writeSkill(root, "node_modules/pkg");
    writeSkill(root, "build/generated");
    writeSkill(root, "kept");
    writeSkill(root, "team/drafts/draft");
    writeSkill(root, "team/ready");
    writeFileSync(path.join(root, ".gitignore"), "build/\ndrafts/\n");
    writeFileSync(path.join(root, "team", ".gitignore"), "!drafts/\n");
    expect(names(registryOver(root))).toEqual(["draft", "kept", "ready"]);
    writeFileSync(path.join(root, "team", ".gitignore"), "# nothing\n");
    const registry = registryOver(root);
    expect(names(registry)).toEqual(["kept", "ready"]);
  });

  it("follows a linked folder once and survives a link loop and a link to itself", () => {
    const root = temp();
    const outside = temp();
    writeSkill(outside, "shared");
    writeSkill(root, "local");
    symlinkSync(path.join(outside, "shared"), path.join(root, "linked"));
    symlinkSync(path.join(outside, "shared"), path.join(root, "linked-again"));
    symlinkSync(root, path.join(root, "local", "loop"));
    symlinkSync(path.join(root, "self"), path.join(root, "self"));
    const registry = registryOver(root, { trustedSymlinkTargets: [outside] });
    expect(names(registry)).toEqual(["local", "shared"]);
    expect(registry.get("shared")?.directory).toBe(path.join(root, "linked"));
    const found = codes(registry);
    expect(found).toContain("symlink-loop");
    expect(found).toContain("duplicate-directory");
    expect(found.filter((code) => code === "symlink-loop")).toHaveLength(2);
    registry.refresh();
    registry.refresh({ force: true });
    expect(codes(registry).filter((code) => code === "symlink-loop")).toHaveLength(2);
  });

  it("reports the depth bound once per root and still loads what is above it", () => {
    const root = temp();
    writeSkill(root, "a/b/c/shallow");
    writeSkill(root, "a/b/c/d/e/too-deep");
    writeSkill(root, "x/y/z/w/v/also-too-deep");
    const registry = registryOver(root, { maxDepth: 4 });
    expect(names(registry)).toEqual(["shallow"]);
    const depth = registry.diagnostics().filter((item) => item.code === "depth-limit");
    expect(depth).toHaveLength(1);
    expect(depth[0]?.path).toBe(path.join(root, "a", "b", "c", "d"));
    expect(depth[0]?.message).toContain("1 other folder");
  });

  it("skips folders whose names start with a dot inside a root, with an info finding, but walks a root under one", () => {
    const base = temp();
    const root = path.join(base, ".agents", "skills");
    writeSkill(root, "visible");
    writeSkill(root, ".hidden");
    writeSkill(root, "group/.drafts/draft");
    // Inside a skill a dot folder is a tool cache: skipped without a note.
    writeSkill(root, "visible/.venv/tool");
    const registry = registryOver(root);
    expect(names(registry)).toEqual(["visible"]);
    const hidden = registry.diagnostics().filter((item) => item.code === "hidden-folder");
    expect(hidden.map((item) => [item.severity, item.path])).toEqual([
      ["info", path.join(root, ".hidden")],
      ["info", path.join(root, "group", ".drafts")],
    ]);
  });

  it("enters .agents, .claude and .skillbox for their skills folder only, and still skips other dot folders", () => {
    const root = temp();
    writeSkill(root, ".agents/skills/x");
    writeSkill(root, ".claude/skills/y");
    writeSkill(root, ".skillbox/skills/z");
    writeSkill(root, ".claude/plugins/not-a-root");
    writeSkill(root, ".git/skills/in-git");
    writeSkill(root, ".cache/cached");
    writeSkill(root, "packages/app/.agents/skills/nested");
    const registry = registryOver(root);
    expect(names(registry)).toEqual(["nested", "x", "y", "z"]);
    const hidden = registry.diagnostics().filter((item) => item.code === "hidden-folder");
    expect(hidden.map((item) => item.path)).toEqual([path.join(root, ".cache")]);
  });

  it("does not enter a skill's resource folders but still finds skills in its other subfolders", () => {
    const root = temp();
    writeSkill(root, "outer");
    writeSkill(root, "outer/references/hidden");
    writeSkill(root, "outer/scripts/also-hidden");
    writeSkill(root, "outer/sub/nested");
    writeSkill(root, "plain/references/found");
    const registry = registryOver(root);
    expect([...names(registry)].sort()).toEqual(["found", "nested", "outer"]);
  });

  it("stops at the folder count bound with a diagnostic", () => {
    const root = temp();
    for (const name of ["s1", "s2", "s3", "s4", "s5"]) writeSkill(root, name);
    const registry = registryOver(root, { maxDirectories: 3 });
    expect(names(registry)).toEqual(["s1", "s2"]);
    expect(codes(registry)).toContain("directory-limit");
  });

  it("turns unreadable folders and files into diagnostics without losing other skills", () => {
    const root = temp();
    writeSkill(root, "fine");
    writeSkill(root, "locked-folder/inside");
    const lockedFile = writeSkill(root, "locked-file");
    const fs = createRegistryFileSystem({
      readdirSync: (target, options) => {
        if (target === path.join(root, "locked-folder"))
          throw Object.assign(new Error("denied"), { code: "EACCES" });
        return createRegistryFileSystem().readdirSync(target, options);
      },
      openSync: (target, flags) => {
        if (target === lockedFile) throw Object.assign(new Error("denied"), { code: "EACCES" });
        return createRegistryFileSystem().openSync(target, flags);
      },
    });
    const registry = registryOver(root, { fs });
    expect(names(registry)).toEqual(["fine"]);
    expect(codes(registry)).toEqual(expect.arrayContaining(["unreadable", "unreadable-file"]));
  });

  it("reports a skill file that vanishes between listing and reading, and keeps the others", () => {
    const root = temp();
    writeSkill(root, "stays");
    const vanishing = writeSkill(root, "vanishes");
    const fs = createRegistryFileSystem({
      openSync: (target, flags) => {
        if (target === vanishing) rmSync(vanishing);
        return createRegistryFileSystem().openSync(target, flags);
      },
    });
    const registry = registryOver(root, { fs });
    expect(names(registry)).toEqual(["stays"]);
    expect(codes(registry)).toContain("skill-file-vanished");
  });

  it("reports a missing explicit root but not a missing default root", () => {
    const base = temp();
    const registry = createSkillRegistry({
      roots: [
        { label: "custom", path: path.join(base, "nope"), scope: "custom" },
        { label: "user", path: path.join(base, "also-nope"), scope: "user" },
      ],
    });
    expect(registry.list()).toEqual([]);
    expect(registry.diagnostics().map((item) => [item.code, item.path])).toEqual([
      ["root-missing", path.join(base, "nope")],
    ]);
  });

  it("lists a root that is the same folder as a higher root only once", () => {
    const base = temp();
    const real = path.join(base, "agents");
    writeSkill(real, "one");
    symlinkSync(real, path.join(base, "claude"));
    const registry = createSkillRegistry({
      roots: [
        { label: "user", path: real, scope: "user" },
        { label: "user:.claude", path: path.join(base, "claude"), scope: "user" },
      ],
    });
    expect(registry.list().map((record) => record.qualifiedName)).toEqual(["user:one"]);
    expect(registry.diagnostics().map((item) => item.code)).toEqual(["root-duplicate"]);
  });

  it("skips empty and binary skill files with an error diagnostic", () => {
    const root = temp();
    mkdirSync(path.join(root, "empty"));
    writeFileSync(path.join(root, "empty", "SKILL.md"), "");
    mkdirSync(path.join(root, "binary"));
    writeFileSync(path.join(root, "binary", "SKILL.md"), Buffer.from([0x2d, 0x00, 0xff]));
    writeSkill(root, "good");
    const registry = registryOver(root);
    expect(names(registry)).toEqual(["good"]);
    expect(codes(registry)).toEqual(expect.arrayContaining(["empty-file", "binary-file"]));
  });
});
