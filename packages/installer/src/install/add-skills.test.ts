import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { isSkillboxError } from "@skillbox/core/errors";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTempFolders,
  hashTree,
  skillText,
  type TempFolders,
  writeFiles,
} from "./__fixtures__/install-fixtures.js";
import { type AddSkillsOptions, addScannedSkills } from "./add-skills.js";
import { hashSkillFolder } from "./content-hash.js";
import { createInstallContext, type InstallContext } from "./install-context.js";
import { parseSource } from "./parse-source.js";
import { scanSource } from "./scan-source.js";
import { selectFoundSkills } from "./select-found-skills.js";

let temp: TempFolders;
let context: InstallContext;

beforeEach(() => {
  temp = createTempFolders();
  context = createInstallContext({
    cwd: temp.project,
    home: temp.home,
    tempDirectory: temp.scratch,
    now: () => new Date("2026-12-01T10:00:00Z"),
  });
  writeFiles(path.join(temp.base, "library"), {
    "pdf/SKILL.md": skillText("pdf"),
    "pdf/scripts/run.sh": { executable: "#!/bin/sh\necho hi\n" },
    "docx/SKILL.md": skillText("docx"),
  });
  writeFiles(path.join(temp.base, "other"), { "pdf/SKILL.md": skillText("pdf", "Another PDF skill.") });
});

afterEach(() => temp.remove());

async function add(
  source: string,
  options: Partial<AddSkillsOptions> = {},
  select: string[] = [],
  ctx = context,
) {
  const scan = await scanSource(parseSource(source, { cwd: temp.base, home: temp.home }), ctx);
  try {
    return await addScannedSkills(
      scan,
      selectFoundSkills(scan.skills, select).chosen,
      { scope: "project", ...options },
      ctx,
    );
  } finally {
    await scan.dispose();
  }
}

const skills = () => path.join(temp.project, ".agents", "skills");

describe("add", () => {
  it("installs with source.json and a sorted, versioned lock whose local paths are relative", async () => {
    const result = await add("./library");
    expect(result.added.map((skill) => skill.name)).toEqual(["docx", "pdf"]);
    const manifest = JSON.parse(readFileSync(path.join(skills(), "pdf", "source.json"), "utf8"));
    expect(manifest).toEqual({
      contentHash: await hashSkillFolder(path.join(skills(), "pdf")),
      installedAt: "2026-12-01T10:00:00.000Z",
      name: "pdf",
      repo: path.join(temp.base, "library"),
      skillPath: "pdf",
      type: "local",
      version: 1,
    });
    expect(lstatSync(path.join(skills(), "pdf", "scripts", "run.sh")).mode & 0o111).not.toBe(0);
    const lockText = readFileSync(path.join(temp.project, "skills-lock.json"), "utf8");
    expect(lockText).toBe(
      `${JSON.stringify(
        {
          skills: {
            docx: { contentHash: manifestHash("docx"), repo: "../library", skillPath: "docx", type: "local" },
            pdf: { contentHash: manifest.contentHash, repo: "../library", skillPath: "pdf", type: "local" },
          },
          version: 1,
        },
        null,
        2,
      )}\n`,
    );
  });

  it("installs for the user under the home folder and writes no lock", async () => {
    await add("./library", { scope: "user" }, ["pdf"]);
    expect(existsSync(path.join(temp.home, ".agents", "skills", "pdf", "SKILL.md"))).toBe(true);
    expect(existsSync(path.join(temp.project, "skills-lock.json"))).toBe(false);
    expect(existsSync(path.join(temp.home, "skills-lock.json"))).toBe(false);
  });

  it("leaves nothing behind and touches nothing when the last step fails", async () => {
    await add("./library", {}, ["pdf"]);
    writeFileSync(path.join(skills(), "pdf", "SKILL.md"), skillText("pdf", "Edited by hand."));
    const before = hashTree(temp.base);
    // A folder where the lock file should go makes the final lock write fail.
    const lock = path.join(temp.project, "skills-lock.json");
    rmSync(lock);
    mkdirSync(lock);
    const beforeWithFolder = hashTree(temp.base);
    const error = await add("./library", {}, []).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(hashTree(temp.base)).toEqual(beforeWithFolder);
    expect(before.get("project/.agents/skills/pdf/SKILL.md")).toBe(
      beforeWithFolder.get("project/.agents/skills/pdf/SKILL.md"),
    );
  });

  it("never replaces a skill Skillbox did not install, and replaces one from another source only with consent", async () => {
    writeFiles(skills(), { "docx/SKILL.md": skillText("docx", "Hand-made.") });
    const handMade = await add("./library", {}, ["docx"]).catch((caught: unknown) => caught);
    expect(isSkillboxError(handMade, "conflict")).toBe(true);
    expect(String((handMade as Error).message)).toContain("no source.json");
    await add("./library", {}, ["pdf"]);
    const other = await add("./other").catch((caught: unknown) => caught);
    expect(isSkillboxError(other, "conflict")).toBe(true);
    expect(String((other as Error).message)).toContain("--yes");
    const replaced = await add("./other", { replace: true });
    expect(replaced.added[0]?.replaced).toContain("library");
    expect(readFileSync(path.join(skills(), "pdf", "SKILL.md"), "utf8")).toContain("Another PDF skill.");
  });

  it("links into other agents' folders by relative symlink, or by a verified copy when links fail", async () => {
    const result = await add("./library", { links: ["claude"] }, ["pdf"]);
    expect(result.added[0]?.links).toEqual([
      { agent: "claude", path: ".claude/skills/pdf", method: "symlink" },
    ]);
    const link = path.join(temp.project, ".claude", "skills", "pdf");
    expect(readlinkSync(link)).toBe(path.join("..", "..", ".agents", "skills", "pdf"));

    const noLinks = createInstallContext({
      cwd: temp.project,
      home: temp.home,
      link: { symlink: async () => Promise.reject(new Error("EPERM: links not allowed")) },
    });
    const copied = await add("./library", { links: ["codex"] }, ["docx"], noLinks);
    expect(copied.added[0]?.links).toEqual([{ agent: "codex", path: ".codex/skills/docx", method: "copy" }]);
    const copy = path.join(temp.project, ".codex", "skills", "docx");
    expect(lstatSync(copy).isDirectory()).toBe(true);
    expect(await hashSkillFolder(copy)).toBe(await hashSkillFolder(path.join(skills(), "docx")));
    const manifest = JSON.parse(readFileSync(path.join(skills(), "docx", "source.json"), "utf8"));
    expect(manifest.links).toEqual([{ agent: "codex", method: "copy", path: ".codex/skills/docx" }]);
  });

  it("leaves an agent folder that is not this skill alone", async () => {
    writeFiles(path.join(temp.project, ".claude", "skills"), { "pdf/SKILL.md": skillText("pdf", "Mine.") });
    const result = await add("./library", { links: ["claude"] }, ["pdf"]);
    expect(result.added[0]?.links[0]).toMatchObject({ method: "skipped" });
    expect(readFileSync(path.join(temp.project, ".claude", "skills", "pdf", "SKILL.md"), "utf8")).toContain(
      "Mine.",
    );
  });
});

function manifestHash(name: string): string {
  return JSON.parse(readFileSync(path.join(skills(), name, "source.json"), "utf8")).contentHash;
}
