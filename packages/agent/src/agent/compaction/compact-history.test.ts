import { createHookBus } from "@skillbox/core/agent/hooks/hooks";
import type { ChatMessage } from "@skillbox/core/agent/providers/provider";
import { defineTool, type Tool } from "@skillbox/core/tools/define-tool";
import type { SkillLoaded } from "@skillbox/core/tools/skill-loaded";
import { describe, expect, it } from "vitest";
import { call, createScriptedProvider } from "../__fixtures__/scripted-provider.js";
import type { AgentEvent } from "../agent-types.js";
import { createAgent } from "../create-agent.js";
import { compactHistory, needsCompaction } from "./compact-history.js";

const filler = (label: string, size = 2000): string => `${label} ${"lorem ipsum ".repeat(size / 12)}`;

function loaded(skill: string, body: string): SkillLoaded {
  return {
    kind: "skill-loaded",
    name: skill,
    skillDir: `/skills/${skill}`,
    body,
    allowedTools: [],
    disallowedTools: [],
  };
}

function skillLoad(id: string, skill: string, body: string): ChatMessage[] {
  return [
    {
      role: "assistant",
      content: "",
      toolCalls: [{ id, name: "load_skill", arguments: { skill_name: skill } }],
    },
    {
      role: "tool",
      toolCallId: id,
      toolName: "load_skill",
      content: body,
      metadata: { context: "inline", skill },
      data: loaded(skill, body),
    },
  ];
}

describe("compactHistory", () => {
  it("replaces old messages with a summary and keeps the recent ones verbatim", async () => {
    const history: ChatMessage[] = [
      { role: "user", content: filler("first request") },
      { role: "assistant", content: filler("first answer") },
      { role: "user", content: filler("second request") },
      { role: "assistant", content: "short answer" },
      { role: "user", content: "latest question" },
    ];
    const result = await compactHistory(history, { maxTokens: 1000, keepRecentTokens: 5 });
    expect(result?.removedMessages).toBe(4);
    expect(result?.messages).toHaveLength(1);
    const merged = result?.messages[0]?.content ?? "";
    expect(merged).toContain("[Earlier conversation compacted: 4 messages");
    expect(merged).toContain("- first request lorem");
    expect(merged).toContain("Last assistant message: short answer");
    expect(merged.endsWith("latest question")).toBe(true);
    expect(result?.tokensAfter).toBeLessThan(result?.tokensBefore ?? 0);
  });

  it("re-attaches skill bodies loaded in the dropped part, newest first, one per skill", async () => {
    const history: ChatMessage[] = [
      { role: "user", content: filler("start") },
      ...skillLoad("a1", "alpha", "ALPHA BODY v1"),
      ...skillLoad("b1", "beta", "BETA BODY"),
      ...skillLoad("a2", "alpha", "ALPHA BODY v2"),
      { role: "assistant", content: filler("long work") },
      { role: "user", content: "continue" },
    ];
    const result = await compactHistory(history, { maxTokens: 1000, keepRecentTokens: 10 });
    expect(result?.reattachedSkills).toEqual(["alpha", "beta"]);
    const messages = result?.messages ?? [];
    expect(messages[1]).toMatchObject({
      role: "assistant",
      toolCalls: [{ name: "load_skill" }, { name: "load_skill" }],
    });
    expect(messages[2]).toMatchObject({ role: "tool", toolName: "load_skill", content: "ALPHA BODY v2" });
    expect(messages[3]).toMatchObject({
      role: "tool",
      content: "BETA BODY",
      metadata: { skill: "beta", reattached: true },
      data: { kind: "skill-loaded", name: "beta" },
    });
    expect(messages.at(-1)).toEqual({ role: "user", content: "continue" });
  });

  it("cuts each re-attached body and respects the total budget", async () => {
    const history: ChatMessage[] = [
      ...skillLoad("a", "big", "B".repeat(10_000)),
      ...skillLoad("b", "other", "O".repeat(3_000)),
      { role: "user", content: filler("x", 4000) },
      { role: "assistant", content: "tail" },
    ];
    const result = await compactHistory(history, {
      maxTokens: 100,
      keepRecentTokens: 10,
      reattachTokensPerSkill: 500,
      reattachTokensTotal: 600,
    });
    // Newest first: "other" fits, then "big" would exceed the 600-token total.
    expect(result?.reattachedSkills).toEqual(["other"]);
    expect(result?.messages[2]?.content).toContain("[… skill body cut after compaction");
    expect(result?.messages[2]?.content.startsWith("O".repeat(2000))).toBe(true);
    expect(result?.messages[2]?.content.length).toBeLessThan(2200);
  });

  it("never starts the kept part with a tool result separated from its call", async () => {
    const history: ChatMessage[] = [
      { role: "user", content: filler("go") },
      { role: "assistant", content: "", toolCalls: [{ id: "t", name: "echo", arguments: {} }] },
      { role: "tool", toolCallId: "t", toolName: "echo", content: filler("result", 400) },
    ];
    const result = await compactHistory(history, { maxTokens: 100, keepRecentTokens: 10 });
    expect(result?.messages.map((message) => message.role)).toEqual(["user", "assistant", "tool"]);
    expect(result?.removedMessages).toBe(1);
  });

  it("does nothing when there is nothing old enough to drop", async () => {
    expect(
      await compactHistory([{ role: "user", content: filler("only") }], { maxTokens: 10 }),
    ).toBeUndefined();
    expect(needsCompaction([{ role: "user", content: "tiny" }])).toBe(false);
  });
});

describe("compaction inside the agent", () => {
  it("keeps a loaded skill body after compaction, fires pre-compact and reports it", async () => {
    const loadSkill = defineTool({
      name: "load_skill",
      description: "Load a skill.",
      inputSchema: { type: "object" },
      async execute() {
        return {
          content: '<skill name="pdf">STEP 1: use pdftotext</skill>',
          metadata: { context: "inline", skill: "pdf" },
          data: loaded("pdf", "STEP 1: use pdftotext"),
        };
      },
    }) as Tool;
    const bulky = defineTool({
      name: "bulky",
      description: "Returns a lot.",
      inputSchema: { type: "object" },
      async execute() {
        return { content: filler("bulk", 4000) };
      },
    }) as Tool;
    const provider = createScriptedProvider([
      { toolCalls: [call("load_skill", { name: "pdf" })] },
      { toolCalls: [call("bulky")] },
      { toolCalls: [call("bulky")] },
      { text: "done" },
    ]);
    const hooks = createHookBus();
    const triggers: string[] = [];
    hooks.on("pre-compact", (payload) => {
      triggers.push(payload.trigger ?? "");
      return undefined;
    });
    const events: AgentEvent[] = [];
    const agent = createAgent({
      provider,
      model: "m",
      tools: [loadSkill, bulky],
      hooks,
      compaction: { maxTokens: 1500, keepRecentTokens: 300 },
      onEvent: (event) => events.push(event),
    });
    const result = await agent.run("convert report.pdf");
    expect(result.text).toBe("done");
    expect(triggers.length).toBeGreaterThan(0);
    expect(triggers[0]).toBe("auto");
    const compacted = events.find((event) => event.type === "compacted");
    expect(compacted).toMatchObject({ reattachedSkills: ["pdf"] });
    const lastRequest = provider.requests.at(-1);
    const bodies = lastRequest?.messages.filter((message) =>
      message.content.includes("STEP 1: use pdftotext"),
    );
    expect(bodies).toHaveLength(1);
    expect(lastRequest?.messages[0]?.content).toContain("convert report.pdf");
  });

  it("compacts on demand with the manual trigger", async () => {
    const hooks = createHookBus();
    const triggers: string[] = [];
    hooks.on("PreCompact", (payload) => {
      triggers.push(payload.trigger ?? "");
      return undefined;
    });
    const provider = createScriptedProvider([{ text: filler("answer") }, { text: "ok" }]);
    const agent = createAgent({ provider, model: "m", hooks, compaction: { keepRecentTokens: 1 } });
    await agent.run(filler("question"));
    await agent.compact();
    expect(triggers).toEqual(["manual"]);
    expect(agent.messages[0]?.content).toContain("[Earlier conversation compacted");
  });
});
