import { execFileSync } from "node:child_process";
import { closeSync, mkdirSync, openSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { ageTree, createTempDirectory, writeSkill } from "@skillbox/testing/skill-folders";
import { afterEach, describe, expect, it } from "vitest";
import { isSkillboxError, type SkillboxError } from "../../errors.js";
import { renderSkillCatalog } from "../../prompt/render-skill-catalog.js";
import { buildToolDescription } from "../../prompt/tool-description.js";
import { createSkillRegistry, type SkillRegistryOptions } from "../skill-registry.js";
import { createRegistryFileSystem } from "./registry-file-system.js";
import { resolveDefaultRoots, type SkillRoot } from "./skill-roots.js";

const TOKEN = "sk-token-4f1d9c2e-never-in-a-prompt";

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function temp() {
  const directory = createTempDirectory();
  cleanups.push(directory.remove);
  return directory.path;
}

/** A fresh temp folder made a git work tree with a real `git init`. */
function gitProject() {
  const project = temp();
  execFileSync("git", ["init", "-q", project]);
  return project;
}

function registryOver(roots: string | SkillRoot[], options: Partial<SkillRegistryOptions> = {}) {
  const registry = createSkillRegistry({
    roots: typeof roots === "string" ? [{ label: "test", path: roots, scope: "custom" }] : roots,
    ...options,
  });
  cleanups.push(() => registry.close());
  return registry;
}

/** Everything the model or a user could see of the registry, as one string. */
function everythingShown(registry: ReturnType<typeof registryOver>): string {
  return JSON.stringify([
    registry.list(),
    registry.catalogEntries(),
    registry.toolEntries(),
    renderSkillCatalog(registry.catalogEntries(), { budget: "none" })?.text ?? "",
    buildToolDescription(registry.toolEntries()),
    registry.search("token"),
  ]);
}

const codes = (registry: ReturnType<typeof registryOver>) =>
  registry.diagnostics({ includeSkills: false }).map((item) => item.code);

describe("a skill file that is a link", () => {
  it("is never read when it leads out of its skill folder, and the error names the link and its target", () => {
    const root = temp();
    const outside = temp();
    const token = path.join(outside, "token");
    writeFileSync(token, `${TOKEN}\n`);
    mkdirSync(path.join(root, "helper"));
    const link = path.join(root, "helper", "SKILL.md");
    symlinkSync(token, link);
    mkdirSync(path.join(root, "lower"));
    symlinkSync(token, path.join(root, "lower", "skill.md"));
    writeSkill(root, "fine");
    const parsed: string[] = [];
    const registry = registryOver(root, { onParse: (file) => parsed.push(file) });
    expect(registry.list().map((record) => record.name)).toEqual(["fine"]);
    expect(everythingShown(registry)).not.toContain(TOKEN);
    expect(() => registry.loadSkill("helper")).toThrow(/helper/);
    expect(parsed).toEqual([path.join(root, "fine", "SKILL.md")]);
    const refused = registry.diagnostics().filter((item) => item.code === "symlink-outside-skill");
    expect(refused.map((item) => [item.severity, item.path])).toEqual([
      ["error", link],
      ["error", path.join(root, "lower", "skill.md")],
    ]);
    expect(refused[0]?.message).toContain(token);
  });

  it("is read when it stays inside its skill folder", () => {
    const root = temp();
    writeSkill(root, "inside/real", { name: "inside" });
    symlinkSync(path.join("real", "SKILL.md"), path.join(root, "inside", "SKILL.md"));
    const registry = registryOver(root);
    expect(registry.get("inside")?.file).toBe(path.join(root, "inside", "SKILL.md"));
    expect(codes(registry)).not.toContain("symlink-outside-skill");
  });

  it("is checked again on every walk, from a persisted index too, when what it leads through changes", () => {
    const root = temp();
    const outside = temp();
    const cacheFile = path.join(temp(), "index.json");
    writeSkill(root, "helper/real/inner", { name: "helper" }, { fileName: "source.md" });
    symlinkSync(path.join("real", "inner", "source.md"), path.join(root, "helper", "SKILL.md"));
    writeFileSync(path.join(outside, "source.md"), `---\nname: helper\ndescription: ${TOKEN}\n---\n`);
    ageTree(root);
    const first = registryOver(root, { cacheFile });
    expect(first.get("helper")?.metadata.description).toBe("Helps with inner.");
    first.close();
    // Swap a folder the link leads through: the skill folder's own listing does not change.
    rmSync(path.join(root, "helper", "real", "inner"), { recursive: true });
    symlinkSync(outside, path.join(root, "helper", "real", "inner"));
    const again = registryOver(root, { cacheFile });
    expect(again.get("helper")).toBeUndefined();
    expect(everythingShown(again)).not.toContain(TOKEN);
    expect(codes(again)).toContain("symlink-outside-skill");
  });
});

describe("a skill file that is a link, at load time", () => {
  function linkedSkill() {
    const root = temp();
    const outside = temp();
    writeSkill(root, "helper/real", { name: "helper" }, { body: "Inside body.\n", fileName: "source.md" });
    const link = path.join(root, "helper", "SKILL.md");
    symlinkSync(path.join("real", "source.md"), link);
    const token = path.join(outside, "SKILL.md");
    writeFileSync(token, `---\nname: helper\ndescription: ${TOKEN}\n---\n${TOKEN}\n`);
    const swap = (target: string) => {
      rmSync(link);
      symlinkSync(target, link);
    };
    return { root, link, token, swap, inside: path.join("real", "source.md") };
  }

  const refusal = (load: () => unknown) => {
    try {
      load();
    } catch (error) {
      return error as SkillboxError;
    }
    throw new Error("the load was not refused");
  };

  it("is refused when it was swapped after the walk to lead out of its folder, as symlink-outside-skill", () => {
    const { root, link, token, swap } = linkedSkill();
    const registry = registryOver(root);
    expect(registry.loadSkill("helper").body).toBe("Inside body.\n");
    swap(token);
    const error = refusal(() => registry.loadSkill("helper"));
    expect(isSkillboxError(error, "path-escape")).toBe(true);
    expect(error.data).toMatchObject({ code: "symlink-outside-skill", file: link });
    expect(error.message).toContain(`links to ${token}, outside its skill folder`);
    expect(JSON.stringify(error)).not.toContain(TOKEN);
    expect(everythingShown(registry)).not.toContain(TOKEN);
    expect(registry.get("helper")).toBeUndefined();
  });

  it("is refused when it is swapped out and back between the check and the read", () => {
    const { root, token, swap, inside } = linkedSkill();
    let armed = false;
    const fs = createRegistryFileSystem({
      openSync: (file, flags) => {
        if (armed) swap(token);
        return openSync(file, flags);
      },
      closeSync: (descriptor) => {
        closeSync(descriptor);
        if (armed) swap(inside);
        armed = false;
      },
    });
    const registry = registryOver(root, { fs });
    expect(registry.get("helper")?.metadata.description).toBe("Helps with real.");
    armed = true;
    const error = refusal(() => registry.loadSkill("helper"));
    expect(error.data).toMatchObject({ code: "symlink-outside-skill" });
    expect(error.message).toContain("changed while it was read");
    expect(JSON.stringify(error)).not.toContain(TOKEN);
    expect(everythingShown(registry)).not.toContain(TOKEN);
  });
});

describe("a linked folder", () => {
  it("to / from a project root reads nothing outside the project, quickly", () => {
    const root = gitProject();
    writeSkill(root, "x");
    symlinkSync("/", path.join(root, "x", "root"));
    const parsed: string[] = [];
    const started = performance.now();
    const registry = registryOver(root, { onParse: (file) => parsed.push(file) });
    expect(registry.list().map((record) => record.name)).toEqual(["x"]);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(parsed).toEqual([path.join(root, "x", "SKILL.md")]);
    const refused = registry.diagnostics().filter((item) => item.code === "symlink-outside-roots");
    expect(refused.map((item) => item.path)).toEqual([path.join(root, "x", "root")]);
    expect(refused[0]?.message).toContain("trustedSymlinkTargets");
    expect(refused[0]?.message).toContain(`outside the project ${root}`);
  });

  it("to / or another folder holding it, from the user's own root, is a loop and reads nothing, quickly", () => {
    const base = temp();
    const root = path.join(base, "skills");
    writeSkill(root, "x");
    symlinkSync("/", path.join(root, "x", "root"));
    symlinkSync(base, path.join(root, "x", "up"));
    const parsed: string[] = [];
    const started = performance.now();
    const registry = registryOver(root, { onParse: (file) => parsed.push(file) });
    expect(registry.list().map((record) => record.name)).toEqual(["x"]);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(parsed).toEqual([path.join(root, "x", "SKILL.md")]);
    const loops = registry.diagnostics().filter((item) => item.code === "symlink-loop");
    expect(loops.map((item) => path.basename(item.path))).toEqual(["root", "up"]);
    expect(loops[0]?.message).toContain("a folder that holds it");
    expect(codes(registry)).not.toContain("symlink-outside-roots");
  });

  it("is followed into another skill root, as installers link ~/.claude/skills/x to ~/.agents/skills/x", () => {
    const home = temp();
    const agents = path.join(home, ".agents", "skills");
    const claude = path.join(home, ".claude", "skills");
    writeSkill(agents, "shared");
    mkdirSync(claude, { recursive: true });
    symlinkSync(path.join(agents, "shared"), path.join(claude, "shared"));
    const registry = registryOver([
      { label: "user:.claude", path: claude, scope: "user" },
      { label: "user", path: agents, scope: "user" },
    ]);
    expect(registry.get("shared")?.directory).toBe(path.join(claude, "shared"));
    expect(codes(registry)).not.toContain("symlink-outside-roots");
  });

  it("is followed from a project root into a trusted target and nowhere else", () => {
    const root = gitProject();
    const trusted = temp();
    const untrusted = temp();
    writeSkill(trusted, "kept");
    writeSkill(untrusted, "refused");
    symlinkSync(path.join(trusted, "kept"), path.join(root, "kept"));
    symlinkSync(path.join(untrusted, "refused"), path.join(root, "refused"));
    const registry = registryOver(root, { trustedSymlinkTargets: [trusted] });
    expect(registry.list().map((record) => record.name)).toEqual(["kept"]);
    expect(registry.diagnostics().find((item) => item.code === "symlink-outside-roots")?.path).toBe(
      path.join(root, "refused"),
    );
  });

  it("keeps the depth and folder bounds across links", () => {
    const root = gitProject();
    const trusted = temp();
    writeSkill(trusted, "a/b/c/deep");
    writeSkill(trusted, "shallow");
    symlinkSync(trusted, path.join(root, "linked"));
    const deep = registryOver(root, { trustedSymlinkTargets: [trusted], maxDepth: 3 });
    expect(deep.list().map((record) => record.name)).toEqual(["shallow"]);
    expect(deep.diagnostics().find((item) => item.code === "depth-limit")?.message).toContain("--max-depth");
    const few = registryOver(root, { trustedSymlinkTargets: [trusted], maxDirectories: 3 });
    expect(few.list()).toEqual([]);
    expect(few.diagnostics().find((item) => item.code === "directory-limit")?.message).toContain(
      "maxDirectories",
    );
  });
});

describe("system folders", () => {
  it("are never entered, even through a trusted link or as a root", () => {
    const root = temp();
    writeSkill(root, "fine");
    symlinkSync("/proc/self", path.join(root, "proc-self"));
    symlinkSync("/sys", path.join(root, "sys"));
    symlinkSync("/dev", path.join(root, "dev"));
    const parsed: string[] = [];
    const registry = registryOver(root, {
      trustedSymlinkTargets: ["/proc", "/sys", "/dev"],
      onParse: (file) => parsed.push(file),
    });
    expect(registry.list().map((record) => record.name)).toEqual(["fine"]);
    expect(parsed).toEqual([path.join(root, "fine", "SKILL.md")]);
    expect(
      registry
        .diagnostics()
        .filter((item) => item.code === "system-folder")
        .map((item) => path.basename(item.path)),
    ).toEqual(["dev", "proc-self", "sys"]);
    const procRoot = registryOver("/proc");
    expect(procRoot.list()).toEqual([]);
    expect(codes(procRoot)).toEqual(["system-folder"]);
  });

  it("are recognised by file-system type where they are mounted elsewhere", () => {
    const root = temp();
    writeSkill(root, "fine");
    writeSkill(root, "mounted/inside");
    const mounted = path.join(root, "mounted");
    const node = createRegistryFileSystem();
    const fs = createRegistryFileSystem({
      statSync: (target) => {
        const stats = node.statSync(target);
        // A mount point sits on another device than its parent.
        if (target === mounted) stats.dev += 1;
        return stats;
      },
      statfsSync: (target) => (target === mounted ? { type: 0x9fa0 } : node.statfsSync(target)),
    });
    const registry = registryOver(root, { fs });
    expect(registry.list().map((record) => record.name)).toEqual(["fine"]);
    expect(registry.diagnostics().find((item) => item.code === "system-folder")?.path).toBe(mounted);
  });
});

describe("a project root that is a link", () => {
  it("is walked when it stays in its project and refused when it leads out of it", () => {
    const base = temp();
    const project = path.join(base, "project");
    mkdirSync(project);
    execFileSync("git", ["init", "-q", project]);
    writeSkill(path.join(project, "shared-skills"), "local");
    mkdirSync(path.join(project, ".agents"), { recursive: true });
    mkdirSync(path.join(project, ".claude"), { recursive: true });
    symlinkSync(path.join(project, "shared-skills"), path.join(project, ".agents", "skills"));
    const elsewhere = path.join(base, "elsewhere");
    writeSkill(elsewhere, "foreign");
    symlinkSync(elsewhere, path.join(project, ".claude", "skills"));
    const registry = registryOver([
      { label: "project", path: path.join(project, ".agents", "skills"), scope: "project" },
      { label: "project:.claude", path: path.join(project, ".claude", "skills"), scope: "project" },
    ]);
    expect(registry.list().map((record) => record.name)).toEqual(["local"]);
    const refused = registry.diagnostics().find((item) => item.code === "symlink-outside-roots");
    expect(refused?.path).toBe(path.join(project, ".claude", "skills"));
    expect(refused?.message).toContain(
      `This skills folder links to ${elsewhere}, outside the project ${project}`,
    );
  });
});

// codex-rs/core-skills/src/loader_tests.rs: loads_skills_via_symlinked_subdir_for_user_scope and
// its repo-scope twin, on the roots resolveDefaultRoots builds (real temp folders, git, links).
describe("a linked skill folder, by whose root it is in", () => {
  function linkedSetup() {
    const base = temp();
    const home = path.join(base, "home");
    const shared = path.join(base, "shared");
    writeSkill(shared, "demo", { name: "linked-skill", description: "from link" });
    const repo = path.join(base, "repo");
    mkdirSync(repo);
    execFileSync("git", ["init", "-q", repo]);
    const roots = resolveDefaultRoots({ cwd: repo, home });
    return { home, shared, repo, roots };
  }

  it("loads through the user's own root (~/.agents/skills outside any git work tree), with no finding", () => {
    const { home, shared, roots } = linkedSetup();
    mkdirSync(path.join(home, ".agents", "skills"), { recursive: true });
    symlinkSync(shared, path.join(home, ".agents", "skills", "shared"));
    const registry = registryOver(roots);
    const skill = registry.get("linked-skill");
    expect(skill?.metadata.description).toBe("from link");
    expect(skill?.root.scope).toBe("user");
    expect(skill?.file).toBe(path.join(home, ".agents", "skills", "shared", "demo", "SKILL.md"));
    expect(registry.loadSkill("linked-skill").body).toBe("Body text.\n");
    expect(codes(registry)).toEqual([]);
  });

  it("is refused in a project root (<repo>/.agents/skills in a git work tree), with a message naming the link, its target and the project", () => {
    const { shared, repo, roots } = linkedSetup();
    mkdirSync(path.join(repo, ".agents", "skills"), { recursive: true });
    const link = path.join(repo, ".agents", "skills", "shared");
    symlinkSync(shared, link);
    const parsed: string[] = [];
    const registry = registryOver(roots, { onParse: (file) => parsed.push(file) });
    expect(registry.list()).toEqual([]);
    expect(parsed).toEqual([]);
    const refused = registry.diagnostics().filter((item) => item.code === "symlink-outside-roots");
    expect(refused.map((item) => [item.severity, item.path])).toEqual([["warning", link]]);
    expect(refused[0]?.message).toContain(`This folder links to ${shared}, outside the project ${repo}`);
    expect(refused[0]?.message).toContain("a cloned repository chooses them");
    expect(refused[0]?.message).toContain("trustedSymlinkTargets");
  });

  it("is followed in a project root when it stays inside the project", () => {
    const { repo, roots } = linkedSetup();
    writeSkill(path.join(repo, "packages", "tool"), "helper");
    mkdirSync(path.join(repo, ".agents", "skills"), { recursive: true });
    symlinkSync(path.join(repo, "packages", "tool"), path.join(repo, ".agents", "skills", "tool"));
    const registry = registryOver(roots);
    expect(registry.get("helper")?.directory).toBe(path.join(repo, ".agents", "skills", "tool", "helper"));
    expect(codes(registry)).not.toContain("symlink-outside-roots");
  });

  it("is followed from a root outside any git work tree even when cwd's folders hold it (no repository, no project)", () => {
    const base = temp();
    const folder = path.join(base, "notes");
    const shared = path.join(base, "shared");
    writeSkill(shared, "mine");
    mkdirSync(path.join(folder, ".agents", "skills"), { recursive: true });
    symlinkSync(shared, path.join(folder, ".agents", "skills", "shared"));
    const registry = registryOver(resolveDefaultRoots({ cwd: folder, home: path.join(base, "home") }));
    expect(registry.get("mine")?.root.label).toBe("project");
    expect(codes(registry)).toEqual([]);
  });

  it("keeps the per-file confinement in the user's own root: a SKILL.md linking out of its folder is not read", () => {
    const { home, shared, roots } = linkedSetup();
    const folder = path.join(home, ".agents", "skills", "helper");
    mkdirSync(folder, { recursive: true });
    symlinkSync(path.join(shared, "demo", "SKILL.md"), path.join(folder, "SKILL.md"));
    const registry = registryOver(roots);
    expect(registry.get("linked-skill")).toBeUndefined();
    expect(codes(registry)).toContain("symlink-outside-skill");
  });

  it("lists a folder reached twice through links once, and a link back to the root ends the cycle", () => {
    const { home, shared, roots } = linkedSetup();
    const user = path.join(home, ".agents", "skills");
    mkdirSync(user, { recursive: true });
    symlinkSync(shared, path.join(user, "a"));
    symlinkSync(shared, path.join(user, "b"));
    symlinkSync(user, path.join(shared, "back"));
    const registry = registryOver(roots);
    expect(registry.list().map((record) => record.directory)).toEqual([path.join(user, "a", "demo")]);
    const duplicates = registry.diagnostics().filter((item) => item.code === "duplicate-directory");
    expect(duplicates.map((item) => item.path).sort()).toEqual([
      path.join(user, "a", "back"),
      path.join(user, "b"),
    ]);
    expect(codes(registry)).not.toContain("symlink-outside-roots");
  });
});

describe("a renamed link target", () => {
  it("drops a linked skill folder whose target moves out of a project root's trusted paths on the next refresh", () => {
    const root = gitProject();
    const trusted = temp();
    const away = temp();
    writeSkill(trusted, "moving");
    symlinkSync(path.join(trusted, "moving"), path.join(root, "moving"));
    const registry = registryOver(root, { trustedSymlinkTargets: [trusted] });
    expect(registry.list().map((record) => record.name)).toEqual(["moving"]);
    renameSync(path.join(trusted, "moving"), path.join(away, "moving"));
    symlinkSync(path.join(away, "moving"), path.join(trusted, "moving"));
    registry.refresh();
    expect(registry.list()).toEqual([]);
    expect(codes(registry)).toContain("symlink-outside-roots");
  });
});
