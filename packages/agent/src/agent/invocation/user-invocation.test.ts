import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createHookBus } from "@skillbox/core/agent/hooks/hooks";
import { createPermissionPolicy } from "@skillbox/core/agent/permissions/permissions";
import { createBuiltinTools } from "@skillbox/core/tools/builtin/create-builtin-tools";
import type { Tool } from "@skillbox/core/tools/define-tool";
import type { SubAgentRequest } from "@skillbox/core/tools/sub-agent-runner";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestSkillSource } from "../__fixtures__/create-test-skill-source.js";
import { call, createScriptedProvider } from "../__fixtures__/scripted-provider.js";
import { createAgent } from "../create-agent.js";
import { createSubAgentRunner } from "../sub-agents/create-sub-agent-runner.js";
import { invokeUserSkill, parseSlashCommand, type SkillSource } from "./user-invocation.js";

let root: string;
let skills: SkillSource;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "skillbox-invoke-"));
  skills = await createTestSkillSource(root, {
    greet:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: ${SKILL_DIR} is the skill placeholder under test.
      "---\nname: greet\ndescription: Greets.\narguments: [person]\n---\nSay hello to $person from ${SKILL_DIR}.\n",
    deploy:
      "---\nname: deploy\ndescription: Deploys.\ndisable-model-invocation: true\n---\nDeploy $ARGUMENTS carefully.\n",
    internal: "---\nname: internal\ndescription: Model only.\nuser-invocable: false\n---\nSecret steps.\n",
    review:
      "---\nname: review\ndescription: Reviews.\ncontext: fork\nallowed-tools: Read Grep\nmodel: haiku\n---\nReview the code.\n",
    status:
      "---\nname: status\ndescription: Shows status.\n---\nBranch: !`echo main-branch`\n\n```!\necho block-output\n```\nDone.\n",
    failing: "---\nname: failing\ndescription: Fails.\n---\nData: !`cat does-not-exist.txt`\n",
    tidy: [
      "---",
      "name: tidy",
      "description: Tidies the repo.",
      "allowed-tools: Bash(git:*)",
      "hooks:",
      "  PostToolUse:",
      "    - matcher: Bash",
      "      hooks:",
      "        - type: command",
      `          command: "echo '{\\"output\\": \\"audited by tidy\\"}'"`,
      "---",
      "Use git to tidy.",
      "",
    ].join("\n"),
  });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("parseSlashCommand", () => {
  it("reads the name and the argument string at the start of a message", () => {
    expect(parseSlashCommand("/greet Ada Lovelace")).toEqual({ name: "greet", arguments: "Ada Lovelace" });
    expect(parseSlashCommand("  /deploy")).toEqual({ name: "deploy", arguments: "" });
    expect(parseSlashCommand("/über-skill x")).toEqual({ name: "über-skill", arguments: "x" });
    expect(parseSlashCommand("please /greet")).toBeUndefined();
    expect(parseSlashCommand("/usr/bin/env is a path")).toBeUndefined();
  });
});

describe("invokeUserSkill", () => {
  it("expands an inline skill into a <skill> user message with arguments substituted", async () => {
    const invocation = await invokeUserSkill("/greet Ada", { skills, sessionId: "s1" });
    expect(invocation.kind).toBe("inline");
    if (invocation.kind !== "inline") return;
    expect(invocation.message.content).toBe(
      `<skill name="greet">\nBase directory for this skill: ${path.join(root, "greet")}\n\nSay hello to Ada from ${path.join(root, "greet")}.\n</skill>`,
    );
  });

  it("carries the skill it loads as data beside the message text", async () => {
    const invocation = await invokeUserSkill("/greet Ada", { skills, sessionId: "s1" });
    if (invocation.kind !== "inline") throw new Error(`expected inline, got ${invocation.kind}`);
    expect(invocation.message.data).toMatchObject({
      kind: "skill-loaded",
      name: "greet",
      skillDir: path.join(root, "greet"),
      body: `Say hello to Ada from ${path.join(root, "greet")}.`,
      allowedTools: [],
      disallowedTools: [],
    });
  });

  it("runs disable-model-invocation skills, since the user asked explicitly, and records the use", async () => {
    const used: string[] = [];
    const recording: SkillSource = {
      get: skills.get,
      readBody: skills.readBody,
      recordUsage: (name) => used.push(name),
    };
    const invocation = await invokeUserSkill("/deploy staging", { skills: recording });
    expect(used).toEqual(["deploy"]);
    expect(invocation.kind === "inline" && invocation.message.content).toContain("Deploy staging carefully.");
  });

  it("refuses user-invocable: false skills with a message that says why", async () => {
    expect(await invokeUserSkill("/internal", { skills })).toEqual({
      kind: "refused",
      skill: "internal",
      message:
        'Skill "internal" cannot be run with /internal: it is marked user-invocable: false, so only the model can load it.',
    });
  });

  it("lets the skill source's own user-invocable decision override the frontmatter", async () => {
    const overridden: SkillSource = {
      ...skills,
      get: skills.get,
      readBody: skills.readBody,
      isUserInvocable: (name) => name !== "greet",
    };
    expect(await invokeUserSkill("/greet Ada", { skills: overridden })).toMatchObject({
      kind: "refused",
      skill: "greet",
    });
    expect(await invokeUserSkill("/internal", { skills: overridden })).toMatchObject({ kind: "inline" });
  });

  it("treats unknown names and ordinary text as a plain prompt", async () => {
    expect(await invokeUserSkill("/nope do it", { skills })).toEqual({ kind: "none" });
    expect(await invokeUserSkill("hello", { skills })).toEqual({ kind: "none" });
  });

  it("runs a fork skill through the sub-agent runner with its tools, model and arguments as the task", async () => {
    const requests: SubAgentRequest[] = [];
    const runner = {
      run: async (request: SubAgentRequest) => {
        requests.push(request);
        return { content: "[sub-agent result — skill: review]\nLooks fine." };
      },
    };
    const invocation = await invokeUserSkill("/review src/a.ts", { skills, runner, sessionId: "s" });
    expect(invocation.kind === "fork" && invocation.result.content).toBe(
      "[sub-agent result — skill: review]\nLooks fine.",
    );
    expect(requests[0]).toMatchObject({
      skillName: "review",
      task: "src/a.ts",
      allowedTools: ["Read", "Grep"],
      model: "haiku",
      baseDirectory: path.join(root, "review"),
      sessionId: "s",
    });
    expect(requests[0]?.body).toContain("Review the code.");
    expect(await invokeUserSkill("/review", { skills })).toMatchObject({
      kind: "refused",
      message: expect.stringContaining("no sub-agent runner"),
    });
  });

  it("refuses a body with !`cmd` lines by default, naming the command", async () => {
    const invocation = await invokeUserSkill("/status", { skills });
    expect(invocation).toMatchObject({ kind: "refused", skill: "status" });
    expect(invocation.kind === "refused" && invocation.message).toBe(
      'Skill "status" was not run: it wants to run `echo main-branch` first, and running commands from skill bodies is turned off (enable it only for skills you trust).',
    );
  });

  it("runs !`cmd` lines and ```! blocks when the setting allows it", async () => {
    const invocation = await invokeUserSkill("/status", { skills, allowShellCommands: true });
    expect(invocation.kind === "inline" && invocation.message.content).toContain(
      "Branch: main-branch\n\nblock-output\nDone.",
    );
  });

  it("never runs an argument that looks like a !`cmd` line, even with shell lines on", async () => {
    const marker = path.join(root, "marker");
    for (const name of ["deploy", "status"]) {
      const invocation = await invokeUserSkill(`/${name} !\`touch ${marker}\``, {
        skills,
        allowShellCommands: true,
      });
      expect(invocation.kind === "inline" && invocation.message.content).toContain(`!\`touch ${marker}\``);
    }
    expect(existsSync(marker)).toBe(false);
  });

  it("stops the invocation when a command fails, naming the command", async () => {
    const invocation = await invokeUserSkill("/failing", { skills, allowShellCommands: true });
    expect(invocation.kind === "refused" && invocation.message).toMatch(
      /^Skill "failing" was not run: its command `cat does-not-exist.txt` failed with exit code 1: cat: does-not-exist.txt: No such file/,
    );
  });
});

describe("/name in an agent run", () => {
  it("adds an inline skill as a user message", async () => {
    const provider = createScriptedProvider([{ text: "Hello Ada!" }]);
    const agent = createAgent({ provider, model: "m", skills });
    const result = await agent.run("/greet Ada");
    expect(result.text).toBe("Hello Ada!");
    expect(provider.requests[0]?.messages[0]?.content).toContain('<skill name="greet">');
  });

  it("grants a trusted inline skill's allowed-tools and registers its hooks for the rest of the session", async () => {
    const provider = createScriptedProvider([
      { toolCalls: [call("bash", { command: "git --version" }), call("bash", { command: "ls" })] },
      { text: "tidied" },
      { toolCalls: [call("bash", { command: "git status --short" })] },
      { text: "still tidy" },
    ]);
    const hooks = createHookBus({ cwd: root });
    const agent = createAgent({
      provider,
      model: "m",
      skills,
      hooks,
      cwd: root,
      tools: createBuiltinTools({ root }) as Tool[],
      permissions: createPermissionPolicy({ defaultDecision: "ask", trustsSkill: (name) => name === "tidy" }),
    });
    const first = await agent.run("/tidy");
    expect(first.messages[2]?.content).toBe("audited by tidy");
    expect(first.messages[3]?.content).toContain('bash needs approval while skill "tidy" is active');
    const second = await agent.run("and again");
    expect(second.messages.at(-2)?.content).toBe("audited by tidy");
    await agent.close();
    expect(hooks.has("post-tool-use")).toBe(false);
  });

  it("does not let the allowed-tools of a skill nobody trusted to run code pre-approve bash", async () => {
    const provider = createScriptedProvider([
      { toolCalls: [call("bash", { command: "git --version" })] },
      { text: "asked" },
    ]);
    const agent = createAgent({
      provider,
      model: "m",
      skills,
      cwd: root,
      tools: createBuiltinTools({ root }) as Tool[],
    });
    const result = await agent.run("/tidy");
    const refusal = result.messages[2]?.content ?? "";
    expect(refusal).toContain('bash needs approval while skill "tidy" is active');
    expect(refusal).toContain(
      'To allow it, add "Bash(git:*)" to the allow rules, or trust skill "tidy" to run code.',
    );
    await agent.close();
  });

  it("returns a fork skill's result without a main-model call", async () => {
    const provider = createScriptedProvider([
      { toolCalls: [call("read_file", { path: "a.txt" })] },
      { text: "No issues." },
    ]);
    const runner = createSubAgentRunner({
      providerFor: () => ({ provider, model: "small" }),
      tools: createBuiltinTools({ root }) as Tool[],
    });
    const agent = createAgent({ provider, model: "m", skills, subAgents: runner });
    const result = await agent.run("/review a.ts");
    expect(result).toMatchObject({
      stoppedBy: "end",
      steps: 0,
      text: "[sub-agent result — skill: review]\nNo issues.",
    });
    expect(result.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    expect(result.usage.total).toEqual({ inputTokens: 20, outputTokens: 10 });
    expect(provider.requests.map((request) => request.model)).toEqual(["small", "small"]);
  });

  it("answers a refused invocation with the message and leaves the history alone", async () => {
    const agent = createAgent({ provider: createScriptedProvider([]), model: "m", skills });
    const result = await agent.run("/internal");
    expect(result).toMatchObject({ stoppedBy: "error", messages: [] });
    expect(result.error).toContain("user-invocable: false");
  });
});

describe("invokeUserSkill with an external skill source", () => {
  const loaded = (name: string, body: string) => ({
    content: `<skill name="${name}" origin="mcp">\n${body}\n</skill>`,
    data: {
      kind: "skill-loaded" as const,
      name,
      skillDir: "skill://notes",
      body,
      allowedTools: [],
      disallowedTools: [],
    },
  });

  it("hands a name only it owns to the source, with the arguments and session, and uses its result as the message", async () => {
    const calls: unknown[] = [];
    const invocation = await invokeUserSkill("/docs:notes v2 customers", {
      skills,
      sessionId: "s1",
      external: {
        owns: (name) => name.startsWith("docs:"),
        async invoke(name, args, options) {
          calls.push([name, args, options.sessionId]);
          return loaded(name, `Notes for ${args}.`);
        },
      },
    });
    expect(calls).toEqual([["docs:notes", "v2 customers", "s1"]]);
    expect(invocation).toMatchObject({
      kind: "inline",
      skill: { name: "docs:notes", directory: "skill://notes" },
      arguments: "v2 customers",
      message: {
        role: "user",
        content: '<skill name="docs:notes" origin="mcp">\nNotes for v2 customers.\n</skill>',
      },
    });
    // A local name stays local even when the source would claim it.
    const local = await invokeUserSkill("/greet Ada", {
      skills,
      external: { owns: () => true, invoke: async () => loaded("greet", "remote") },
    });
    expect(local.kind === "inline" && local.message.content).toContain("Say hello to Ada");
  });

  it("refuses with the source's reason, its error result, or its failure, and never as a plain prompt", async () => {
    const refuse = (external: Parameters<typeof invokeUserSkill>[1]["external"]) =>
      invokeUserSkill("/docs:notes", { skills, ...(external === undefined ? {} : { external }) });
    expect(
      await refuse({ owns: () => true, refusal: () => "turned off", invoke: async () => loaded("x", "y") }),
    ).toEqual({ kind: "refused", skill: "docs:notes", message: "turned off" });
    expect(
      await refuse({ owns: () => true, invoke: async () => ({ content: "digest mismatch", isError: true }) }),
    ).toEqual({
      kind: "refused",
      skill: "docs:notes",
      message: 'Skill "docs:notes" was not run: digest mismatch',
    });
    expect(
      await refuse({
        owns: () => true,
        invoke: async () => {
          throw new Error("server gone");
        },
      }),
    ).toEqual({
      kind: "refused",
      skill: "docs:notes",
      message: 'Skill "docs:notes" could not be loaded: server gone',
    });
    expect(await refuse({ owns: () => false, invoke: async () => loaded("x", "y") })).toEqual({
      kind: "none",
    });
  });
});
