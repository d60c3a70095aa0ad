// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${...}` placeholders in skill bodies are part of what these tests check.
import { rmSync } from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SkillState } from "../store/skill-state.js";
import { createSkillFolders, type SkillFolders } from "./__fixtures__/skill-folders.js";
import type { ToolContext } from "./define-tool.js";
import { createLoadSkillTool, MAX_ENUM_NAMES } from "./load-skill.js";
import type { SubAgentRequest, SubAgentRunner } from "./sub-agent-runner.js";

let folders: SkillFolders;
beforeEach(() => {
  folders = createSkillFolders();
});
afterEach(() => folders.remove());

const context: ToolContext = { sessionId: "session-1" };

describe("load_skill inline", () => {
  it("returns the heading, base directory, body, allowed-tools note and other files inside a skill tag", async () => {
    const directory = folders.addSkill(
      "pdf",
      { description: "Extract text from PDFs.", "allowed-tools": "Read Bash(python:*)" },
      "# Steps\n\nRun scripts/extract.py.\n",
    );
    folders.write("pdf/reference.md", "ref");
    folders.write("pdf/scripts/extract.py", "print()");
    folders.write("pdf/.hidden", "secret");
    const tool = createLoadSkillTool({ registry: folders.registry() });
    const result = await tool.execute({ skill_name: "pdf" }, context);
    expect(result.isError).toBeUndefined();
    expect(result.content).toBe(
      [
        '<skill name="pdf">',
        "# Skill: pdf (Extract text from PDFs.)",
        "",
        `Base directory for this skill: ${directory}`,
        "Relative paths in this skill refer to that directory.",
        "",
        "# Steps",
        "",
        "Run scripts/extract.py.",
        "",
        "Allowed tools for this skill: Read, Bash(python:*). Use these tools to follow its instructions.",
        "",
        "Other files in this skill (read one with read_skill_file when the instructions call for it):",
        "- reference.md",
        "- scripts/extract.py",
        "</skill>",
      ].join("\n"),
    );
    expect(result.metadata).toMatchObject({ skill: "pdf", context: "inline", execution_mode: "inline" });
    expect(result.metadata?.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("says in one note that !`cmd` lines were not run, and only for a body that has them", async () => {
    folders.addSkill("status", {}, "Current branch: !`git branch --show-current`\n\nSummarise it.\n");
    folders.addSkill("plain", {}, "Type `!`ls`` in chat to list files.\n\n```sh\n!`ls`\n```\n");
    folders.addSkill("echo", {}, "Repeat: $ARGUMENTS\n");
    const tool = createLoadSkillTool({ registry: folders.registry() });
    const status = await tool.execute({ skill_name: "status" }, context);
    const notes = status.content.split("\n").filter((line) => line.startsWith("Note: the !`command` lines"));
    expect(notes).toEqual([
      "Note: the !`command` lines in this skill were not run (they run only when a person types /status with shell-injection on); where you need their output, run them with your own tools.",
    ]);
    // The line itself reaches the model unrun, after the note.
    expect(status.content.indexOf(notes[0] as string)).toBeLessThan(
      status.content.indexOf("Current branch: !`git branch --show-current`"),
    );
    // A command only inside an ordinary code fence documents the syntax; argument text is never a command.
    for (const [name, args] of [
      ["plain", undefined],
      ["echo", "!`rm -rf /`"],
    ] as const) {
      const result = await tool.execute(
        { skill_name: name, ...(args === undefined ? {} : { args }) },
        context,
      );
      expect(result.content, name).not.toContain("were not run");
    }
  });

  it("hands the loaded skill to the agent as typed data beside the text, and none for a repeated load", async () => {
    const directory = folders.addSkill(
      "deploy",
      { "allowed-tools": "Bash(git:*)", "disallowed-tools": "Write" },
      "Ship it from $ARGUMENTS.\n",
    );
    const tool = createLoadSkillTool({ registry: folders.registry() });
    const result = await tool.execute({ skill_name: "deploy", args: "main" }, context);
    expect(result.data).toEqual({
      kind: "skill-loaded",
      name: "deploy",
      skillDir: directory,
      body: "Ship it from main.\n",
      allowedTools: ["Bash(git:*)"],
      disallowedTools: ["Write"],
      hooks: {},
    });
    const again = await tool.execute({ skill_name: "deploy", args: "main" }, context);
    expect(again.data).toBeUndefined();
  });

  it("substitutes SKILL_DIR, SESSION_ID from the tool context, and positional and named arguments", async () => {
    const directory = folders.addSkill(
      "report",
      { arguments: "[file, pages]" },
      "Dir ${SKILL_DIR} session ${SESSION_ID}\nfile=$file pages=$1 all=$ARGUMENTS first=$ARGUMENTS[0] kept=\\$1\n",
    );
    const tool = createLoadSkillTool({ registry: folders.registry() });
    const result = await tool.execute(
      { skill_name: "report", args: 'a.pdf "1-3"' },
      { sessionId: "abc-123" },
    );
    expect(result.content).toContain(`Dir ${directory} session abc-123\n`);
    expect(result.content).toContain('file=a.pdf pages=1-3 all=a.pdf "1-3" first=a.pdf kept=$1');
    expect(result.content).not.toContain("ARGUMENTS:");
  });

  it("appends the arguments when the body has no placeholder, and leaves SESSION_ID empty without a session", async () => {
    folders.addSkill("notes", {}, "Session [${SESSION_ID}].\n");
    const tool = createLoadSkillTool({ registry: folders.registry() });
    const result = await tool.execute({ skill_name: "notes", args: "quarterly" }, {});
    expect(result.content).toMatch(/Session \[\]\.\n+ARGUMENTS: quarterly\n<\/skill>$/);
  });

  it("records usage for each load", async () => {
    folders.addSkill("pdf", {});
    const registry = folders.registry();
    const tool = createLoadSkillTool({ registry });
    expect(registry.usageScore("pdf")).toBe(0);
    await tool.execute({ skill_name: "pdf" }, context);
    expect(registry.usageScore("pdf")).toBeGreaterThan(0);
  });

  it("returns a short note instead of a second copy of the same content in one session", async () => {
    folders.addSkill("pdf", {});
    const tool = createLoadSkillTool({ registry: folders.registry() });
    const first = await tool.execute({ skill_name: "pdf" }, context);
    const second = await tool.execute({ skill_name: "pdf" }, context);
    expect(second.content).toMatch(/already loaded in this conversation/);
    expect(second.content.length).toBeLessThan(first.content.length);
    expect(second.metadata).toMatchObject({ alreadyLoaded: true, loadedSkill: "pdf" });
    expect(second.metadata?.skill).toBeUndefined();
    const otherSession = await tool.execute({ skill_name: "pdf" }, { sessionId: "session-2" });
    expect(otherSession.content).toBe(first.content);
    const otherArguments = await tool.execute({ skill_name: "pdf", args: "x" }, context);
    expect(otherArguments.content).toContain("ARGUMENTS: x");
  });
});

describe("load_skill errors", () => {
  it("answers an unknown name with a did-you-mean and the available names", async () => {
    folders.addSkill("pdf-processing", {});
    folders.addSkill("changelog-writer", {});
    const tool = createLoadSkillTool({ registry: folders.registry() });
    const result = await tool.execute({ skill_name: "pdf-procesing" }, context);
    expect(result.isError).toBe(true);
    expect(result.content).toBe(
      'Unknown skill "pdf-procesing". Did you mean "pdf-processing"? Available skills: changelog-writer, pdf-processing.',
    );
  });

  it("explains that a skill deleted since it was listed is gone, without throwing", async () => {
    const directory = folders.addSkill("pdf", {});
    folders.addSkill("docx", {});
    const registry = folders.registry();
    const tool = createLoadSkillTool({ registry });
    expect(tool.inputSchema.properties?.skill_name?.enum).toEqual(["docx", "pdf"]);
    rmSync(directory, { recursive: true });
    const result = await tool.execute({ skill_name: "pdf" }, context);
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/no longer on disk/);
    expect(result.content).toMatch(/Available skills: docx\./);
    expect(tool.inputSchema.properties?.skill_name?.enum).toEqual(["docx"]);
  });

  it("refuses input that does not match its schema, naming every problem", async () => {
    folders.addSkill("pdf", {});
    const tool = createLoadSkillTool({ registry: folders.registry() });
    const result = await tool.execute({ name: "pdf", max_steps: "3" } as never, context);
    expect(result.isError).toBe(true);
    expect(result.content.split("\n")).toEqual([
      "Invalid arguments for load_skill:",
      "- skill_name is required (a string).",
      "- max_steps must be a number; got a string.",
      '- "name" is not a parameter of load_skill; leave it out.',
      'Call load_skill again with { skill_name: "pdf", args?: string, max_steps?: integer }.',
    ]);
  });

  it("refuses non-string arguments with a hint", async () => {
    folders.addSkill("pdf", {});
    const tool = createLoadSkillTool({ registry: folders.registry() });
    const result = await tool.execute({ skill_name: "pdf", args: 42 as unknown as string }, context);
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/args must be a string/);
  });
});

describe("load_skill states", () => {
  it("keeps off and user-only skills out of the enum and refuses them clearly, while name-only loads", async () => {
    for (const name of ["on-skill", "off-skill", "user-skill", "named-skill"]) folders.addSkill(name, {});
    const states: Record<string, SkillState> = {
      "off-skill": "off",
      "user-skill": "user-only",
      "named-skill": "name-only",
    };
    const registry = folders.registry({ stateOf: (record) => states[record.name] ?? "on" });
    const tool = createLoadSkillTool({ registry });
    expect(tool.inputSchema.properties?.skill_name?.enum).toEqual(["named-skill", "on-skill"]);
    expect(tool.description).toContain("- named-skill\n");
    expect(tool.description).not.toContain("off-skill");
    const off = await tool.execute({ skill_name: "off-skill" }, context);
    expect(off).toMatchObject({ isError: true });
    expect(off.content).toMatch(/turned off in the settings/);
    const userOnly = await tool.execute({ skill_name: "user-skill" }, context);
    expect(userOnly.content).toMatch(/can only be run by the user \(with \/user-skill\)/);
    const named = await tool.execute({ skill_name: "named-skill" }, context);
    expect(named.isError).toBeUndefined();
    expect(named.content).toContain('<skill name="named-skill">');
  });

  it("refuses skills with disable-model-invocation and conditional skills not yet activated", async () => {
    folders.addSkill("manual", { "disable-model-invocation": "true" });
    folders.addSkill("ts-only", { paths: '"**/*.ts"' });
    const registry = folders.registry({ cwd: folders.base });
    const tool = createLoadSkillTool({ registry });
    expect((await tool.execute({ skill_name: "manual" }, context)).content).toMatch(
      /only be run by the user/,
    );
    expect((await tool.execute({ skill_name: "ts-only" }, context)).content).toMatch(
      /files matching its paths/,
    );
    registry.activateForPaths([path.join(folders.base, "src/index.ts")]);
    expect((await tool.execute({ skill_name: "ts-only" }, context)).isError).toBeUndefined();
  });

  it("drops the enum above the limit so a huge catalog does not bloat the schema", async () => {
    for (let index = 0; index <= MAX_ENUM_NAMES; index++) folders.addSkill(`skill-${index}`, {});
    const tool = createLoadSkillTool({ registry: folders.registry() });
    expect(tool.inputSchema.properties?.skill_name?.enum).toBeUndefined();
    expect(tool.inputSchema.properties?.skill_name?.description).toMatch(/search_skills/);
  });
});

describe("load_skill fork", () => {
  it("fails clearly without a sub-agent runner instead of running inline", async () => {
    folders.addSkill("research", { context: "fork" }, "Research $ARGUMENTS deeply.\n");
    const tool = createLoadSkillTool({ registry: folders.registry() });
    const result = await tool.execute({ skill_name: "research", args: "llamas" }, context);
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(
      /must run in a sub-agent \(context: fork\), but no sub-agent runner is configured/,
    );
    expect(result.content).not.toContain("Research llamas");
  });

  it("hands the substituted body to the runner with max_steps clamped to 10", async () => {
    const directory = folders.addSkill(
      "research",
      { context: "fork", "allowed-tools": "Read Grep", model: "haiku" },
      "Research $ARGUMENTS in ${SESSION_ID}.\n",
    );
    const requests: SubAgentRequest[] = [];
    const runner: SubAgentRunner = {
      async run(request) {
        requests.push(request);
        return { content: "[Sub-agent result - skill: research]\nDone.", metadata: { steps: 2 } };
      },
    };
    const tool = createLoadSkillTool({ registry: folders.registry(), subAgentRunner: runner });
    const result = await tool.execute({ skill_name: "research", args: "llamas", max_steps: 50 }, context);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      skillName: "research",
      body: "Research llamas in session-1.\n",
      baseDirectory: directory,
      allowedTools: ["Read", "Grep"],
      maxSteps: 10,
      model: "haiku",
      sessionId: "session-1",
    });
    expect(result.content).toBe("[Sub-agent result - skill: research]\nDone.");
    expect(result.metadata).toMatchObject({
      steps: 2,
      skill: "research",
      context: "fork",
      execution_mode: "subagent",
    });
    await tool.execute({ skill_name: "research" }, context);
    expect(requests[1]?.maxSteps).toBe(5);
  });
});

describe("load_skill for a caller that is itself the agent (MCP)", () => {
  it("names the presented base instead of the folder, and serves a fork skill inline with a note when asked to", async () => {
    const directory = folders.addSkill(
      "review",
      { description: "Reviews a change.", context: "fork" },
      "Use ${SKILL_DIR}checklist.md.\n",
    );
    const tool = createLoadSkillTool({
      registry: folders.registry(),
      forkWithoutRunner: "inline",
      presentLocation: (record) => `skill://${record.name}/`,
    });
    const result = await tool.execute({ skill_name: "review" }, context);
    expect(result.isError).toBeUndefined();
    expect(result.content).toContain("Base directory for this skill: skill://review/");
    expect(result.content).toContain("Use skill://review/checklist.md.");
    expect(result.content).toContain("meant to run in a sub-agent");
    expect(result.content).not.toContain(directory);
    expect(result.metadata).toMatchObject({ context: "fork", execution_mode: "inline" });
    // Without the option, a fork skill with no runner is still refused, as the local agent needs.
    const local = await createLoadSkillTool({ registry: folders.registry() }).execute(
      { skill_name: "review" },
      context,
    );
    expect(local.isError).toBe(true);
  });
});
