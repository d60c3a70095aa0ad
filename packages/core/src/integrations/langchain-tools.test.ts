// The LangChain.js adapter against the fake LLM server: the tools bound to a real `ChatOpenAI`,
// run through LangChain's tool-call messages (`tool.invoke(toolCall)` gives the ToolMessage).
import type { BaseMessage } from "@langchain/core/messages";
import { HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import { DynamicStructuredTool } from "@langchain/core/tools";
import { ChatOpenAI } from "@langchain/openai";
import { afterEach, describe, expect, it } from "vitest";
import { InMemoryAuditLog } from "../store/audit-log.js";
import { echoTool, trackFakeLlmServers } from "./__fixtures__/adapter-test-fixtures.js";
import {
  FIXTURE_SKILLS,
  FOLLOWED_ANSWER,
  lastToolResult,
  systemPromptOf,
} from "./__fixtures__/release-notes-script.js";
import { createSkills, type Skills } from "./create-skills.js";
import { toLangChainTools } from "./langchain-tools.js";

const servers = trackFakeLlmServers();
let skills: Skills | undefined;
afterEach(async () => {
  skills?.close();
  skills = undefined;
  await servers.closeAll();
});

describe("skills.langchainTools", () => {
  it("lets a ChatOpenAI tool-calling loop load a skill and follow it", async () => {
    const server = await servers.start();
    const chat = new ChatOpenAI({
      model: "fake-model",
      apiKey: "test-key",
      configuration: { baseURL: server.openaiBaseUrl },
    });

    // The README snippet, with the fake server's model.
    skills = await createSkills({ dirs: [FIXTURE_SKILLS] });
    const tools = skills.langchainTools({ DynamicStructuredTool });
    const model = chat.bindTools(tools);
    const messages: BaseMessage[] = [
      new SystemMessage(skills.systemPrompt()),
      new HumanMessage("Write the release notes for v2.1"),
    ];
    for (;;) {
      const reply = await model.invoke(messages);
      messages.push(reply);
      if (!reply.tool_calls?.length) break;
      for (const call of reply.tool_calls) {
        // biome-ignore lint/style/noNonNullAssertion: the README snippet as users write it.
        const tool = tools.find((t) => t.name === call.name)!;
        messages.push(
          await tool.invoke(call).catch(
            (error: Error) =>
              new ToolMessage({
                tool_call_id: call.id ?? "",
                status: "error",
                content: `Error: ${error.message}`,
              }),
          ),
        );
      }
    }

    expect(messages.at(-1)?.content).toBe(FOLLOWED_ANSWER);
    const [first, second] = server.requests;
    expect(systemPromptOf(first)).toContain("release-notes: Writes release notes in the house format.");
    const sent = first?.body.tools as { function: { name: string } }[];
    expect(sent.map((entry) => entry.function.name)).toEqual([
      "load_skill",
      "read_skill_file",
      "search_skills",
    ]);
    expect(lastToolResult(second)).toContain('<skill name="release-notes">');
    const toolMessage = messages.find((message) => message instanceof ToolMessage);
    expect(toolMessage).toMatchObject({
      name: "load_skill",
      artifact: { metadata: { skill: "release-notes" } },
    });
  });

  it("runs the calls under createSkills' session and tool-call settings", async () => {
    const audit = new InMemoryAuditLog();
    skills = await createSkills({ dirs: [FIXTURE_SKILLS], sessionId: "chat-1", toolCalls: { audit } });
    const loadSkill = skills.langchainTools({ DynamicStructuredTool })[0];
    const call = {
      id: "call_1",
      name: "load_skill",
      args: { skill_name: "release-notes" },
      type: "tool_call" as const,
    };
    expect(await loadSkill?.invoke(call)).toMatchObject({
      content: expect.stringContaining("# Release notes"),
    });
    // The session remembers the load: a second one in the same conversation is a short note.
    expect(await loadSkill?.invoke({ ...call, id: "call_2" })).toMatchObject({
      content: expect.stringMatching(/already loaded in this conversation/),
    });
    expect(audit.list("chat-1").map((entry) => entry.tool)).toEqual(["load_skill", "load_skill"]);
  });
});

describe("toLangChainTools", () => {
  it("leaves arguments LangChain's own schema check rejects to the loop: invoke throws before the tool runs", async () => {
    const audit = new InMemoryAuditLog();
    skills = await createSkills({ dirs: [FIXTURE_SKILLS], sessionId: "chat-2", toolCalls: { audit } });
    const [loadSkill] = skills.langchainTools({ DynamicStructuredTool });
    const call = { id: "call_9", name: "load_skill", args: {}, type: "tool_call" as const };
    await expect(loadSkill?.invoke(call)).rejects.toThrow(/did not match expected schema/);
    expect(audit.list("chat-2")).toEqual([]);
  });

  it("answers a failed call with an error ToolMessage the model can act on, keeping the call's id", async () => {
    const [echo] = toLangChainTools([echoTool as never], { DynamicStructuredTool });
    const failed = await echo?.invoke({ id: "call_7", name: "echo", args: {}, type: "tool_call" });
    expect(failed).toBeInstanceOf(ToolMessage);
    expect(failed).toMatchObject({
      tool_call_id: "call_7",
      content: "Error: Nothing to echo.",
      artifact: { isError: true },
    });
    const echoed = await echo?.invoke({
      id: "call_8",
      name: "echo",
      args: { text: "hi" },
      type: "tool_call",
    });
    expect(echoed).toMatchObject({ tool_call_id: "call_8", content: "hi" });
  });
});
