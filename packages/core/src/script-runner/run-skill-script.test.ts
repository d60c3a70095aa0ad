// runSkillScript against real temp skill folders and real processes: permission, containment,
// interpreters, verbatim arguments, working directory, minimal environment, timeout and caps.
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isSkillboxError, type SkillboxError } from "../errors.js";
import { InMemoryAuditLog } from "../store/audit-log.js";
import { listSkillScripts } from "./list-skill-scripts.js";
import { type RunSkillScriptOptions, runSkillScript } from "./run-skill-script.js";

const temporaryFolders: string[] = [];
afterEach(async () => {
  await Promise.all(temporaryFolders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

const BASE_ENV = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  LANG: "C.UTF-8",
  SECRET_API_KEY: "sk-do-not-leak",
  OPENAI_API_KEY: "sk-openai-do-not-leak",
};

/** A temp skill folder `<tmp>/demo` with the given files (path -> content, or content + mode). */
async function createSkill(
  files: Record<string, string | { content: string; mode: number }>,
): Promise<string> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), "skillbox-scripts-")));
  temporaryFolders.push(root);
  const directory = path.join(root, "demo");
  await mkdir(path.join(directory, "scripts"), { recursive: true });
  await writeFile(path.join(directory, "SKILL.md"), "---\nname: demo\ndescription: Demo.\n---\nBody\n");
  for (const [name, file] of Object.entries(files)) {
    const target = path.join(directory, name);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, typeof file === "string" ? file : file.content);
    if (typeof file !== "string") await chmod(target, file.mode);
  }
  return directory;
}

function run(skillDirectory: string, script: string, extra: Partial<RunSkillScriptOptions> = {}) {
  return runSkillScript({
    skillDirectory,
    skillName: "demo",
    script,
    allowed: true,
    env: BASE_ENV,
    ...extra,
  });
}

async function rejection(promise: Promise<unknown>): Promise<SkillboxError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isSkillboxError(error)) throw new Error(`expected a SkillboxError, got ${String(error)}`);
  return error;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie nobody reaped (containers without an init) still answers signal 0 but is dead.
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, "utf8") : "";
  return !/^\d+ \(.*\) Z/.test(stat);
}

/** Polls until the process is gone: its pipes close a moment before the kernel finishes its exit. */
async function waitUntilDead(pid: number, timeoutMs = 2000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

const PRINT_ARGV_PY = "import json, sys\nprint(json.dumps(sys.argv[1:]))\n";

describe("runSkillScript permission", () => {
  it("refuses with permission-denied and never starts the script when scripts are not allowed", async () => {
    const skill = await createSkill({ "scripts/touch.sh": 'touch "$SKILL_DIR/ran"\n' });
    const audit = new InMemoryAuditLog();
    const error = await rejection(
      run(skill, "touch.sh", { allowed: false, audit, sessionId: "s1", agentName: "a" }),
    );
    expect(error.code).toBe("permission-denied");
    expect(error.message).toContain("skillbox settings");
    expect(error.message).toContain("allowScripts");
    expect(existsSync(path.join(skill, "ran"))).toBe(false);
    expect(audit.list("s1")).toMatchObject([{ tool: "run_skill_script", status: "denied", agentName: "a" }]);
  });
});

describe("runSkillScript containment", () => {
  it("refuses '..', absolute paths and backslashes before touching the file system", async () => {
    const skill = await createSkill({ "scripts/ok.sh": "echo ok\n", "outside.sh": "echo escaped\n" });
    expect((await rejection(run(skill, "../outside.sh"))).code).toBe("path-escape");
    expect((await rejection(run(skill, "sub/../../outside.sh"))).code).toBe("path-escape");
    expect((await rejection(run(skill, path.join(skill, "outside.sh")))).code).toBe("path-escape");
    expect((await rejection(run(skill, "..\\outside.sh"))).code).toBe("invalid-argument");
    expect((await rejection(run(skill, ""))).code).toBe("invalid-argument");
  });

  it("refuses a symlink in scripts/ that leads outside the folder, even into the skill itself", async () => {
    const skill = await createSkill({ "outside.sh": "echo escaped\n" });
    await symlink(path.join(skill, "outside.sh"), path.join(skill, "scripts", "link.sh"));
    await symlink("/bin/sh", path.join(skill, "scripts", "shell"));
    expect((await rejection(run(skill, "link.sh"))).code).toBe("path-escape");
    expect((await rejection(run(skill, "shell"))).code).toBe("path-escape");
  });

  it("refuses a scripts/ folder that is itself a link out of the skill", async () => {
    const skill = await createSkill({});
    const elsewhere = await createSkill({ "scripts/x.sh": "echo x\n" });
    await rm(path.join(skill, "scripts"), { recursive: true });
    await symlink(path.join(elsewhere, "scripts"), path.join(skill, "scripts"));
    expect((await rejection(run(skill, "x.sh"))).code).toBe("path-escape");
  });

  it("follows a symlink that stays inside scripts/", async () => {
    const skill = await createSkill({ "scripts/real.sh": "echo real\n" });
    await symlink("real.sh", path.join(skill, "scripts", "alias.sh"));
    expect((await run(skill, "alias.sh")).stdout).toBe("real\n");
  });

  it("reports a missing script, a folder and a skill without scripts/ as path-not-found", async () => {
    const skill = await createSkill({ "scripts/tools/a.py": "", "scripts/b.sh": "" });
    expect((await rejection(run(skill, "nope.py"))).code).toBe("path-not-found");
    expect((await rejection(run(skill, "tools"))).code).toBe("path-not-found");
    await rm(path.join(skill, "scripts"), { recursive: true });
    expect((await rejection(run(skill, "b.sh"))).message).toContain("no scripts/ folder");
  });

  it("accepts a name written with the scripts/ prefix and names in subfolders", async () => {
    const skill = await createSkill({ "scripts/tools/hello.sh": "echo hi\n" });
    expect((await run(skill, "scripts/tools/hello.sh")).stdout).toBe("hi\n");
    expect((await run(skill, "tools/hello.sh")).stdout).toBe("hi\n");
  });

  it("lists the scripts of a skill, nested ones with their folder, hidden ones left out", async () => {
    const skill = await createSkill({ "scripts/b.sh": "", "scripts/a/x.py": "", "scripts/.hidden": "" });
    expect(await listSkillScripts(skill)).toEqual(["a/x.py", "b.sh"]);
    expect(await listSkillScripts(path.join(skill, "missing"))).toEqual([]);
  });
});

describe("runSkillScript interpreters", () => {
  it("runs python, bash and node scripts by their extension without an exec bit", async () => {
    const skill = await createSkill({
      "scripts/a.py": "print('from python')\n",
      "scripts/b.sh": "echo from bash\n",
      "scripts/c.mjs": "console.log('from node', typeof process.versions.node)\n",
      "scripts/d.cjs": "console.log(require('node:path').sep)\n",
    });
    expect((await run(skill, "a.py")).stdout).toBe("from python\n");
    expect((await run(skill, "b.sh")).stdout).toBe("from bash\n");
    expect((await run(skill, "c.mjs")).stdout).toBe("from node string\n");
    expect((await run(skill, "d.cjs")).stdout).toBe("/\n");
  });

  it("uses the shebang when the file has no exec bit, with the shebang's own arguments", async () => {
    const skill = await createSkill({
      "scripts/tool": "#!/usr/bin/env python3\nimport sys\nprint('py', sys.argv[1:])\n",
      "scripts/flags": "#!/usr/bin/env -S bash -e\nfalse\necho not reached\n",
      "scripts/wrong-extension.sh": "#!/usr/bin/env python3\nprint('python despite .sh')\n",
    });
    expect((await run(skill, "tool", { args: ["x"] })).stdout).toBe("py ['x']\n");
    const strict = await run(skill, "flags");
    expect(strict.exitCode).toBe(1);
    expect(strict.stdout).toBe("");
    expect((await run(skill, "wrong-extension.sh")).stdout).toBe("python despite .sh\n");
  });

  it("runs an executable with a shebang directly", async () => {
    const skill = await createSkill({
      "scripts/direct": { content: '#!/bin/sh\necho "direct $0"\n', mode: 0o755 },
    });
    const result = await run(skill, "direct");
    expect(result.stdout).toBe(`direct ${path.join(skill, "scripts", "direct")}\n`);
  });

  it("explains how to run a file with no shebang and no known extension, such as TypeScript", async () => {
    const skill = await createSkill({ "scripts/x.ts": "console.log(1)\n", "scripts/data.txt": "hello\n" });
    const typescript = await rejection(run(skill, "x.ts"));
    expect(typescript.code).toBe("invalid-argument");
    expect(typescript.message).toContain("shebang");
    expect((await rejection(run(skill, "data.txt"))).message).toContain(".py");
  });

  it("fails with io-error when the shebang names an interpreter that is not installed", async () => {
    const skill = await createSkill({ "scripts/x": "#!/usr/bin/env skillbox-no-such-interpreter\n" });
    const error = await rejection(run(skill, "x"));
    expect(error.code).toBe("io-error");
    expect(error.message).toContain("skillbox-no-such-interpreter");
  });
});

describe("runSkillScript process", () => {
  it("passes arguments verbatim: spaces, quotes and $(...) never reach a shell", async () => {
    const skill = await createSkill({ "scripts/argv.py": PRINT_ARGV_PY });
    const marker = path.join(skill, "pwned");
    const args = ["a b", '"quoted"', "'single'", `$(touch ${marker})`, "`id`", "*", "", "; echo hi", "ünï ✓"];
    const result = await run(skill, "argv.py", { args });
    expect(JSON.parse(result.stdout)).toEqual(args);
    expect(existsSync(marker)).toBe(false);
  });

  it("passes arguments verbatim to bash scripts too", async () => {
    const skill = await createSkill({ "scripts/argv.sh": 'for a in "$@"; do printf "<%s>\\n" "$a"; done\n' });
    const result = await run(skill, "argv.sh", { args: ["a b", "$(rm -rf /)", "*"] });
    expect(result.stdout).toBe("<a b>\n<$(rm -rf /)>\n<*>\n");
  });

  it("runs in the skill folder with SKILL_DIR and SKILL_NAME set", async () => {
    const skill = await createSkill({
      "scripts/where.py":
        "import os\nprint(os.getcwd())\nprint(os.environ['SKILL_DIR'])\nprint(os.environ['SKILL_NAME'])\n",
    });
    expect((await run(skill, "where.py")).stdout).toBe(`${skill}\n${skill}\ndemo\n`);
  });

  it("gives the script only PATH, HOME, LANG, TERM, SKILL_DIR and SKILL_NAME", async () => {
    const skill = await createSkill({ "scripts/env.mjs": "console.log(JSON.stringify(process.env))\n" });
    const environment = JSON.parse(
      (await run(skill, "env.mjs", { env: { ...BASE_ENV, TERM: "xterm" } })).stdout,
    );
    expect(Object.keys(environment).sort()).toEqual([
      "HOME",
      "LANG",
      "PATH",
      "SKILL_DIR",
      "SKILL_NAME",
      "TERM",
    ]);
    expect(JSON.stringify(environment)).not.toContain("do-not-leak");
  });

  it("returns non-zero exit codes and stderr as they are", async () => {
    const skill = await createSkill({ "scripts/fail.sh": "echo oops >&2\nexit 3\n" });
    const result = await run(skill, "fail.sh");
    expect(result).toMatchObject({
      exitCode: 3,
      signal: null,
      stderr: "oops\n",
      timedOut: false,
      truncated: false,
    });
  });

  it("kills a script that runs too long, and the child it started, at the timeout", async () => {
    const skill = await createSkill({
      "scripts/sleepy.sh": 'sleep 30 &\necho $! > "$SKILL_DIR/child.pid"\nwait\n',
    });
    const result = await run(skill, "sleepy.sh", { timeoutMs: 1000 });
    expect(result).toMatchObject({ exitCode: null, signal: "SIGTERM", timedOut: true });
    expect(result.durationMs).toBeLessThan(2900);
    const childPid = Number(readFileSync(path.join(skill, "child.pid"), "utf8"));
    expect(await waitUntilDead(childPid)).toBe(true);
  });

  it("sends SIGKILL after the grace period when the script ignores SIGTERM", async () => {
    const skill = await createSkill({ "scripts/stubborn.sh": "trap '' TERM\nsleep 30\n" });
    const result = await run(skill, "stubborn.sh", { timeoutMs: 1000, killGraceMs: 200 });
    expect(result).toMatchObject({ exitCode: null, signal: "SIGKILL", timedOut: true });
  });

  it("kills background children left behind when the script exits", async () => {
    const skill = await createSkill({
      "scripts/leave.sh": 'sleep 30 &\necho $! > "$SKILL_DIR/child.pid"\necho done\n',
    });
    const result = await run(skill, "leave.sh", { timeoutMs: 5000 });
    expect(result).toMatchObject({ exitCode: 0, stdout: "done\n", timedOut: false });
    expect(await waitUntilDead(Number(readFileSync(path.join(skill, "child.pid"), "utf8")))).toBe(true);
  });

  it("stops the script when the abort signal fires", async () => {
    const skill = await createSkill({ "scripts/sleepy.sh": "sleep 30\n" });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const result = await run(skill, "sleepy.sh", { signal: controller.signal });
    expect(result).toMatchObject({ aborted: true, timedOut: false, exitCode: null });
  });

  it("keeps at most maxOutputBytes per stream and says how much was dropped", async () => {
    const skill = await createSkill({
      "scripts/loud.mjs":
        "process.stdout.write('x'.repeat(100000)); process.stderr.write('é'.repeat(50000));\n",
    });
    const result = await run(skill, "loud.mjs", { maxOutputBytes: 1001 });
    expect(result.truncated).toBe(true);
    expect(result.stdout.startsWith(`${"x".repeat(1001)}\n[stdout truncated: 98999 more bytes`)).toBe(true);
    // 1001 bytes would split a two-byte character; the half is dropped rather than garbled.
    expect(result.stderr.startsWith(`${"é".repeat(500)}\n[stderr truncated:`)).toBe(true);
  });

  it("streams all output to onOutput as it arrives, beyond the cap", async () => {
    const skill = await createSkill({
      "scripts/talk.sh": "echo one\necho two >&2\nprintf '%.0sy' $(seq 1 3000)\n",
    });
    const seen: Record<string, string> = { stdout: "", stderr: "" };
    const result = await run(skill, "talk.sh", {
      maxOutputBytes: 100,
      onOutput: (stream, text) => {
        seen[stream] += text;
      },
    });
    expect(seen.stdout).toBe(`one\n${"y".repeat(3000)}`);
    expect(seen.stderr).toBe("two\n");
    expect(result.truncated).toBe(true);
  });

  it("records a finished run in the audit log with the agent and session", async () => {
    const skill = await createSkill({ "scripts/ok.sh": "echo fine\n" });
    const audit = new InMemoryAuditLog();
    await run(skill, "ok.sh", { audit, agentName: "helper", sessionId: "s9", args: ["--x"] });
    const [entry] = audit.list("s9");
    expect(entry).toMatchObject({
      tool: "run_skill_script",
      status: "ok",
      agentName: "helper",
      sessionId: "s9",
    });
    expect(entry?.inputPreview).toContain('"script":"ok.sh"');
    expect(entry?.outputPreview).toContain("fine");
  });

  it("rejects a NUL in an argument and a non-positive timeout", async () => {
    const skill = await createSkill({ "scripts/ok.sh": "echo fine\n" });
    expect((await rejection(run(skill, "ok.sh", { args: ["a\0b"] }))).code).toBe("invalid-argument");
    expect((await rejection(run(skill, "ok.sh", { timeoutMs: 0 }))).code).toBe("invalid-argument");
  });
});
