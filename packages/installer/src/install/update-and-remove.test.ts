import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import * as path from "node:path";
import { isSkillboxError } from "@skillbox/core/errors";
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
import { checkOutdated } from "./check-outdated.js";
import { createInstallContext, type InstallContext } from "./install-context.js";
import { resolveInstallRoot } from "./install-roots.js";
import { parseSource } from "./parse-source.js";
import { removeSkill } from "./remove-skill.js";
import { scanSource } from "./scan-source.js";
import { selectFoundSkills } from "./select-found-skills.js";
import { updateSkills } from "./update-skills.js";

let temp: TempFolders;
let repository: SourceRepository;
let context: InstallContext;

beforeEach(() => {
  temp = createTempFolders();
  repository = createSourceRepository(path.join(temp.base, "source"));
  repository.commit(
    {
      "README.md": "readme\n",
      "skills/pdf/SKILL.md": skillText("pdf", "Reads PDFs.", ["allowed-tools: Read"]),
      "skills/pdf/scripts/run.sh": { executable: "#!/bin/sh\necho one\n" },
      "skills/docx/SKILL.md": skillText("docx"),
    },
    "first",
  );
  context = createInstallContext({ cwd: temp.project, home: temp.home, tempDirectory: temp.scratch });
});

afterEach(() => temp.remove());

async function add(source: string, options: { scope?: "project" | "user"; links?: string[] } = {}) {
  const scan = await scanSource(parseSource(source, { cwd: temp.base, home: temp.home }), context);
  try {
    return await addScannedSkills(
      scan,
      selectFoundSkills(scan.skills).chosen,
      { scope: options.scope ?? "project", ...(options.links ? { links: options.links } : {}) },
      context,
    );
  } finally {
    await scan.dispose();
  }
}

const project = () => [resolveInstallRoot("project", { cwd: temp.project, home: temp.home })];
const pdfFile = (file: string) => path.join(temp.project, ".agents", "skills", "pdf", file);

describe("outdated and update over a git source", () => {
  it("flags only the skill whose folder changed, by tree id, without writing anything", async () => {
    await add(repository.fileUrl);
    repository.commit({ "skills/docx/SKILL.md": skillText("docx", "New docx.") }, "docx");
    repository.commit({ "README.md": "more readme\n" }, "unrelated");
    const before = hashTree(temp.base, [temp.scratch]);
    const results = await checkOutdated(project(), context);
    expect(hashTree(temp.base, [temp.scratch])).toEqual(before);
    expect(results.map((result) => [result.name, result.status, result.compared])).toEqual([
      ["docx", "outdated", "tree"],
      ["pdf", "up-to-date", "tree"],
    ]);
  });

  it("asks for consent before an update that changes allowed-tools or scripts, and applies it with consent", async () => {
    await add(repository.fileUrl);
    repository.commit(
      {
        "skills/pdf/SKILL.md": skillText("pdf", "Reads PDFs.", [
          "allowed-tools: Read Bash(rm:*)",
          "context: fork",
        ]),
        "skills/pdf/scripts/run.sh": { executable: "#!/bin/sh\necho two\n" },
      },
      "wider",
    );
    const refused = await updateSkills(project(), context, { names: ["pdf"] });
    expect(refused).toMatchObject([{ name: "pdf", status: "needs-consent" }]);
    expect(refused[0]?.changes.map((change) => change.kind)).toEqual(["allowed-tools", "context", "scripts"]);
    expect(refused[0]?.changes[0]).toEqual({
      kind: "allowed-tools",
      before: "Read",
      after: "Bash(rm:*) Read",
    });
    expect(readFileSync(pdfFile("scripts/run.sh"), "utf8")).toContain("one");
    const applied = await updateSkills(project(), context, { names: ["pdf"], yes: true });
    expect(applied).toMatchObject([{ name: "pdf", status: "updated" }]);
    expect(readFileSync(pdfFile("scripts/run.sh"), "utf8")).toContain("two");
    const manifest = JSON.parse(readFileSync(pdfFile("source.json"), "utf8"));
    expect(manifest.installedAt).toBeDefined();
    expect(manifest.updatedAt).toBeDefined();
  });

  it("updates a plain content change without asking and keeps links", async () => {
    await add(repository.fileUrl, { links: ["claude"] });
    repository.commit({ "skills/docx/notes.md": "notes\n" }, "docs");
    const results = await updateSkills(project(), context);
    expect(results.map((result) => [result.name, result.status])).toEqual([
      ["docx", "updated"],
      ["pdf", "up-to-date"],
    ]);
    expect(readFileSync(path.join(temp.project, ".claude", "skills", "docx", "notes.md"), "utf8")).toBe(
      "notes\n",
    );
  });

  it("says which names are not installed", async () => {
    await add(repository.fileUrl);
    const error = await updateSkills(project(), context, { names: ["nope"] }).catch(
      (caught: unknown) => caught,
    );
    expect(isSkillboxError(error, "skill-not-found")).toBe(true);
  });
});

describe("remove", () => {
  it("removes an installed skill, its lock entry and its agent links", async () => {
    await add(repository.fileUrl, { links: ["claude"] });
    await removeSkill(project(), "pdf");
    expect(existsSync(pdfFile("SKILL.md"))).toBe(false);
    expect(existsSync(path.join(temp.project, ".claude", "skills", "pdf"))).toBe(false);
    expect(existsSync(path.join(temp.project, ".claude", "skills", "docx"))).toBe(true);
    const lock = JSON.parse(readFileSync(path.join(temp.project, "skills-lock.json"), "utf8"));
    expect(Object.keys(lock.skills)).toEqual(["docx"]);
  });

  it.each(["../../x", "..", "a/b", "", "PDF"])(
    "refuses the name %j without touching anything",
    async (name) => {
      await add(repository.fileUrl);
      const before = hashTree(temp.base);
      const error = await removeSkill(project(), name).catch((caught: unknown) => caught);
      expect(isSkillboxError(error)).toBe(true);
      expect(hashTree(temp.base)).toEqual(before);
    },
  );

  it("never removes a hand-made skill or a link that leads out of the root", async () => {
    writeFiles(path.join(temp.project, ".agents", "skills"), { "mine/SKILL.md": skillText("mine") });
    mkdirSync(path.join(temp.base, "elsewhere"));
    writeFiles(path.join(temp.base, "elsewhere"), { "SKILL.md": skillText("away"), "source.json": "{}" });
    symlinkSync(path.join(temp.base, "elsewhere"), path.join(temp.project, ".agents", "skills", "away"));
    const before = hashTree(temp.base);
    for (const name of ["mine", "away"]) {
      const error = await removeSkill(project(), name).catch((caught: unknown) => caught);
      expect(isSkillboxError(error, "skill-not-found")).toBe(true);
    }
    expect(hashTree(temp.base)).toEqual(before);
  });

  it("asks for a scope when both the project and the user have the skill", async () => {
    await add(repository.fileUrl);
    await add(repository.fileUrl, { scope: "user" });
    const both = [...project(), resolveInstallRoot("user", { cwd: temp.project, home: temp.home })];
    const error = await removeSkill(both, "pdf").catch((caught: unknown) => caught);
    expect(isSkillboxError(error, "conflict")).toBe(true);
    await removeSkill([both[1] as (typeof both)[number]], "pdf");
    expect(existsSync(path.join(temp.home, ".agents", "skills", "pdf"))).toBe(false);
    expect(existsSync(pdfFile("SKILL.md"))).toBe(true);
  });
});
