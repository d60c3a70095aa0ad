import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync } from "node:fs";
import * as path from "node:path";
import { isSkillboxError, type SkillboxError } from "@skillbox/core/errors";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createSourceRepository,
  createTempFolders,
  git,
  hashTree,
  type SourceRepository,
  skillText,
  type TempFolders,
} from "./__fixtures__/install-fixtures.js";
import { addScannedSkills } from "./add-skills.js";
import { findProjectEscape } from "./check-project-confinement.js";
import { createInstallContext } from "./install-context.js";
import { installFromLock } from "./install-from-lock.js";
import { type InstallScope, resolveInstallRoot } from "./install-roots.js";
import { parseSource } from "./parse-source.js";
import { removeSkill } from "./remove-skill.js";
import { scanSource } from "./scan-source.js";
import { selectFoundSkills } from "./select-found-skills.js";
import { updateSkills } from "./update-skills.js";
import { verifyInstalledSkills } from "./verify-installed-skills.js";

let temp: TempFolders;
let repository: SourceRepository;
let outside: string;

beforeEach(() => {
  temp = createTempFolders();
  git(temp.project, ["init", "-q"]);
  repository = createSourceRepository(path.join(temp.base, "source"));
  repository.commit({ "skills/good/SKILL.md": skillText("good") }, "good");
  outside = path.join(temp.base, "outside");
  mkdirSync(outside);
});

afterEach(() => temp.remove());

function contextIn(cwd: string, home = temp.home) {
  return createInstallContext({ cwd, home, tempDirectory: temp.scratch });
}

async function add(
  options: { scope?: InstallScope; links?: string[]; cwd?: string; home?: string } = {},
): Promise<unknown> {
  const context = contextIn(options.cwd ?? temp.project, options.home);
  const scan = await scanSource(parseSource(repository.fileUrl, context), context);
  try {
    return await addScannedSkills(
      scan,
      selectFoundSkills(scan.skills).chosen,
      { scope: options.scope ?? "project", ...(options.links ? { links: options.links } : {}) },
      context,
    );
  } catch (error) {
    return error;
  } finally {
    await scan.dispose();
  }
}

const projectRoot = (cwd = temp.project) => resolveInstallRoot("project", { cwd, home: temp.home });
const agents = () => path.join(temp.project, ".agents");

/** Moves the installed project skills out and links `.agents/skills` to where they went. */
function linkSkillsOut(): void {
  renameSync(path.join(agents(), "skills"), path.join(outside, "skills"));
  symlinkSync("../../outside/skills", path.join(agents(), "skills"));
}

function expectEscape(error: unknown, link: string): SkillboxError {
  expect(isSkillboxError(error, "path-escape"), String(error)).toBe(true);
  const message = (error as SkillboxError).message;
  expect(message).toContain(`${link} is a link to`);
  expect(message).toContain(`outside the project ${temp.project}`);
  expect(message).toContain(`rm ${link}`);
  return error as SkillboxError;
}

describe("a project .agents/skills that links out of the project", () => {
  it("is refused by add, naming the link, and nothing lands outside", async () => {
    mkdirSync(agents());
    symlinkSync("../../outside", path.join(agents(), "skills"));
    const before = hashTree(temp.base, [temp.scratch]);
    expectEscape(await add(), ".agents/skills");
    expect(readdirSync(outside)).toEqual([]);
    expect(hashTree(temp.base, [temp.scratch])).toEqual(before);
  });

  it("is refused when `.agents` itself is the link", async () => {
    symlinkSync("../outside", agents());
    expectEscape(await add(), ".agents");
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(path.join(temp.project, "skills-lock.json"))).toBe(false);
  });

  it("is refused when the link dangles, and its target is not created", async () => {
    mkdirSync(agents());
    symlinkSync("../../not-there/skills", path.join(agents(), "skills"));
    expectEscape(await add(), ".agents/skills");
    expect(existsSync(path.join(temp.base, "not-there"))).toBe(false);
  });

  it("is refused when it links to the project folder itself, where staging would land beside the project", async () => {
    mkdirSync(agents());
    symlinkSync("..", path.join(agents(), "skills"));
    const error = expectEscape(await add(), ".agents/skills");
    expect(error.message).toContain("the project folder itself");
    expect(readdirSync(temp.base).filter((name) => name.startsWith(".skillbox-"))).toEqual([]);
  });

  it("is refused by install --frozen from a committed lock, and by install without --frozen", async () => {
    expect(await add()).not.toBeInstanceOf(Error);
    const lock = readFileSync(path.join(temp.project, "skills-lock.json"), "utf8");
    rmSync(path.join(agents(), "skills"), { recursive: true });
    symlinkSync("../../outside", path.join(agents(), "skills"));
    const context = contextIn(temp.project);
    for (const frozen of [true, false]) {
      const error = await installFromLock(projectRoot(), context, { frozen }).catch((caught) => caught);
      expectEscape(error, ".agents/skills");
    }
    expect(readdirSync(outside)).toEqual([]);
    expect(readFileSync(path.join(temp.project, "skills-lock.json"), "utf8")).toBe(lock);
  });

  it("is refused by update and remove, which leave the linked folder as it was", async () => {
    expect(await add()).not.toBeInstanceOf(Error);
    repository.commit({ "skills/good/notes.md": "new\n" }, "change");
    linkSkillsOut();
    const before = hashTree(temp.base, [temp.scratch]);
    const context = contextIn(temp.project);
    expectEscape(await updateSkills([projectRoot()], context).catch((caught) => caught), ".agents/skills");
    expectEscape(await removeSkill([projectRoot()], "good").catch((caught) => caught), ".agents/skills");
    expect(hashTree(temp.base, [temp.scratch])).toEqual(before);
  });

  it("is reported by verify instead of ok, with nothing read through it", async () => {
    expect(await add()).not.toBeInstanceOf(Error);
    linkSkillsOut();
    const results = await verifyInstalledSkills([projectRoot()]);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ name: ".agents/skills", scope: "project", status: "outside-project" });
    expect(results[0]?.reason).toContain(".agents/skills is a link to ../../outside/skills");
  });
});

describe("the lock, --link targets and roots that stay inside", () => {
  it("refuses a skills-lock.json that links out of the project", async () => {
    symlinkSync("../outside/skills-lock.json", path.join(temp.project, "skills-lock.json"));
    expectEscape(await add(), "skills-lock.json");
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(path.join(agents(), "skills", "good"))).toBe(false);
  });

  it("refuses --link into a project agent folder that links out, before installing anything", async () => {
    mkdirSync(path.join(temp.project, ".claude"));
    symlinkSync("../../outside", path.join(temp.project, ".claude", "skills"));
    expectEscape(await add({ links: ["claude"] }), ".claude/skills");
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(path.join(agents(), "skills", "good"))).toBe(false);
  });

  it("installs through links that stay inside the project", async () => {
    mkdirSync(path.join(temp.project, "shared-skills"));
    mkdirSync(agents());
    symlinkSync("../shared-skills", path.join(agents(), "skills"));
    expect(await add({ links: ["claude"] })).not.toBeInstanceOf(Error);
    expect(existsSync(path.join(temp.project, "shared-skills", "good", "SKILL.md"))).toBe(true);
    expect(existsSync(path.join(temp.project, ".claude", "skills", "good", "SKILL.md"))).toBe(true);
  });

  it("installs, updates and removes in a project under a linked home folder", async () => {
    const realHome = path.join(temp.base, "data", "u");
    mkdirSync(path.join(realHome, "p"), { recursive: true });
    git(path.join(realHome, "p"), ["init", "-q"]);
    const linkedHome = path.join(temp.base, "home-link");
    symlinkSync(realHome, linkedHome);
    const cwd = path.join(linkedHome, "p");
    expect(await add({ cwd, home: linkedHome })).not.toBeInstanceOf(Error);
    expect(existsSync(path.join(realHome, "p", ".agents", "skills", "good", "SKILL.md"))).toBe(true);
    expect(existsSync(path.join(realHome, "p", "skills-lock.json"))).toBe(true);
    const root = projectRoot(cwd);
    expect(await verifyInstalledSkills([root])).toMatchObject([{ name: "good", status: "ok" }]);
    repository.commit({ "skills/good/notes.md": "new\n" }, "change");
    expect(await updateSkills([root], contextIn(cwd, linkedHome))).toMatchObject([{ status: "updated" }]);
    await removeSkill([root], "good");
    expect(existsSync(path.join(realHome, "p", ".agents", "skills", "good"))).toBe(false);
  });

  it("follows a linked ~/.agents/skills for --user installs: the user's own choice", async () => {
    mkdirSync(path.join(temp.home, ".agents"));
    symlinkSync("../../outside", path.join(temp.home, ".agents", "skills"));
    expect(await add({ scope: "user" })).not.toBeInstanceOf(Error);
    expect(existsSync(path.join(outside, "good", "SKILL.md"))).toBe(true);
    const user = resolveInstallRoot("user", { cwd: temp.project, home: temp.home });
    expect(await verifyInstalledSkills([user])).toMatchObject([{ name: "good", status: "ok" }]);
    await removeSkill([user], "good");
    expect(existsSync(path.join(outside, "good"))).toBe(false);
  });

  it("never checks user roots, and finds nothing wrong with a project without links", () => {
    const user = resolveInstallRoot("user", { cwd: temp.project, home: temp.home });
    symlinkSync("/", path.join(temp.home, ".agents"));
    expect(findProjectEscape(user, user.skillsDirectory, "install into")).toBeUndefined();
    const root = projectRoot();
    expect(
      findProjectEscape(root, root.skillsDirectory, "install into", { parentToo: true }),
    ).toBeUndefined();
  });
});
