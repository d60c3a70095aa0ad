import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { isSkillboxError } from "@skillbox/core/errors";
import { type FakeGithubServer, startFakeGithubServer } from "@skillbox/testing/fake-github-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createSourceRepository,
  createTempFolders,
  git,
  skillText,
  type TempFolders,
} from "./__fixtures__/install-fixtures.js";
import { createInstallContext, type InstallContext } from "./install-context.js";
import { parseSource } from "./parse-source.js";
import { type SourceScan, scanSource } from "./scan-source.js";

let temp: TempFolders;
let server: FakeGithubServer;
let context: InstallContext;
const scans: SourceScan[] = [];

beforeEach(async () => {
  temp = createTempFolders();
  server = await startFakeGithubServer();
  context = createInstallContext({
    cwd: temp.project,
    home: temp.home,
    githubApiUrl: server.url,
    githubToken: "secret-token",
    tempDirectory: temp.scratch,
  });
});

afterEach(async () => {
  for (const scan of scans.splice(0)) await scan.dispose();
  await server.close();
  temp.remove();
});

async function scan(source: string): Promise<SourceScan> {
  const result = await scanSource(parseSource(source, { cwd: temp.base, home: temp.home }), context);
  scans.push(result);
  return result;
}

function repositoryWith(
  files: Parameters<ReturnType<typeof createSourceRepository>["commit"]>[0],
  name = "acme/skills",
) {
  const repository = createSourceRepository(path.join(temp.base, `source-${name.replace("/", "-")}`));
  repository.commit(files, "files");
  server.addRepository(name, repository.remote);
  return repository;
}

describe("reading sources", () => {
  it("lists every skill of a GitHub repository with what add shows, sending the token to the API", async () => {
    repositoryWith({
      "skills/pdf/SKILL.md": skillText("pdf", "Reads PDFs.", ["allowed-tools: Bash(python:*) Read"]),
      "skills/pdf/scripts/extract.py": { executable: "print('x')\n" },
      "skills/docx/SKILL.md": skillText("docx", "Writes Word files.", ["context: fork"]),
      "node_modules/dep/SKILL.md": skillText("dep"),
    });
    const result = await scan("acme/skills");
    expect(result.skills.map((skill) => [skill.name, skill.skillPath, skill.installable])).toEqual([
      ["docx", "skills/docx", true],
      ["pdf", "skills/pdf", true],
    ]);
    const pdf = result.skills[1];
    expect(pdf).toMatchObject({ description: "Reads PDFs.", scripts: ["scripts/extract.py"], fileCount: 2 });
    expect(pdf?.allowedTools).toEqual(["Bash(python:*)", "Read"]);
    expect(result.skills[0]?.context).toBe("fork");
    const apiCalls = server.requests.filter((request) => request.path.startsWith("/repos/"));
    expect(apiCalls.length).toBeGreaterThan(0);
    expect(apiCalls.every((request) => request.authorization === "Bearer secret-token")).toBe(true);
  });

  it("reads owner/repo/name as a skills.sh id when name is no folder", async () => {
    repositoryWith({ "skills/pdf/SKILL.md": skillText("pdf"), "skills/docx/SKILL.md": skillText("docx") });
    expect((await scan("acme/skills/docx")).skills.map((skill) => skill.name)).toEqual(["docx"]);
    expect((await scan("https://skills.sh/acme/skills/pdf")).skills.map((skill) => skill.name)).toEqual([
      "pdf",
    ]);
  });

  it("fetches a file the tarball leaves out (export-ignore) through the contents API and checks its blob id", async () => {
    repositoryWith({
      ".gitattributes": "skills/pdf/kept.md export-ignore\n",
      "skills/pdf/SKILL.md": skillText("pdf"),
      "skills/pdf/kept.md": "kept\n",
    });
    const pdf = (await scan("acme/skills")).skills[0];
    expect(pdf?.files?.map((file) => file.path).sort()).toEqual(["SKILL.md", "kept.md"]);
    expect(server.requests.some((request) => request.path.includes("/contents/skills/pdf/kept.md"))).toBe(
      true,
    );
  });

  it("reports a rate limit with its reset time and a hint about tokens", async () => {
    repositoryWith({ "SKILL.md": skillText("solo") });
    server.setRateLimit({ status: 403, resetAt: new Date("2030-01-01T00:00:00Z") });
    const anonymous = createInstallContext({ cwd: temp.project, home: temp.home, githubApiUrl: server.url });
    const error = await scanSource(
      parseSource("acme/skills", { cwd: temp.base, home: temp.home }),
      anonymous,
    ).catch((caught: unknown) => caught);
    expect(isSkillboxError(error, "rate-limited")).toBe(true);
    expect((error as Error).message).toContain("2030-01-01T00:00:00.000Z");
    expect((error as Error).message).toContain("GITHUB_TOKEN");
    server.setRateLimit({ status: 429, resetAt: new Date("2030-01-01T00:00:00Z") });
    expect(await scan("acme/skills").catch((caught: unknown) => (caught as { code: string }).code)).toBe(
      "rate-limited",
    );
  });

  it("says a repository is missing, mentioning tokens for private ones", async () => {
    const anonymous = createInstallContext({ cwd: temp.project, home: temp.home, githubApiUrl: server.url });
    const error = await scanSource(
      parseSource("acme/nothing", { cwd: temp.base, home: temp.home }),
      anonymous,
    ).catch((caught: unknown) => caught);
    expect(String((error as Error).message)).toMatch(/404.*GITHUB_TOKEN/);
  });

  it("finds the skills of Claude Code plugins and keeps plugin paths inside the repository", async () => {
    repositoryWith({
      ".claude-plugin/marketplace.json": JSON.stringify({
        name: "market",
        plugins: [
          { name: "writer", source: "./plugins/writer" },
          { name: "escaper", source: "./plugins/escaper", skills: ["../../../outside"] },
          { name: "remote", source: { source: "github", repo: "other/repo" } },
        ],
      }),
      "plugins/writer/skills/draft/SKILL.md": skillText("draft"),
      "plugins/writer/.claude-plugin/plugin.json": JSON.stringify({ name: "writer", skills: "./extra" }),
      "plugins/writer/extra/polish/SKILL.md": skillText("polish"),
      "plugins/escaper/.claude-plugin/plugin.json": JSON.stringify({ name: "escaper" }),
    });
    const result = await scan("acme/skills");
    expect(result.skills.map((skill) => [skill.name, skill.plugin])).toEqual([
      ["polish", "writer"],
      ["draft", "writer"],
    ]);
    expect(result.diagnostics.map((item) => item.code).sort()).toEqual([
      "external-plugin",
      "plugin-path-escape",
    ]);
  });

  it("reads a local folder whose root is a skill, named by its frontmatter", async () => {
    const folder = path.join(temp.base, "local-skill");
    mkdirSync(folder);
    writeFileSync(path.join(folder, "SKILL.md"), skillText("notes"));
    const result = await scan("./local-skill");
    expect(result.skills.map((skill) => [skill.name, skill.skillPath])).toEqual([["notes", ""]]);
  });

  it("reads a local folder with uninstallable file names, refusing only the skill that holds one", async () => {
    const folder = path.join(temp.base, "mixed");
    mkdirSync(path.join(folder, "good"), { recursive: true });
    mkdirSync(path.join(folder, "odd"), { recursive: true });
    writeFileSync(path.join(folder, "Icon\r"), "");
    writeFileSync(path.join(folder, "good", "SKILL.md"), skillText("good"));
    writeFileSync(path.join(folder, "odd", "SKILL.md"), skillText("odd"));
    writeFileSync(path.join(folder, "odd", "notes:v2.md"), "x");
    const result = await scan("./mixed");
    expect(result.skills.map((skill) => [skill.name, skill.installable])).toEqual([
      ["good", true],
      ["odd", false],
    ]);
    expect(result.skills[1]?.diagnostics[0]?.message).toContain("':'");
  });

  it("fetches a git URL at a tag and reports the commit", async () => {
    const repository = createSourceRepository(path.join(temp.base, "tagged"));
    const first = repository.commit({ "SKILL.md": skillText("tagged", "Version one.") }, "one");
    git(repository.work, ["tag", "v1"]);
    git(repository.work, ["push", "-q", "origin", "v1"]);
    repository.commit({ "SKILL.md": skillText("tagged", "Version two.") }, "two");
    const result = await scan(`${repository.fileUrl}#v1`);
    expect(result.snapshot.commit).toBe(first);
    expect(result.skills[0]?.description).toBe("Version one.");
    expect((await scan(repository.fileUrl)).skills[0]?.description).toBe("Version two.");
  });

  it("shows a refused skill's own name and description, and its refusal, not a false 'SKILL.md is empty'", async () => {
    const repository = createSourceRepository(path.join(temp.base, "refused"));
    repository.commit(
      {
        "skills/evil/SKILL.md": skillText("evil", "Looks helpful."),
        "skills/evil/key": { symlink: "../../../home/.ssh/id_rsa" },
      },
      "link out",
    );
    const [skill] = (await scan(repository.fileUrl)).skills;
    expect(skill?.installable).toBe(false);
    expect(skill?.description).toBe("Looks helpful.");
    const messages = skill?.diagnostics.map((item) => `${item.severity} ${item.message}`) ?? [];
    expect(messages.some((message) => message.startsWith("error") && message.includes("key"))).toBe(true);
    expect(messages.join("\n")).not.toContain("empty");
  });

  it("names the submodules and linked folders of a git source it does not look into", async () => {
    const repository = createSourceRepository(path.join(temp.base, "skipping"));
    repository.commit(
      {
        "skills/good/SKILL.md": skillText("good"),
        "skills/good/helper": { symlink: "../../elsewhere/helper.md" },
        "elsewhere/helper.md": "help\n",
        "elsewhere/mine/SKILL.md": skillText("mine"),
        "skills/mine": { symlink: "../elsewhere/mine" },
        "skills/away": { symlink: "../../outside-skills" },
        "skills/readme.md": { symlink: "../elsewhere/helper.md" },
      },
      "links",
    );
    const submodule = repository.commit({ "README.md": "x\n" }, "for a submodule id");
    git(repository.work, ["update-index", "--add", "--cacheinfo", `160000,${submodule},skills/vendor`]);
    git(repository.work, ["commit", "-q", "-m", "submodule"]);
    git(repository.work, ["push", "-q", "origin", "main"]);
    const result = await scan(`${repository.fileUrl}`);
    expect(result.skills.map((skill) => skill.name).sort()).toEqual(["good", "mine"]);
    expect(result.diagnostics.map((item) => [item.severity, item.code, item.path])).toEqual([
      ["info", "linked-folder-skipped", "skills/away"],
      ["info", "submodule-skipped", "skills/vendor"],
    ]);
    expect(result.diagnostics[1]?.message).toContain("skills/vendor is a git submodule");
  });

  it("says what it did not look into when a git source holds no skill otherwise", async () => {
    const repository = createSourceRepository(path.join(temp.base, "only-links"));
    repository.commit({ "README.md": "x\n", skills: { symlink: "../../shared-skills" } }, "links");
    const error = await scan(repository.fileUrl).catch((caught: unknown) => caught);
    expect(isSkillboxError(error, "skill-not-found")).toBe(true);
    expect((error as Error).message).toContain('skills is a link to "../../shared-skills"');
  });
});
