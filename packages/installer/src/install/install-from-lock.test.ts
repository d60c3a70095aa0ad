import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { isSkillboxError } from "@skillbox/core/errors";
import { type FakeGithubServer, startFakeGithubServer } from "@skillbox/testing/fake-github-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createSourceRepository,
  createTempFolders,
  hashTree,
  type SourceRepository,
  skillText,
  type TempFolders,
  writeFiles,
} from "./__fixtures__/install-fixtures.js";
import { addScannedSkills } from "./add-skills.js";
import { createInstallContext } from "./install-context.js";
import { installFromLock } from "./install-from-lock.js";
import { resolveInstallRoot } from "./install-roots.js";
import { parseSource } from "./parse-source.js";
import { scanSource } from "./scan-source.js";
import { selectFoundSkills } from "./select-found-skills.js";
import { verifyInstalledSkills } from "./verify-installed-skills.js";

let temp: TempFolders;
let server: FakeGithubServer;
let repository: SourceRepository;

beforeEach(async () => {
  temp = createTempFolders();
  server = await startFakeGithubServer();
  repository = createSourceRepository(path.join(temp.base, "source"));
  repository.commit(
    {
      "skills/pdf/SKILL.md": skillText("pdf"),
      "skills/pdf/scripts/run.sh": { executable: "#!/bin/sh\necho pdf\n" },
      "skills/pdf/assets/logo.bin": "\u0000\u0001binary",
    },
    "pdf",
  );
  server.addRepository("acme/skills", repository.remote);
  writeFiles(path.join(temp.base, "library"), { "notes/SKILL.md": skillText("notes") });
});

afterEach(async () => {
  await server.close();
  temp.remove();
});

function contextFor(project: string) {
  return createInstallContext({
    cwd: project,
    home: temp.home,
    githubApiUrl: server.url,
    tempDirectory: temp.scratch,
    now: () => new Date("2026-12-01T10:00:00Z"),
  });
}

async function add(project: string, source: string) {
  const context = contextFor(project);
  const scan = await scanSource(parseSource(source, { cwd: project, home: temp.home }), context);
  try {
    await addScannedSkills(scan, selectFoundSkills(scan.skills).chosen, { scope: "project" }, context);
  } finally {
    await scan.dispose();
  }
}

function cleanProjectWithLockOf(project: string): string {
  const clean = path.join(temp.base, "clean");
  mkdirSync(path.join(clean, ".git"), { recursive: true });
  cpSync(path.join(project, "skills-lock.json"), path.join(clean, "skills-lock.json"));
  return clean;
}

const root = (project: string) => resolveInstallRoot("project", { cwd: project, home: temp.home });
const skillsOf = (project: string) => path.join(project, ".agents", "skills");

describe("install from skills-lock.json", () => {
  it("reproduces byte-identical skills on a clean folder at the locked commit, even after the source moved on", async () => {
    await add(temp.project, "acme/skills");
    repository.commit({ "skills/pdf/SKILL.md": skillText("pdf", "Changed later.") }, "later");
    const clean = cleanProjectWithLockOf(temp.project);
    const results = await installFromLock(root(clean), contextFor(clean), { frozen: true });
    expect(results).toEqual([{ name: "pdf", status: "installed" }]);
    const files = (tree: Map<string, string>) =>
      [...tree]
        .filter(([file]) => !file.endsWith("source.json"))
        .map(([file, state]) => [file, state.replace(/ [\d.]+ (?=\S+$)/, " ")]);
    expect(files(hashTree(skillsOf(clean)))).toEqual(files(hashTree(skillsOf(temp.project))));
    expect(readFileSync(path.join(clean, "skills-lock.json"), "utf8")).toBe(
      readFileSync(path.join(temp.project, "skills-lock.json"), "utf8"),
    );
    expect(await installFromLock(root(clean), contextFor(clean), { frozen: true })).toEqual([
      { name: "pdf", status: "present" },
    ]);
  });

  it("fails --frozen on a tampered installed file and writes nothing; without --frozen it restores the file", async () => {
    await add(temp.project, "acme/skills");
    writeFileSync(
      path.join(skillsOf(temp.project), "pdf", "scripts", "run.sh"),
      "#!/bin/sh\necho tampered\n",
    );
    const before = hashTree(temp.base, [temp.scratch]);
    const error = await installFromLock(root(temp.project), contextFor(temp.project), { frozen: true }).catch(
      (caught: unknown) => caught,
    );
    expect(isSkillboxError(error, "integrity-mismatch")).toBe(true);
    expect(hashTree(temp.base, [temp.scratch])).toEqual(before);
    expect(await installFromLock(root(temp.project), contextFor(temp.project))).toEqual([
      { name: "pdf", status: "installed" },
    ]);
    expect(readFileSync(path.join(skillsOf(temp.project), "pdf", "scripts", "run.sh"), "utf8")).toBe(
      "#!/bin/sh\necho pdf\n",
    );
  });

  it("fails --frozen when the source no longer matches the lock; without --frozen it installs it and updates the lock", async () => {
    await add(temp.project, "../library");
    const clean = cleanProjectWithLockOf(temp.project);
    writeFileSync(
      path.join(temp.base, "library", "notes", "SKILL.md"),
      skillText("notes", "Tampered at the source."),
    );
    const error = await installFromLock(root(clean), contextFor(clean), { frozen: true }).catch(
      (caught: unknown) => caught,
    );
    expect(isSkillboxError(error, "integrity-mismatch")).toBe(true);
    expect(String((error as Error).message)).toContain("notes");
    expect(hashTree(clean).has(".agents")).toBe(false);
    const lockBefore = readFileSync(path.join(clean, "skills-lock.json"), "utf8");
    expect(await installFromLock(root(clean), contextFor(clean))).toEqual([
      { name: "notes", status: "changed" },
    ]);
    expect(readFileSync(path.join(clean, "skills-lock.json"), "utf8")).not.toBe(lockBefore);
    expect((await verifyInstalledSkills([root(clean)])).map((result) => result.status)).toEqual(["ok"]);
  });

  it("refuses a lock naming an unsafe skill name before touching anything", async () => {
    const lock = {
      version: 1,
      skills: {
        "../../x": {
          type: "local",
          repo: "../library",
          skillPath: "notes",
          contentHash: `sha256:${"0".repeat(64)}`,
        },
      },
    };
    writeFileSync(path.join(temp.project, "skills-lock.json"), JSON.stringify(lock));
    const before = hashTree(temp.base);
    const error = await installFromLock(root(temp.project), contextFor(temp.project)).catch(
      (caught: unknown) => caught,
    );
    expect(isSkillboxError(error, "config-error")).toBe(true);
    expect(hashTree(temp.base)).toEqual(before);
  });
});

describe("verify", () => {
  it("reports modified and missing skills and never writes", async () => {
    await add(temp.project, "acme/skills");
    await add(temp.project, "../library");
    expect(
      (await verifyInstalledSkills([root(temp.project)])).map((result) => [result.name, result.status]),
    ).toEqual([
      ["notes", "ok"],
      ["pdf", "ok"],
    ]);
    writeFileSync(path.join(skillsOf(temp.project), "pdf", "extra.md"), "added by hand");
    rmSync(path.join(skillsOf(temp.project), "notes"), { recursive: true });
    const before = hashTree(temp.base);
    const results = await verifyInstalledSkills([root(temp.project)]);
    expect(hashTree(temp.base)).toEqual(before);
    expect(results.map((result) => [result.name, result.status])).toEqual([
      ["pdf", "modified"],
      ["notes", "missing"],
    ]);
  });
});
