// `skillbox exec` over real temp skills and processes: injected dependencies, and the default
// wiring to the registry and the SQLite settings in a temp home.
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describeError, isSkillboxError } from "@skillbox/core/errors";
import { DEFAULT_SCRIPT_MAX_OUTPUT_BYTES } from "@skillbox/core/script-runner/run-skill-script";
import { InMemoryAuditLog } from "@skillbox/core/store/audit-log";
import { openStore } from "@skillbox/store-sqlite/store/open-store";
import { SqliteAuditLog } from "@skillbox/store-sqlite/store/sqlite-audit-log";
import { SqliteSettingsStore } from "@skillbox/store-sqlite/store/sqlite-settings-store";
import { afterEach, describe, expect, it } from "vitest";
import type { CliIo } from "../command.js";
import { exitCodeForError } from "../exit-codes.js";
import { createExecCommand, type ExecDependencies, loadDefaultExecDependencies } from "./exec.js";

const temporaryFolders: string[] = [];
afterEach(async () => {
  await Promise.all(temporaryFolders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function createFolder(): Promise<string> {
  const folder = await realpath(await mkdtemp(path.join(tmpdir(), "skillbox-exec-")));
  temporaryFolders.push(folder);
  return folder;
}

async function writeSkill(directory: string, scripts: Record<string, string>): Promise<void> {
  await mkdir(path.join(directory, "scripts"), { recursive: true });
  const name = path.basename(directory);
  await writeFile(
    path.join(directory, "SKILL.md"),
    `---\nname: ${name}\ndescription: Test skill ${name}.\n---\nBody\n`,
  );
  for (const [file, content] of Object.entries(scripts))
    await writeFile(path.join(directory, "scripts", file), content);
}

/** A CliIo that collects what the command writes. */
function captureIo(cwd: string): { io: CliIo; output: { stdout: string; stderr: string } } {
  const output = { stdout: "", stderr: "" };
  const io: CliIo = {
    stdout: (text) => {
      output.stdout += text;
    },
    stderr: (text) => {
      output.stderr += text;
    },
    cwd,
  };
  return { io, output };
}

/** Runs the command the way the dispatcher does: a thrown error becomes stderr + its exit code. */
async function runExec(
  args: string[],
  dependencies: Partial<ExecDependencies> & { directory?: string },
  cwd = "/",
) {
  const { io, output } = captureIo(cwd);
  const command = createExecCommand(() => ({
    resolveSkill: (name) =>
      name === "demo" && dependencies.directory ? { name, directory: dependencies.directory } : undefined,
    isAllowed: () => true,
    env: { PATH: process.env.PATH, SECRET: "sk-no" },
    signal: new AbortController().signal,
    ...dependencies,
  }));
  try {
    return { code: await command.run(args, io), ...output };
  } catch (error) {
    if (!isSkillboxError(error)) throw error;
    return {
      code: exitCodeForError(error),
      ...output,
      stderr: `${output.stderr}${describeError(error)}\n`,
      error,
    };
  }
}

describe("skillbox exec", () => {
  it("streams the script's output and exits with its exit code, passing arguments after --", async () => {
    const directory = path.join(await createFolder(), "demo");
    await writeSkill(directory, { "say.sh": 'echo "out:$1:$2"\necho "err" >&2\nexit 7\n' });
    const result = await runExec(["demo", "say.sh", "--", "--flag", "a b"], { directory });
    expect(result).toMatchObject({ code: 7, stdout: "out:--flag:a b\n", stderr: "err\n" });
  });

  it("shows 1 MiB of each stream, the same cap as the HTTP API, and says on stderr how much it dropped", async () => {
    const directory = path.join(await createFolder(), "demo");
    // 3 MiB of two-byte characters: the cut must fall between characters.
    await writeSkill(directory, { "flood.js": "process.stdout.write('é'.repeat(1.5 * 1024 * 1024));\n" });
    const result = await runExec(["demo", "flood.js"], { directory });
    expect(result.code).toBe(0);
    expect(Buffer.byteLength(result.stdout)).toBe(DEFAULT_SCRIPT_MAX_OUTPUT_BYTES);
    expect(result.stdout).toBe("é".repeat(DEFAULT_SCRIPT_MAX_OUTPUT_BYTES / 2));
    expect(result.stderr).toBe(
      `skillbox exec: stdout truncated: ${2 * 1024 * 1024} more bytes not shown (limit ${DEFAULT_SCRIPT_MAX_OUTPUT_BYTES} bytes)\n`,
    );
  });

  it("accepts plain arguments after the script without --", async () => {
    const directory = path.join(await createFolder(), "demo");
    await writeSkill(directory, { "say.py": "import sys\nprint(sys.argv[1:])\n" });
    expect((await runExec(["demo", "say.py", "x", "$(id)"], { directory })).stdout).toBe("['x', '$(id)']\n");
  });

  it("refuses with a message saying how to allow scripts when they are not allowed", async () => {
    const directory = path.join(await createFolder(), "demo");
    await writeSkill(directory, { "say.sh": "echo ran\n" });
    const audit = new InMemoryAuditLog();
    const result = await runExec(["demo", "say.sh"], { directory, isAllowed: () => false, audit });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("allowScripts");
    expect(audit.list("cli")).toMatchObject([
      { tool: "run_skill_script", status: "denied", agentName: "cli" },
    ]);
  });

  it("reports an unknown skill, a missing script with the list of scripts, and missing operands", async () => {
    const directory = path.join(await createFolder(), "demo");
    await writeSkill(directory, { "a.sh": "", "b.py": "" });
    expect((await runExec(["nope", "a.sh"], { directory })).stderr).toContain('No skill named "nope"');
    const missing = await runExec(["demo", "c.sh"], { directory });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("Scripts: a.sh, b.py");
    expect((await runExec(["demo"], { directory })).code).toBe(2);
    expect((await runExec(["demo", "a.sh", "--timeout", "soon"], { directory })).code).toBe(2);
  });

  it("stops a script at --timeout and exits with 124", async () => {
    const directory = path.join(await createFolder(), "demo");
    await writeSkill(directory, { "slow.sh": "echo started\nsleep 30\n" });
    const result = await runExec(["demo", "slow.sh", "--timeout", "1"], { directory });
    expect(result.code).toBe(124);
    expect(result.stdout).toBe("started\n");
    expect(result.stderr).toContain("--timeout");
  });

  it("exits with 130 when interrupted", async () => {
    const directory = path.join(await createFolder(), "demo");
    await writeSkill(directory, { "slow.sh": "sleep 30\n" });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    expect((await runExec(["demo", "slow.sh"], { directory, signal: controller.signal })).code).toBe(130);
  });

  it("uses the registry and the SQLite settings by default: denied until allowScripts names the skill", async () => {
    const home = await createFolder();
    const project = await createFolder();
    await writeSkill(path.join(project, ".agents", "skills", "demo"), {
      "hi.sh": 'echo "hi from $SKILL_NAME"\n',
    });
    const { io: baseIo, output } = captureIo(project);
    const io: CliIo = { ...baseIo, home, env: { PATH: process.env.PATH } };
    const command = createExecCommand((context) => ({
      ...loadDefaultExecDependencies(context),
      signal: new AbortController().signal,
    }));
    const denied = await command.run(["demo", "hi.sh"], io).catch((error: unknown) => error);
    expect(isSkillboxError(denied, "permission-denied")).toBe(true);

    const store = openStore({ homeDirectory: home });
    try {
      new SqliteSettingsStore(store).updateSkillSettings((settings) => ({
        ...settings,
        allowScripts: ["demo"],
      }));
      expect(await command.run(["demo", "hi.sh"], io)).toBe(0);
      expect(output.stdout).toBe("hi from demo\n");
      expect(new SqliteAuditLog(store).list("cli").map((entry) => entry.status)).toEqual(["denied", "ok"]);
    } finally {
      store.close();
    }
  });
});
