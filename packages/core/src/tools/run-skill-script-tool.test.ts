// The run_skill_script tool over real temp skills and processes: results, and every failure as an
// error result the model can act on.
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { InMemoryAuditLog } from "../store/audit-log.js";
import { createRunSkillScriptTool, type RunSkillScriptToolOptions } from "./run-skill-script-tool.js";

const temporaryFolders: string[] = [];
afterEach(async () => {
  await Promise.all(temporaryFolders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function createSkill(files: Record<string, string>): Promise<string> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), "skillbox-tool-")));
  temporaryFolders.push(root);
  const directory = path.join(root, "pdf");
  await mkdir(directory, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(directory, name)), { recursive: true });
    await writeFile(path.join(directory, name), content);
  }
  return directory;
}

function createTool(directory: string, overrides: Partial<RunSkillScriptToolOptions> = {}) {
  return createRunSkillScriptTool({
    resolveSkill: (name) => (name === "pdf" ? { name: "pdf", directory } : undefined),
    isAllowed: (name) => name === "pdf",
    env: { PATH: process.env.PATH, HOME: process.env.HOME, SECRET: "sk-no" },
    ...overrides,
  });
}

describe("run_skill_script tool", () => {
  it("returns the script's output with its exit code in metadata", async () => {
    const tool = createTool(await createSkill({ "scripts/hello.sh": 'echo "hello $1"\n' }));
    const result = await tool.execute({ skill_name: "pdf", script: "hello.sh", args: ["world"] }, {});
    expect(result.isError).toBeUndefined();
    expect(result.content).toContain("exited with code 0");
    expect(result.content).toContain("stdout:\nhello world\n");
    expect(result.metadata).toMatchObject({ skill: "pdf", script: "hello.sh", exitCode: 0, timedOut: false });
  });

  it("turns numbers and booleans in args into strings and refuses objects", async () => {
    const tool = createTool(await createSkill({ "scripts/argv.sh": 'printf "%s," "$@"\n' }));
    const result = await tool.execute({ skill_name: "pdf", script: "argv.sh", args: [3, true, "x"] }, {});
    expect(result.content).toContain("3,true,x,");
    const refused = await tool.execute({ skill_name: "pdf", script: "argv.sh", args: [{ a: 1 }] }, {});
    expect(refused.isError).toBe(true);
    expect(refused.content).toContain("array of strings");
  });

  it("says the person must allow scripts when the skill's scripts are not allowed, audited as denied", async () => {
    const tool = createTool(await createSkill({ "scripts/hello.sh": "echo hi\n" }), {
      isAllowed: () => false,
    });
    const result = await tool.execute({ skill_name: "pdf", script: "hello.sh" }, {});
    expect(result.isError).toBe(true);
    expect(result.content).toContain("not allowed");
    expect(result.content).toContain("ask them to allow scripts");
    expect(result.metadata).toMatchObject({ code: "permission-denied", auditStatus: "denied" });
  });

  it("lists the skill's scripts when the script does not exist or escapes", async () => {
    const tool = createTool(await createSkill({ "scripts/extract.py": "", "scripts/lib/fill.sh": "" }));
    const missing = await tool.execute({ skill_name: "pdf", script: "extrakt.py" }, {});
    expect(missing.isError).toBe(true);
    expect(missing.content).toContain("Scripts in this skill: extract.py, lib/fill.sh.");
    const escaping = await tool.execute({ skill_name: "pdf", script: "../../etc/passwd" }, {});
    expect(escaping.isError).toBe(true);
    expect(escaping.metadata).toMatchObject({ code: "path-escape", scripts: ["extract.py", "lib/fill.sh"] });
  });

  it("reports an unknown skill and missing arguments as error results", async () => {
    const tool = createTool(await createSkill({}));
    expect((await tool.execute({ skill_name: "nope", script: "a.py" }, {})).content).toContain(
      'Skill "nope" not found',
    );
    expect((await tool.execute({ skill_name: "pdf" } as never, {})).isError).toBe(true);
  });

  it("marks a non-zero exit as an error but keeps stdout and stderr", async () => {
    const tool = createTool(
      await createSkill({ "scripts/fail.sh": "echo partial\necho broken >&2\nexit 2\n" }),
    );
    const result = await tool.execute({ skill_name: "pdf", script: "fail.sh" }, {});
    expect(result.isError).toBe(true);
    expect(result.content).toContain("exited with code 2");
    expect(result.content).toContain("stdout:\npartial");
    expect(result.content).toContain("stderr:\nbroken");
  });

  it("reports a timeout with what to try next", async () => {
    const tool = createTool(await createSkill({ "scripts/slow.sh": "echo started\nsleep 30\n" }), {
      timeoutMs: 1000,
    });
    const result = await tool.execute({ skill_name: "pdf", script: "slow.sh" }, {});
    expect(result.isError).toBe(true);
    expect(result.content).toContain("timed out");
    expect(result.content).toContain("started");
  });

  it("records the run with the calling agent and session when given an audit log", async () => {
    const audit = new InMemoryAuditLog();
    const tool = createTool(await createSkill({ "scripts/ok.sh": "echo ok\n" }), { audit });
    await tool.execute({ skill_name: "pdf", script: "ok.sh" }, { agentName: "writer", sessionId: "s1" });
    expect(audit.list("s1")).toMatchObject([{ tool: "run_skill_script", agentName: "writer", status: "ok" }]);
  });

  it("turns a failing skill lookup into an error result", async () => {
    const tool = createTool(await createSkill({}), {
      resolveSkill: () => {
        throw new Error("registry closed");
      },
    });
    const result = await tool.execute({ skill_name: "pdf", script: "a.sh" }, {});
    expect(result).toMatchObject({ isError: true });
    expect(result.content).toContain("registry closed");
  });
});
