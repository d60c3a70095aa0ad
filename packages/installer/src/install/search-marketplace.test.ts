import * as path from "node:path";
import { type FakeGithubServer, startFakeGithubServer } from "@skillbox/testing/fake-github-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTempFolders,
  skillText,
  type TempFolders,
  writeFiles,
} from "./__fixtures__/install-fixtures.js";
import { createInstallContext } from "./install-context.js";
import { resolveInstallRoot } from "./install-roots.js";
import { listInstalledSkills } from "./list-installed-skills.js";
import { searchMarketplace } from "./search-marketplace.js";

let temp: TempFolders;
let server: FakeGithubServer;

beforeEach(async () => {
  temp = createTempFolders();
  server = await startFakeGithubServer();
  server.setSearchResults([
    { id: "anthropics/skills/pdf", skillId: "pdf", name: "pdf", installs: 5200, source: "anthropics/skills" },
    {
      id: "someone/pdf-tools/pdf-forms",
      skillId: "pdf-forms",
      name: "pdf-forms",
      installs: 40,
      source: "someone/pdf-tools",
    },
    { id: "other/repo/pdf", skillId: "pdf", name: "pdf", installs: 12, source: "other/repo" },
  ]);
});

afterEach(async () => {
  await server.close();
  temp.remove();
});

function context(skillsShUrl = server.url) {
  return createInstallContext({ cwd: temp.project, home: temp.home, skillsShUrl });
}

describe("search", () => {
  it("merges skills.sh with the curated list, most installed first, and marks installed skills and name conflicts", async () => {
    const skills = path.join(temp.project, ".agents", "skills");
    writeFiles(skills, {
      "pdf/SKILL.md": skillText("pdf"),
      "pdf/source.json": JSON.stringify({
        version: 1,
        name: "pdf",
        type: "github",
        repo: "anthropics/skills",
        skillPath: "skills/pdf",
        contentHash: `sha256:${"a".repeat(64)}`,
        installedAt: "2026-12-01T00:00:00Z",
      }),
    });
    const installed = await listInstalledSkills(
      resolveInstallRoot("project", { cwd: temp.project, home: temp.home }),
    );
    const result = await searchMarketplace("pdf", context(), { installed });
    expect(result.remoteError).toBeUndefined();
    expect(
      result.rows.map((row) => [
        row.name,
        row.source,
        row.installs,
        row.from,
        row.installed,
        row.conflict !== undefined,
      ]),
    ).toEqual([
      ["pdf", "anthropics/skills", 5200, "both", true, false],
      ["pdf-forms", "someone/pdf-tools", 40, "skills.sh", false, false],
      ["pdf", "other/repo", 12, "skills.sh", false, true],
    ]);
    expect(result.rows[2]?.conflict).toContain("anthropics/skills");
    expect(result.rows[0]?.install).toBe("skillbox add anthropics/skills --skill pdf");
  });

  it("still answers from the curated list when skills.sh cannot be reached", async () => {
    await server.close();
    const result = await searchMarketplace("debugging", context("http://127.0.0.1:9"));
    expect(result.remoteError).toBeDefined();
    expect(result.rows.map((row) => [row.name, row.source, row.from])).toEqual([
      ["systematic-debugging", "obra/superpowers", "curated"],
    ]);
    server = await startFakeGithubServer();
  });
});
