import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { type FakeGithubServer, startFakeGithubServer } from "@skillbox/testing/fake-github-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createSourceRepository,
  createTempFolders,
  hashTree,
  type SourceRepository,
  skillText,
  type TempFolders,
} from "./__fixtures__/install-fixtures.js";
import { addScannedSkills } from "./add-skills.js";
import { checkOutdated } from "./check-outdated.js";
import { createInstallContext, type InstallContext } from "./install-context.js";
import { resolveInstallRoot } from "./install-roots.js";
import { parseSource } from "./parse-source.js";
import { removeSkill } from "./remove-skill.js";
import { scanSource } from "./scan-source.js";
import { selectFoundSkills } from "./select-found-skills.js";
import { updateSkills } from "./update-skills.js";

let temp: TempFolders;
let server: FakeGithubServer;
let repository: SourceRepository;
let context: InstallContext;

beforeEach(async () => {
  temp = createTempFolders();
  server = await startFakeGithubServer();
  repository = createSourceRepository(path.join(temp.base, "source"));
  repository.commit(
    {
      "README.md": "# Skills\n",
      "skills/pdf/SKILL.md": skillText("pdf", "Reads PDF files."),
      "skills/pdf/references/guide.md": "Guide v1\n",
      "skills/docx/SKILL.md": skillText("docx", "Writes Word files."),
    },
    "first",
  );
  server.addRepository("acme/skills", repository.remote);
  context = createInstallContext({
    cwd: temp.project,
    home: temp.home,
    githubApiUrl: server.url,
    tempDirectory: temp.scratch,
    now: () => new Date("2026-12-01T10:00:00Z"),
  });
});

afterEach(async () => {
  await server.close();
  temp.remove();
});

async function add(source: string, scope: "project" | "user" = "project", select: string[] = []) {
  const scan = await scanSource(parseSource(source, { cwd: temp.project, home: temp.home }), context);
  try {
    return await addScannedSkills(scan, selectFoundSkills(scan.skills, select).chosen, { scope }, context);
  } finally {
    await scan.dispose();
  }
}

describe("installing from GitHub", () => {
  it("adds, finds exactly the changed skill outdated, updates it and removes it", async () => {
    const result = await add("acme/skills");
    expect(result.added.map((skill) => skill.name)).toEqual(["docx", "pdf"]);
    const pdf = path.join(temp.project, ".agents", "skills", "pdf");
    expect(readFileSync(path.join(pdf, "references", "guide.md"), "utf8")).toBe("Guide v1\n");
    const manifest = JSON.parse(readFileSync(path.join(pdf, "source.json"), "utf8"));
    expect(manifest).toMatchObject({
      type: "github",
      repo: "acme/skills",
      skillPath: "skills/pdf",
      name: "pdf",
    });
    expect(manifest.treeSha).toMatch(/^[0-9a-f]{40}$/);
    const lock = JSON.parse(readFileSync(path.join(temp.project, "skills-lock.json"), "utf8"));
    expect(Object.keys(lock.skills)).toEqual(["docx", "pdf"]);

    repository.commit({ "skills/pdf/references/guide.md": "Guide v2\n" }, "pdf changes");
    repository.commit({ "README.md": "# Skills, now with more words\n" }, "readme only");
    const roots = [resolveInstallRoot("project", { cwd: temp.project, home: temp.home })];
    const before = hashTree(temp.base, [temp.scratch]);
    const outdated = await checkOutdated(roots, context);
    expect(hashTree(temp.base, [temp.scratch])).toEqual(before);
    expect(outdated.filter((item) => item.status === "outdated").map((item) => item.name)).toEqual(["pdf"]);
    expect(outdated.find((item) => item.name === "docx")?.status).toBe("up-to-date");

    const updated = await updateSkills(roots, context);
    expect(updated.map((item) => [item.name, item.status])).toEqual([
      ["docx", "up-to-date"],
      ["pdf", "updated"],
    ]);
    expect(readFileSync(path.join(pdf, "references", "guide.md"), "utf8")).toBe("Guide v2\n");
    expect((await checkOutdated(roots, context)).every((item) => item.status === "up-to-date")).toBe(true);

    await removeSkill(roots, "pdf");
    expect(existsSync(pdf)).toBe(false);
    const after = JSON.parse(readFileSync(path.join(temp.project, "skills-lock.json"), "utf8"));
    expect(Object.keys(after.skills)).toEqual(["docx"]);
  });
});
