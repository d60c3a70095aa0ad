import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createHookBus } from "@skillbox/core/agent/hooks/hooks";
import { createPermissionPolicy } from "@skillbox/core/agent/permissions/permissions";
import { InMemoryAuditLog } from "@skillbox/core/store/audit-log";
import { createBuiltinTools } from "@skillbox/core/tools/builtin/create-builtin-tools";
import { defineTool, type Tool } from "@skillbox/core/tools/define-tool";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { call, createScriptedProvider, type ScriptedProvider } from "../__fixtures__/scripted-provider.js";
import { createAgent } from "../create-agent.js";
import { createSubAgentRunner, type SubAgentRunnerOptions } from "./create-sub-agent-runner.js";
import { selectSubAgentTools } from "./select-sub-agent-tools.js";
import { createTaskTool } from "./task-tool.js";

let workspace: string;
let tools: Tool[];
beforeEach(async () => {
  workspace = await mkdtemp(path.join(tmpdir(), "skillbox-subagent-"));
  tools = createBuiltinTools({ root: workspace });
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

function runnerWith(provider: ScriptedProvider, extra: Partial<SubAgentRunnerOptions> = {}) {
  const aliases: (string | undefined)[] = [];
  const runner = createSubAgentRunner({
    providerFor: (alias) => {
      aliases.push(alias);
      return { provider, model: alias === "haiku" ? "small-model" : "default-model" };
    },
    tools,
    permissions: createPermissionPolicy({ allow: ["Bash"] }),
    ...extra,
  });
  return { runner, aliases };
}

describe("selectSubAgentTools", () => {
  it("maps Claude Code names, keeps pattern entries' tools and removes disallowed ones", () => {
    const names = (allowed: string[], disallowed: string[] = []) =>
      selectSubAgentTools(tools, allowed, disallowed).tools.map((tool) => tool.name);
    expect(names(["Bash(git:*)", "Read", "grep"])).toEqual(["bash", "read_file", "grep"]);
    expect(names([], ["Write", "Edit"])).toEqual(["bash", "read_file", "glob", "grep"]);
    expect(names(["*"], ["Bash(rm:*)"])).toContain("bash");
    expect(selectSubAgentTools(tools, ["search_papers", "Read"]).unknown).toEqual(["search_papers"]);
  });
});

describe("createSubAgentRunner", () => {
  it("runs a forked skill with the skill body as its system prompt and only its allowed tools", async () => {
    const provider = createScriptedProvider([
      { toolCalls: [call("read_file", { path: "missing.txt" })] },
      { text: "Plot saved." },
    ]);
    const { runner, aliases } = runnerWith(provider);
    const result = await runner.run({
      skillName: "plotting",
      body: "# Plotting\nUse matplotlib.",
      baseDirectory: "/skills/plotting",
      task: "plot sales.csv",
      allowedTools: ["Read", "Bash(python:*)"],
      model: "haiku",
      sessionId: "parent",
    });
    expect(result.content).toBe("[sub-agent result — skill: plotting]\nPlot saved.");
    expect(result.metadata).toMatchObject({
      context: "fork",
      execution_mode: "subagent",
      steps: 2,
      stoppedBy: "end",
      skill: "plotting",
      model: "small-model",
    });
    expect(aliases).toEqual(["haiku"]);
    const request = provider.requests[0];
    expect(request?.model).toBe("small-model");
    expect(request?.system).toContain("Base directory for this skill: /skills/plotting");
    expect(request?.system).toContain("# Plotting\nUse matplotlib.");
    expect(request?.messages).toEqual([{ role: "user", content: "plot sales.csv" }]);
    expect(request?.tools.map((tool) => tool.name)).toEqual(["bash", "read_file"]);
  });

  it("restricts Bash(git:*) to git commands for the whole sub-agent run", async () => {
    const provider = createScriptedProvider([
      { toolCalls: [call("bash", { command: "ls" }, "x"), call("bash", { command: "git --version" }, "y")] },
      { text: "checked" },
    ]);
    const audit = new InMemoryAuditLog();
    const { runner } = runnerWith(provider, { audit });
    await runner.run({ skillName: "git-helper", body: "b", allowedTools: ["Bash(git:*)"], sessionId: "p" });
    const toolMessages = provider.requests[1]?.messages.filter((message) => message.role === "tool") ?? [];
    expect(toolMessages[0]?.content).toContain('Skill "git-helper" allows only Bash(git:*)');
    expect(toolMessages[1]?.content).toContain("git version");
    expect(audit.list("p").map((entry) => [entry.agentName, entry.status])).toEqual([
      ["sub-agent:git-helper", "denied"],
      ["sub-agent:git-helper", "ok"],
    ]);
  });

  it("enforces the skill's restriction even when no permission policy was configured", async () => {
    const provider = createScriptedProvider([
      { toolCalls: [call("bash", { command: "rm -rf x" })] },
      { text: "ok" },
    ]);
    const runner = createSubAgentRunner({ providerFor: () => ({ provider, model: "m" }), tools });
    await runner.run({ skillName: "git-only", body: "b", allowedTools: ["Bash(git:*)"] });
    expect(provider.requests[1]?.messages.at(-1)?.content).toContain(
      'Skill "git-only" allows only Bash(git:*)',
    );
  });

  it("stops at max_steps and returns every text it wrote along the way, not only the last, with a note", async () => {
    const provider = createScriptedProvider(
      Array.from({ length: 12 }, (_, index) => ({
        text: `step ${index + 1} done`,
        toolCalls: [call("glob", { pattern: "*" })],
      })),
    );
    const { runner } = runnerWith(provider);
    const result = await runner.run({ skillName: "busy", body: "b", maxSteps: 2 });
    expect(result.isError).toBeUndefined();
    expect(result.content).toBe(
      "[sub-agent result — skill: busy]\nstep 1 done\n\nstep 2 done\n\n[note: the sub-agent reached its limit of 2 steps before finishing; the result above may be incomplete.]",
    );
    expect(result.metadata).toMatchObject({ steps: 2, stoppedBy: "max-steps" });
  });

  it("defaults to 5 steps and clamps larger requests to 10", async () => {
    const looping = () =>
      createScriptedProvider(
        Array.from({ length: 12 }, () => ({ toolCalls: [call("glob", { pattern: "*" })] })),
      );
    const five = await runnerWith(looping()).runner.run({ task: "loop" });
    expect(five.metadata?.steps).toBe(5);
    const ten = await runnerWith(looping()).runner.run({ task: "loop", maxSteps: 50 });
    expect(ten.metadata?.steps).toBe(10);
    expect(ten.content).toContain("(no final answer; its last tool results were:)");
  });

  it("returns a failed run as an error result that keeps the partial output", async () => {
    const provider = createScriptedProvider([
      { text: "halfway", toolCalls: [call("glob", { pattern: "*" })] },
    ]);
    const result = await runnerWith(provider).runner.run({ skillName: "flaky", body: "b" });
    expect(result.isError).toBe(true);
    expect(result.content).toContain("[sub-agent result — skill: flaky]\nhalfway");
    expect(result.content).toContain("[note: the sub-agent failed: The model call failed at step 2");
    expect(result.content).toMatch(/at call 2\. The result above is what it produced until then\.\]$/);
    expect(result.content).not.toContain("..");
  });

  it("fires subagent-start and subagent-stop and registers the skill's hooks only while it runs", async () => {
    const hooks = createHookBus({ cwd: workspace });
    const seen: string[] = [];
    hooks.on("subagent-start", (payload) => {
      seen.push(`start:${payload.skill}:${payload.task}`);
      return undefined;
    });
    hooks.on("subagent-stop", (payload) => {
      seen.push(`stop:${payload.stoppedBy}`);
      return undefined;
    });
    const provider = createScriptedProvider([
      { toolCalls: [call("bash", { command: "echo raw" })] },
      { text: "ok" },
    ]);
    const { runner } = runnerWith(provider, { hooks });
    await runner.run({
      skillName: "hooked",
      body: "b",
      task: "t",
      hooks: { PostToolUse: [{ matcher: "Bash", command: `echo '{"output":"rewritten by skill hook"}'` }] },
    });
    expect(provider.requests[1]?.messages.at(-1)?.content).toBe("rewritten by skill hook");
    expect(seen).toEqual(["start:hooked:t", "stop:end"]);
    expect(hooks.has("post-tool-use")).toBe(false);
  });

  it("lets a subagent-start hook stop the sub-agent", async () => {
    const hooks = createHookBus();
    hooks.on("subagent-start", () => ({ decision: "block", reason: "no forks today" }));
    const result = await runnerWith(createScriptedProvider([]), { hooks }).runner.run({ task: "x" });
    expect(result).toMatchObject({ isError: true, content: "A hook stopped the sub-agent: no forks today" });
  });

  it("limits how deep sub-agents nest", async () => {
    const provider = createScriptedProvider([
      { toolCalls: [call("fork", {})] },
      { toolCalls: [call("fork", {})] },
      { text: "level 2 saw the refusal" },
      { text: "level 1 done" },
    ]);
    const runner = createSubAgentRunner({
      providerFor: () => ({ provider, model: "m" }),
      tools: () => [forkTool],
      maxDepth: 2,
    });
    // A tool that forks a skill allowed to fork again, as load_skill does for a fork skill.
    const forkTool = defineTool({
      name: "fork",
      description: "Fork a nested skill.",
      inputSchema: { type: "object" },
      execute: (_input, context) =>
        runner.run({ skillName: "nested", body: "b", allowedTools: ["fork"], signal: context.abortSignal }),
    }) as Tool;
    const result = await runner.run({ skillName: "nested", body: "b", allowedTools: ["fork"] });
    expect(result.content).toBe("[sub-agent result — skill: nested]\nlevel 1 done");
    const refusal = provider.requests[2]?.messages.at(-1)?.content ?? "";
    expect(refusal).toContain("Sub-agents can nest only 2 levels deep");
  });
});

describe("the task tool", () => {
  it("hands a job to a general sub-agent from the main agent and returns its report", async () => {
    const provider = createScriptedProvider([
      { toolCalls: [call("task", { prompt: "count the files", max_steps: 3 })] },
      { text: "There are 0 files." },
      { text: "The sub-agent says there are 0 files." },
    ]);
    const { runner } = runnerWith(provider);
    const agent = createAgent({
      provider,
      model: "main-model",
      tools: [...tools, createTaskTool({ runner }) as Tool],
      sessionId: "s",
    });
    const result = await agent.run("how many files?");
    expect(result.messages[2]?.content).toBe("[sub-agent result — task]\nThere are 0 files.");
    expect(provider.requests[1]?.tools.map((tool) => tool.name)).not.toContain("task");
    expect(result.text).toBe("The sub-agent says there are 0 files.");
  });
});
