import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createHookBus } from "@skillbox/core/agent/hooks/hooks";
import { createPermissionPolicy } from "@skillbox/core/agent/permissions/permissions";
import { createGuideSection, createSkillsSection } from "@skillbox/core/agent/system-prompt";
import { SkillboxError } from "@skillbox/core/errors";
import { InMemoryAuditLog } from "@skillbox/core/store/audit-log";
import { createBashTool } from "@skillbox/core/tools/builtin/bash-tool";
import { defineTool, type Tool } from "@skillbox/core/tools/define-tool";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { call, createScriptedProvider } from "./__fixtures__/scripted-provider.js";
import type { AgentEvent } from "./agent-types.js";
import { createAgent } from "./create-agent.js";

const echo = defineTool<{ text: string }>({
  name: "echo",
  description: "Echo text back.",
  inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  async execute(input) {
    return { content: `echo: ${input.text}` };
  },
}) as Tool;

const broken = defineTool({
  name: "broken",
  description: "Always throws.",
  inputSchema: { type: "object" },
  async execute() {
    throw new Error("disk on fire");
  },
}) as Tool;

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(tmpdir(), "skillbox-agent-"));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

describe("createAgent: the tool loop", () => {
  it("runs a tool round trip and reports text, steps and usage per turn and in total", async () => {
    const provider = createScriptedProvider([
      { toolCalls: [call("echo", { text: "hi" }, "c1")], usage: { inputTokens: 100, outputTokens: 10 } },
      { text: "Done: echo: hi", usage: { inputTokens: 120, outputTokens: 7 } },
    ]);
    const audit = new InMemoryAuditLog();
    const agent = createAgent({ provider, model: "m", tools: [echo], audit, sessionId: "s1" });
    const result = await agent.run("say hi");
    expect(result).toMatchObject({ text: "Done: echo: hi", steps: 2, stoppedBy: "end" });
    expect(result.usage.perTurn).toEqual([
      { inputTokens: 100, outputTokens: 10 },
      { inputTokens: 120, outputTokens: 7 },
    ]);
    expect(result.usage.total).toEqual({ inputTokens: 220, outputTokens: 17 });
    expect(result.messages[2]).toEqual({
      role: "tool",
      toolCallId: "c1",
      toolName: "echo",
      content: "echo: hi",
    });
    expect(provider.requests[1]?.tools.map((tool) => tool.name)).toEqual(["echo"]);
    expect(audit.list("s1")).toEqual([
      expect.objectContaining({
        agentName: "main",
        tool: "echo",
        status: "ok",
        inputPreview: '{"text":"hi"}',
        outputPreview: "echo: hi",
      }),
    ]);
  });

  it("records every tool call in the audit log with previews capped near 500 characters", async () => {
    const audit = new InMemoryAuditLog();
    const long = "x".repeat(5000);
    const provider = createScriptedProvider([
      { toolCalls: [call("echo", { text: long }), call("broken"), call("nope")] },
      { text: "done" },
    ]);
    await createAgent({
      provider,
      model: "m",
      tools: [echo, broken],
      audit,
      sessionId: "s",
      agentName: "tester",
    }).run("go");
    const entries = audit.list("s");
    expect(entries.map((entry) => [entry.agentName, entry.tool, entry.status])).toEqual([
      ["tester", "echo", "ok"],
      ["tester", "broken", "error"],
      ["tester", "nope", "error"],
    ]);
    expect(entries[0]?.inputPreview.length).toBeLessThan(560);
    expect(entries[0]?.outputPreview.length).toBeLessThan(560);
    expect(entries[0]?.outputPreview).toContain("characters cut");
    expect(entries.every((entry) => entry.durationMs >= 0 && entry.at > 0)).toBe(true);
  });

  it("keeps the history across runs of the same session", async () => {
    const provider = createScriptedProvider([{ text: "one" }, { text: "two" }]);
    const agent = createAgent({ provider, model: "m" });
    await agent.run("first");
    const second = await agent.run("second");
    expect(second.messages.map((message) => message.content)).toEqual(["first", "one", "second", "two"]);
  });

  it("rebuilds the system prompt every turn, so a skill added mid-run appears in the next request", async () => {
    let reminder = "<skills>alpha</skills>";
    const provider = createScriptedProvider([
      () => {
        reminder = "<skills>alpha, beta</skills>";
        return { toolCalls: [call("load_skill", { name: "alpha" })] };
      },
      { text: "ok" },
    ]);
    const loadSkill = defineTool({
      name: "load_skill",
      description: "Load a skill.",
      inputSchema: { type: "object" },
      async execute() {
        return { content: "body" };
      },
    }) as Tool;
    const agent = createAgent({
      provider,
      model: "m",
      tools: [loadSkill],
      systemSections: [createGuideSection(), createSkillsSection(() => reminder)],
    });
    await agent.run("go");
    expect(provider.requests[0]?.system).toContain(
      "Use load_skill to access specialized knowledge before tackling unfamiliar topics.",
    );
    expect(provider.requests[0]?.system).toContain("<skills>alpha</skills>");
    expect(provider.requests[1]?.system).toContain("<skills>alpha, beta</skills>");
  });

  it("sends no tools and no skills section to a model that cannot call tools", async () => {
    const provider = createScriptedProvider([{ text: "plain" }], { supportsTools: false });
    const agent = createAgent({
      provider,
      model: "m",
      tools: [echo],
      systemSections: [
        createGuideSection({ intro: "Hello agent." }),
        createSkillsSection(() => "<skills>x</skills>"),
      ],
    });
    await agent.run("hi");
    expect(provider.requests[0]?.tools).toEqual([]);
    expect(provider.requests[0]?.system).toBe("Hello agent.");
  });

  it("answers an unknown tool with the list of available tools", async () => {
    const audit = new InMemoryAuditLog();
    const provider = createScriptedProvider([
      { toolCalls: [call("Echo", { text: "x" })] },
      { text: "sorry" },
    ]);
    const result = await createAgent({
      provider,
      model: "m",
      tools: [echo, broken],
      audit,
      sessionId: "s",
    }).run("go");
    const reply = result.messages[2];
    expect(reply).toMatchObject({ role: "tool", isError: true });
    expect(reply?.content).toBe('Unknown tool "Echo". Did you mean echo? Available tools: echo, broken.');
    expect(audit.list("s")[0]?.status).toBe("error");
  });

  it("tells the model its arguments were not valid JSON", async () => {
    const provider = createScriptedProvider([
      {
        toolCalls: [{ id: "c", name: "echo", arguments: {}, argumentsError: "Unexpected end of JSON input" }],
      },
      { text: "retrying" },
    ]);
    const result = await createAgent({ provider, model: "m", tools: [echo] }).run("go");
    expect(result.messages[2]?.content).toContain("not valid JSON (Unexpected end of JSON input)");
  });

  it("turns a throwing tool and missing required arguments into error results", async () => {
    const provider = createScriptedProvider([
      { toolCalls: [call("broken"), call("echo", {})] },
      { text: "handled" },
    ]);
    const result = await createAgent({ provider, model: "m", tools: [echo, broken] }).run("go");
    expect(result.stoppedBy).toBe("end");
    expect(result.messages[2]?.content).toBe(
      "broken failed: disk on fire. Check the arguments, or try another approach.",
    );
    expect(result.messages[3]?.content).toContain("missing required argument(s): text");
  });

  it("answers input that does not match a tool's schema with every problem, before permissions or the tool", async () => {
    const ran: unknown[] = [];
    const shout = defineTool({
      name: "shout",
      description: "Upper-cases text.",
      inputSchema: z.strictObject({ text: z.string(), times: z.int().optional() }),
      async execute(input) {
        ran.push(input);
        return { content: input.text.toUpperCase() };
      },
    });
    const asked: string[] = [];
    const audit = new InMemoryAuditLog();
    const provider = createScriptedProvider([
      { toolCalls: [call("shout", { text: 5, loud: true })] },
      { text: "fixed" },
    ]);
    const result = await createAgent({
      provider,
      model: "m",
      tools: [shout],
      audit,
      sessionId: "s",
      permissions: createPermissionPolicy({
        ask: ["shout"],
        onAsk: async (question) => {
          asked.push(question.message);
          return true;
        },
      }),
    }).run("go");
    expect(result.messages[2]).toMatchObject({ role: "tool", isError: true });
    expect(result.messages[2]?.content).toBe(
      [
        "Invalid arguments for shout:",
        "- text must be a string; got the number 5.",
        '- "loud" is not a parameter of shout; leave it out.',
        "Call shout again with { text: string, times?: integer }.",
      ].join("\n"),
    );
    expect(ran).toEqual([]);
    expect(asked).toEqual([]);
    expect(audit.list("s")[0]).toMatchObject({ tool: "shout", status: "error" });
  });

  it("stops at the step limit with the last text it had", async () => {
    const provider = createScriptedProvider(
      Array.from({ length: 5 }, (_, index) => ({
        text: `working ${index}`,
        toolCalls: [call("echo", { text: "again" })],
      })),
    );
    const result = await createAgent({ provider, model: "m", tools: [echo], maxSteps: 3 }).run("loop");
    expect(result).toMatchObject({ stoppedBy: "max-steps", steps: 3, text: "working 2" });
    expect(result.messages.at(-1)?.role).toBe("tool");
  });

  it("ends with stoppedBy error and a clear message when the provider fails, without throwing", async () => {
    const provider = createScriptedProvider([
      {
        error: new SkillboxError("provider-error", "The openai model call failed after 4 attempts: HTTP 503"),
      },
    ]);
    const result = await createAgent({ provider, model: "m" }).run("hi");
    expect(result.stoppedBy).toBe("error");
    expect(result.error).toBe(
      "The model call failed at step 1: The openai model call failed after 4 attempts: HTTP 503",
    );
  });

  it("aborts an in-flight model call", async () => {
    const provider = createScriptedProvider([{ hang: true }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await createAgent({ provider, model: "m" }).run("hi", { signal: controller.signal });
    expect(result.stoppedBy).toBe("aborted");
  });

  it("aborts a running tool and leaves a result for every tool call", async () => {
    const provider = createScriptedProvider([
      {
        toolCalls: [call("bash", { command: "sleep 20" }, "a"), call("bash", { command: "echo later" }, "b")],
      },
    ]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const started = Date.now();
    const agent = createAgent({
      provider,
      model: "m",
      tools: [createBashTool({ root: workspace }) as Tool],
      permissions: createPermissionPolicy({ allow: ["Bash"] }),
    });
    const result = await agent.run("hi", { signal: controller.signal });
    expect(result.stoppedBy).toBe("aborted");
    expect(Date.now() - started).toBeLessThan(5000);
    expect(
      result.messages.filter((message) => message.role === "tool").map((message) => message.toolCallId),
    ).toEqual(["a", "b"]);
    expect(result.messages.at(-1)?.content).toContain("aborted");
  });

  it("refuses a second run while one is in progress, and runs after close", async () => {
    const provider = createScriptedProvider([{ hang: true }]);
    const agent = createAgent({ provider, model: "m" });
    const controller = new AbortController();
    const first = agent.run("one", { signal: controller.signal });
    await expect(agent.run("two")).rejects.toThrow(/already running/);
    controller.abort();
    await first;
    await agent.close();
    await expect(agent.run("three")).rejects.toThrow(/closed/);
  });

  it("reports progress through onEvent and survives a listener that throws", async () => {
    const events: AgentEvent["type"][] = [];
    const provider = createScriptedProvider([{ toolCalls: [call("echo", { text: "x" })] }, { text: "fin" }]);
    const agent = createAgent({
      provider,
      model: "m",
      tools: [echo],
      onEvent: (event) => {
        events.push(event.type);
        throw new Error("listener bug");
      },
    });
    expect((await agent.run("go")).text).toBe("fin");
    expect(events).toEqual([
      "session-start",
      "turn-start",
      "turn-end",
      "tool-start",
      "tool-end",
      "turn-start",
      "text-delta",
      "turn-end",
      "run-end",
    ]);
  });
});

describe("createAgent: hooks and permissions", () => {
  it("lets a pre-tool hook block a call; the model sees the hook's reason", async () => {
    const hooks = createHookBus();
    hooks.on("pre-tool-use", () => ({ decision: "block", reason: "echo is frozen" }), { matcher: "echo" });
    const audit = new InMemoryAuditLog();
    const provider = createScriptedProvider([{ toolCalls: [call("echo", { text: "x" })] }, { text: "ok" }]);
    const result = await createAgent({
      provider,
      model: "m",
      tools: [echo],
      hooks,
      audit,
      sessionId: "s",
    }).run("go");
    expect(result.messages[2]).toMatchObject({
      isError: true,
      content: "A hook blocked this echo call: echo is frozen",
    });
    expect(audit.list("s")[0]?.status).toBe("blocked");
  });

  it("lets hooks rewrite a call's input before it runs and its output before the model sees it", async () => {
    const hooks = createHookBus();
    hooks.on("pre-tool-use", (payload) => ({ input: { text: `${String(payload.input?.text)}!` } }));
    hooks.on("post-tool-use", (payload) => ({ output: payload.output?.toUpperCase() }));
    const provider = createScriptedProvider([{ toolCalls: [call("echo", { text: "hey" })] }, { text: "ok" }]);
    const result = await createAgent({ provider, model: "m", tools: [echo], hooks }).run("go");
    expect(result.messages[2]?.content).toBe("ECHO: HEY!");
  });

  it("fires session, prompt and session-end hooks, and a prompt hook can block the prompt", async () => {
    const hooks = createHookBus();
    const seen: string[] = [];
    for (const event of ["session-start", "user-prompt-submit", "session-end"] as const) {
      hooks.on(event, (payload) => {
        seen.push(`${event}:${payload.prompt ?? payload.reason ?? ""}`);
        return payload.prompt === "forbidden" ? { decision: "block", reason: "not that" } : undefined;
      });
    }
    const provider = createScriptedProvider([{ text: "fine" }]);
    const agent = createAgent({ provider, model: "m", hooks });
    const blocked = await agent.run("forbidden");
    expect(blocked).toMatchObject({
      stoppedBy: "error",
      error: "The prompt was blocked by a hook: not that",
    });
    expect(blocked.messages).toEqual([]);
    await agent.run("allowed");
    await agent.close("user quit");
    expect(seen).toEqual([
      "session-start:",
      "user-prompt-submit:forbidden",
      "user-prompt-submit:allowed",
      "session-end:user quit",
    ]);
  });

  it("denies a call by permission rule with a message the model can act on", async () => {
    const audit = new InMemoryAuditLog();
    const provider = createScriptedProvider([
      { toolCalls: [call("bash", { command: "rm -rf /" })] },
      { text: "ok" },
    ]);
    const result = await createAgent({
      provider,
      model: "m",
      tools: [createBashTool({ root: workspace }) as Tool],
      permissions: createPermissionPolicy({ deny: ["Bash(rm:*)"] }),
      audit,
      sessionId: "s",
    }).run("go");
    expect(result.messages[2]?.content).toContain(
      "Permission denied: bash is denied by the rule Bash(rm:*).",
    );
    expect(audit.list("s")[0]?.status).toBe("denied");
  });

  it("asks before an ask-rule call and runs it once approved", async () => {
    const asked: string[] = [];
    const provider = createScriptedProvider([{ toolCalls: [call("echo", { text: "x" })] }, { text: "ok" }]);
    const result = await createAgent({
      provider,
      model: "m",
      tools: [echo],
      permissions: createPermissionPolicy({
        ask: ["echo"],
        onAsk: async (question) => {
          asked.push(question.message);
          return true;
        },
      }),
    }).run("go");
    expect(asked).toEqual(["Allow echo (x)?"]);
    expect(result.messages[2]?.content).toBe("echo: x");
  });

  it("pre-approves a loaded skill's allowed-tools for the rest of the session, not one turn", async () => {
    const asked: string[] = [];
    const loadSkill = defineTool({
      name: "load_skill",
      description: "Load a skill.",
      inputSchema: { type: "object" },
      async execute() {
        return {
          content: '<skill name="echoer">Use echo.</skill>',
          metadata: { context: "inline", skill: "echoer" },
          data: {
            kind: "skill-loaded",
            name: "echoer",
            skillDir: "/skills/echoer",
            body: "Use echo.",
            allowedTools: ["echo"],
            disallowedTools: [],
          },
        };
      },
    }) as Tool;
    const provider = createScriptedProvider([
      { toolCalls: [call("echo", { text: "before" })] },
      { toolCalls: [call("load_skill", { name: "echoer" })] },
      { toolCalls: [call("echo", { text: "during" })] },
      { text: "turn one done" },
      { toolCalls: [call("echo", { text: "next turn" })] },
      { text: "turn two done" },
    ]);
    const agent = createAgent({
      provider,
      model: "m",
      tools: [echo, loadSkill],
      permissions: createPermissionPolicy({
        defaultDecision: "ask",
        allow: ["load_skill"],
        onAsk: async (question) => {
          asked.push(question.message);
          return false;
        },
      }),
    });
    const first = await agent.run("go");
    expect(first.messages[2]?.content).toContain("The user did not approve echo.");
    expect(first.messages[6]?.content).toBe("echo: during");
    const second = await agent.run("again");
    expect(second.messages.at(-2)?.content).toBe("echo: next turn");
    expect(asked).toEqual(["Allow echo (before)?"]);
  });
});
