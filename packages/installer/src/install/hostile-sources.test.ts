import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { isSkillboxError } from "@skillbox/core/errors";
import { type FakeGithubServer, startFakeGithubServer } from "@skillbox/testing/fake-github-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  buildTarGz,
  buildZip,
  createSourceRepository,
  createTempFolders,
  git,
  hashTree,
  skillText,
  type TempFolders,
} from "./__fixtures__/install-fixtures.js";
import { addScannedSkills } from "./add-skills.js";
import { createInstallContext, type InstallContext } from "./install-context.js";
import { installFromLock } from "./install-from-lock.js";
import type { InstallLimits } from "./install-limits.js";
import { resolveInstallRoot } from "./install-roots.js";
import { parseSource } from "./parse-source.js";
import { scanSource } from "./scan-source.js";
import { selectFoundSkills } from "./select-found-skills.js";

let temp: TempFolders;
let server: FakeGithubServer;
const marker = `skillbox-hostile-${process.pid}-${Date.now()}`;
const outsideTargets = [path.join(tmpdir(), marker), path.join("/tmp", `${marker}-abs`)];

beforeEach(async () => {
  temp = createTempFolders();
  server = await startFakeGithubServer();
});

afterEach(async () => {
  await server.close();
  temp.remove();
});

function contextWith(
  limits: Partial<InstallLimits> = {},
  env?: Record<string, string | undefined>,
): InstallContext {
  return createInstallContext({
    cwd: temp.project,
    home: temp.home,
    githubApiUrl: server.url,
    tempDirectory: temp.scratch,
    limits,
    ...(env ? { env } : {}),
  });
}

/** Scans and installs everything the source offers; resolves to the error, or undefined on success. */
async function tryAdd(source: string, context = contextWith()): Promise<unknown> {
  try {
    const scan = await scanSource(parseSource(source, { cwd: temp.base, home: temp.home }), context);
    try {
      const { chosen } = selectFoundSkills(scan.skills);
      await addScannedSkills(scan, chosen, { scope: "project" }, context);
      await addScannedSkills(scan, chosen, { scope: "user", replace: true }, context);
    } finally {
      await scan.dispose();
    }
    return undefined;
  } catch (error) {
    return error;
  }
}

/** Runs `attempt` and checks it failed with a SkillboxError, changed nothing outside scratch, wrote nothing elsewhere. */
async function expectRefused(attempt: () => Promise<unknown>, code?: string): Promise<void> {
  const before = hashTree(temp.base, [temp.scratch]);
  const error = await attempt();
  expect(isSkillboxError(error), String(error)).toBe(true);
  if (code && isSkillboxError(error))
    expect(`${error.code}: ${error.message}`).toMatch(new RegExp(`^${code}:`));
  expect(hashTree(temp.base, [temp.scratch])).toEqual(before);
  expect(existsSync(path.join(temp.project, ".agents"))).toBe(false);
  expect(existsSync(path.join(temp.home, ".agents"))).toBe(false);
  for (const target of outsideTargets) expect(existsSync(target)).toBe(false);
}

function serveArchive(name: string, data: Buffer): string {
  const file = path.join(temp.base, "downloads", name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, data);
  return file;
}

const legit = { path: "good/SKILL.md", content: skillText("good") };

describe("hostile archives install nothing and write nothing outside the temp folder", () => {
  it.each([
    ["path traversal", [legit, { path: "good/../../../escaped.txt", content: "x" }]],
    [
      "traversal at the top",
      [legit, { path: `../../../../../../..${path.join(tmpdir(), marker)}`, content: "x" }],
    ],
    ["an absolute path", [legit, { path: path.join("/tmp", `${marker}-abs`), content: "x" }]],
    ["a drive letter", [legit, { path: "C:/Windows/evil.txt", content: "x" }]],
    ["a backslash trick", [legit, { path: "good\\..\\..\\evil.txt", content: "x" }]],
    [
      "a link followed by a file through it",
      [
        legit,
        { path: "good/dir", type: "symlink", linkpath: "/tmp" },
        { path: `good/dir/${marker}`, content: "x" },
      ],
    ],
    [
      "a hard link leaving the archive",
      [legit, { path: "good/passwd", type: "hardlink", linkpath: "../../etc/passwd" }],
    ],
    ["a device file", [legit, { path: "good/tty", type: "chardev" }]],
    ["a FIFO", [legit, { path: "good/pipe", type: "fifo" }]],
  ] as const)("refuses a tar.gz with %s", async (_case, entries) => {
    const url = server.serveFile("hostile.tar.gz", buildTarGz(entries));
    await expectRefused(() => tryAdd(url), "unsafe-source");
  });

  it("refuses a skill whose symbolic link leaves the skill folder, from a local archive", async () => {
    const file = serveArchive(
      "link.tar.gz",
      buildTarGz([legit, { path: "good/secret", type: "symlink", linkpath: "../../../../etc/passwd" }]),
    );
    await expectRefused(() => tryAdd(file));
  });

  it("refuses a hard link to a file outside the skill folder", async () => {
    const entries = [
      legit,
      { path: "other.txt", content: "outside" },
      { path: "good/copy", type: "hardlink" as const, linkpath: "other.txt" },
    ];
    const file = serveArchive("hard.tar.gz", buildTarGz(entries));
    await expectRefused(() => tryAdd(file));
  });

  it.each([
    ["zip-slip", "../../evil.txt"],
    ["an absolute path", "/tmp/evil.txt"],
    ["a drive letter", "C:\\evil.txt"],
    ["backslashes", "good\\..\\..\\evil.txt"],
  ])("refuses a zip with %s", async (_case, name) => {
    const zip = buildZip([
      { name: "good/SKILL.md", content: skillText("good") },
      { name, content: "x" },
    ]);
    const file = serveArchive("slip.zip", zip);
    await expectRefused(() => tryAdd(file), "unsafe-source");
  });

  it("refuses a zip whose symbolic link points outside", async () => {
    const zip = buildZip([
      { name: "good/SKILL.md", content: skillText("good") },
      { name: "good/link", content: "/etc/passwd", unixMode: 0o120777 },
    ]);
    const file = serveArchive("link.zip", zip);
    await expectRefused(() => tryAdd(file));
  });

  it("installs nothing for a frontmatter name '../../x'", async () => {
    const entries = [{ path: "evil/SKILL.md", content: skillText("../../x") }];
    const file = serveArchive("name.tar.gz", buildTarGz(entries));
    await expectRefused(() => tryAdd(file));
    expect(existsSync(path.join(temp.project, "x"))).toBe(false);
    expect(existsSync(path.join(temp.base, "x"))).toBe(false);
  });

  it("refuses a skill over the size cap", async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 0x61);
    const file = serveArchive("big.tar.gz", buildTarGz([legit, { path: "good/big.txt", content: big }]));
    await expectRefused(() => tryAdd(file, contextWith({ maxSkillBytes: 1024 * 1024 })));
  });

  it("refuses a download over the download cap", async () => {
    const url = server.serveFile(
      "large.tar.gz",
      buildTarGz([legit, { path: "good/noise", content: randomBytes(300_000) }]),
    );
    await expectRefused(() => tryAdd(url, contextWith({ maxDownloadBytes: 100_000 })), "source-too-large");
  });

  it("stops a gzip bomb at the ratio cap with the default limits", async () => {
    const bomb = buildTarGz([legit, { path: "good/zeros", content: Buffer.alloc(64 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expectRefused(() => tryAdd(server.serveFile("bomb.tar.gz", bomb)), "source-too-large");
  });

  it("stops a zip bomb before inflating it", async () => {
    const bomb = buildZip([
      { name: "good/SKILL.md", content: skillText("good") },
      { name: "good/zeros", content: Buffer.alloc(64 * 1024 * 1024) },
    ]);
    const file = serveArchive("bomb.zip", bomb);
    await expectRefused(() => tryAdd(file), "source-too-large");
  });

  it("installs a clean archive (the control case)", async () => {
    const file = serveArchive(
      "clean.tar.gz",
      buildTarGz([legit, { path: "good/notes.md", content: "notes" }]),
    );
    expect(await tryAdd(file)).toBeUndefined();
    expect(existsSync(path.join(temp.project, ".agents", "skills", "good", "notes.md"))).toBe(true);
  });
});

describe("hostile repositories install nothing and run nothing", () => {
  it("never runs git hooks from the remote, the user's config or a template, nor anything in the skill", async () => {
    const hooks = path.join(temp.scratch, "user-hooks");
    const ran = path.join(temp.base, "hook-ran");
    mkdirSync(hooks, { recursive: true });
    for (const hook of ["post-checkout", "post-merge", "reference-transaction", "post-index-change"]) {
      writeFileSync(path.join(hooks, hook), `#!/bin/sh\necho ${hook} >> "${ran}"\n`, { mode: 0o755 });
    }
    const globalConfig = path.join(temp.scratch, "gitconfig");
    writeFileSync(
      globalConfig,
      `[core]\n\thooksPath = ${hooks}\n[init]\n\ttemplateDir = ${temp.scratch}/template\n`,
    );
    mkdirSync(path.join(temp.scratch, "template", "hooks"), { recursive: true });
    writeFileSync(
      path.join(temp.scratch, "template", "hooks", "post-checkout"),
      `#!/bin/sh\necho template >> "${ran}"\n`,
      { mode: 0o755 },
    );
    const env = { ...process.env, GIT_CONFIG_GLOBAL: globalConfig };
    const repository = createSourceRepository(path.join(temp.base, "source"));
    repository.commit(
      {
        "skills/tool/SKILL.md": skillText("tool"),
        "skills/tool/package.json": JSON.stringify({ scripts: { postinstall: `touch ${ran}` } }),
        "skills/tool/scripts/install.sh": { executable: `#!/bin/sh\ntouch "${ran}"\n` },
      },
      "skill with scripts",
    );
    writeFileSync(
      path.join(repository.remote, "hooks", "post-checkout"),
      `#!/bin/sh\necho remote >> "${ran}"\n`,
      { mode: 0o755 },
    );

    // Control: a plain clone with this configuration does run the hook.
    git(temp.scratch, [
      "-c",
      `core.hooksPath=${hooks}`,
      "clone",
      "-q",
      repository.fileUrl,
      path.join(temp.scratch, "control"),
    ]);
    expect(existsSync(ran)).toBe(true);
    await import("node:fs/promises").then((fs) => fs.rm(ran));

    expect(await tryAdd(repository.fileUrl, contextWith({}, env))).toBeUndefined();
    expect(existsSync(ran)).toBe(false);
    expect(existsSync(path.join(temp.project, ".agents", "skills", "tool", "scripts", "install.sh"))).toBe(
      true,
    );
  });

  it("refuses a skill in a git repository whose link leaves the skill folder", async () => {
    const repository = createSourceRepository(path.join(temp.base, "source"));
    repository.commit(
      {
        "skills/evil/SKILL.md": skillText("evil"),
        "skills/evil/key": { symlink: "../../../home/.ssh/id_rsa" },
      },
      "link",
    );
    await expectRefused(() => tryAdd(repository.fileUrl));
  });

  it("refuses '../../x' as a name from GitHub", async () => {
    const repository = createSourceRepository(path.join(temp.base, "source"));
    repository.commit({ "skills/evil/SKILL.md": skillText("../../x") }, "evil name");
    server.addRepository("evil/repo", repository.remote);
    await expectRefused(() => tryAdd("evil/repo"));
  });

  it("refuses a GitHub tarball that does not match the tree", async () => {
    const repository = createSourceRepository(path.join(temp.base, "source"));
    repository.commit({ "skills/good/SKILL.md": skillText("good") }, "good");
    server.addRepository("evil/repo", repository.remote);
    server.setTarball(
      "evil/repo",
      buildTarGz([
        { path: "wrap/skills/good/SKILL.md", content: skillText("good") },
        { path: "wrap/../../escaped", content: "x" },
      ]),
    );
    await expectRefused(() => tryAdd("evil/repo"), "unsafe-source");
  });
});

describe("a cloned repository's links cannot choose where installs land", () => {
  it("refuses to install through a project .agents/skills linked into the user's own agent folder", async () => {
    const repository = createSourceRepository(path.join(temp.base, "source"));
    repository.commit({ "skills/good/SKILL.md": skillText("good") }, "good");
    const claudeSkills = path.join(temp.home, ".claude", "skills");
    mkdirSync(claudeSkills, { recursive: true });
    mkdirSync(path.join(temp.project, ".agents"));
    symlinkSync("../../home/.claude/skills", path.join(temp.project, ".agents", "skills"));
    writeFileSync(
      path.join(temp.project, "skills-lock.json"),
      JSON.stringify({
        version: 1,
        skills: {
          good: {
            type: "git",
            repo: repository.fileUrl,
            skillPath: "skills/good",
            contentHash: `sha256:${"0".repeat(64)}`,
          },
        },
      }),
    );
    const before = hashTree(temp.base, [temp.scratch]);
    const added = await tryAdd(repository.fileUrl);
    expect(isSkillboxError(added, "path-escape"), String(added)).toBe(true);
    const root = resolveInstallRoot("project", { cwd: temp.project, home: temp.home });
    const restored = await installFromLock(root, contextWith(), { frozen: true }).catch((error) => error);
    expect(isSkillboxError(restored, "path-escape"), String(restored)).toBe(true);
    expect(readdirSync(claudeSkills)).toEqual([]);
    expect(hashTree(temp.base, [temp.scratch])).toEqual(before);
  });
});
