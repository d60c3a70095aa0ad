// createSkills without a writable home folder. A child process, so HOME (and the XDG folders) are the
// test's from the first import on, and a test cannot change them for other tests running beside it.
// Nothing in core reads HOME at import time (os.homedir() is called only for the default roots).
import { execFile } from "node:child_process";
import { chmod, cp, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { FIXTURE_SKILLS } from "./__fixtures__/release-notes-script.js";

const run = promisify(execFile);
// By URL: the child runs in a temporary working folder, where "tsx" would not resolve.
const TSX = import.meta.resolve("tsx");
const script = fileURLToPath(new URL("./__fixtures__/no-writable-home/use-skills.mjs", import.meta.url));
const made: string[] = [];
afterEach(async () => {
  for (const dir of made.splice(0)) {
    await chmod(dir, 0o700).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "skillbox-home-"));
  made.push(dir);
  return dir;
}

/** Every path under `dir`, relative, sorted. */
async function listAll(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map(String).sort();
}

async function useSkills(home: string, cwd: string, skillsDir: string) {
  const variables = ["HOME", "USERPROFILE", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"];
  const env = { ...process.env };
  for (const name of variables) env[name] = home;
  const { stdout, stderr } = await run(
    process.execPath,
    ["--conditions=skillbox-source", "--import", TSX, script, skillsDir],
    { cwd, env, timeout: 60_000 },
  );
  return { stderr, result: JSON.parse(stdout) as Record<string, unknown> };
}

describe("createSkills without a writable home folder", () => {
  it.each([
    ["read-only", true],
    ["missing", false],
  ])(
    "serves Layer 1, the tools, load_skill and usage in memory when HOME is %s, writing nothing",
    async (_, exists) => {
      const root = await tempDir();
      const home = path.join(root, "home");
      const cwd = path.join(root, "work");
      const skillsDir = path.join(root, "skills");
      await cp(FIXTURE_SKILLS, skillsDir, { recursive: true });
      await mkdir(cwd);
      if (exists) {
        await mkdir(home);
        await chmod(home, 0o500);
      }
      const before = await listAll(root);

      const { stderr, result } = await useSkills(home, cwd, skillsDir);

      expect(stderr).toBe("");
      expect(result.systemPrompt).toContain("release-notes: Writes release notes in the house format.");
      expect(result.tools).toEqual(["load_skill", "read_skill_file", "search_skills"]);
      expect(result.aiSdkTools).toEqual(["load_skill", "read_skill_file", "search_skills"]);
      expect(result.loaded).toContain('<skill name="release-notes">');
      expect(result.suggested).toEqual(["release-notes"]);
      expect(result.usage).toMatchObject({ before: 0 });
      expect((result.usage as { after: number }).after).toBeGreaterThan(0);
      // Nothing was written: not in HOME (tests may run as root, for whom read-only is no barrier),
      // not in the working folder, not beside the skills.
      expect(await listAll(root)).toEqual(before);
    },
  );
});
