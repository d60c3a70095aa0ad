// The Mastra adapter against the fake LLM server: a real Mastra Agent whose model is the AI SDK's
// OpenAI provider pointed at the fake server.
import { createOpenAI } from "@ai-sdk/openai";
import { Agent } from "@mastra/core/agent";
import { createTool } from "@mastra/core/tools";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { InMemoryAuditLog } from "../store/audit-log.js";
import { defineTool } from "../tools/define-tool.js";
import { echoTool, trackFakeLlmServers } from "./__fixtures__/adapter-test-fixtures.js";
import {
  FIXTURE_SKILLS,
  FOLLOWED_ANSWER,
  lastToolResult,
  systemPromptOf,
} from "./__fixtures__/release-notes-script.js";
import { createSkills, type Skills } from "./create-skills.js";
import { toMastraTools } from "./mastra-tools.js";

const servers = trackFakeLlmServers();
let skills: Skills | undefined;
// Mastra reports usage to PostHog unless told not to; tests stay offline.
beforeEach(() => {
  vi.stubEnv("MASTRA_TELEMETRY_DISABLED", "1");
});
afterEach(async () => {
  vi.unstubAllEnvs();
  skills?.close();
  skills = undefined;
  await servers.closeAll();
});

describe("skills.mastraTools", () => {
  it("lets a Mastra agent load a skill and follow it", async () => {
    const server = await servers.start();
    const openai = createOpenAI({ baseURL: server.openaiBaseUrl, apiKey: "test-key" });

    // The README snippet, with the fake server's URL and model.
    skills = await createSkills({ dirs: [FIXTURE_SKILLS] });
    const agent = new Agent({
      id: "assistant",
      name: "Assistant",
      instructions: skills.systemPrompt(),
      model: openai.chat("fake-model"),
      tools: skills.mastraTools({ createTool }),
    });
    const result = await agent.generate("Write the release notes for v2.1");

    expect(result.text).toBe(FOLLOWED_ANSWER);
    const [first, second] = server.requests;
    expect(systemPromptOf(first)).toContain("release-notes: Writes release notes in the house format.");
    const sent = first?.body.tools as { function: { name: string } }[];
    expect(sent.map((entry) => entry.function.name)).toEqual([
      "load_skill",
      "read_skill_file",
      "search_skills",
    ]);
    expect(lastToolResult(second)).toContain('<skill name="release-notes">');
    expect(result.toolResults[0]?.payload).toMatchObject({
      toolName: "load_skill",
      toolCallId: "call_0_0",
      result: { metadata: { skill: "release-notes" } },
    });
  });

  it("runs the calls under createSkills' session and tool-call settings", async () => {
    const server = await servers.start();
    const openai = createOpenAI({ baseURL: server.openaiBaseUrl, apiKey: "test-key" });
    const audit = new InMemoryAuditLog();
    skills = await createSkills({ dirs: [FIXTURE_SKILLS], sessionId: "chat-1", toolCalls: { audit } });
    const agent = new Agent({
      id: "assistant",
      name: "Assistant",
      instructions: "Help.",
      model: openai.chat("fake-model"),
      tools: skills.mastraTools({ createTool }),
    });
    await agent.generate("Write the release notes for v2.1");
    expect(audit.list("chat-1")).toMatchObject([{ tool: "load_skill", status: "ok" }]);
  });
});

describe("toMastraTools", () => {
  it("sends a tool's error result to the model as error text and its success as text", async () => {
    const server = await servers.start({
      script: [
        {
          toolCalls: [
            { name: "echo", arguments: {} },
            { name: "echo", arguments: { text: "hi" } },
          ],
        },
        { text: "done" },
      ],
    });
    const openai = createOpenAI({ baseURL: server.openaiBaseUrl, apiKey: "test-key" });
    const agent = new Agent({
      id: "echoer",
      name: "Echoer",
      instructions: "Echo.",
      model: openai.chat("fake-model"),
      tools: toMastraTools([echoTool as never], { createTool }),
    });
    const result = await agent.generate("echo");

    expect(result.text).toBe("done");
    const messages = (server.requests[1]?.body.messages ?? []) as { role: string; content: string }[];
    const toolMessages = messages.filter((message) => message.role === "tool");
    expect(toolMessages.map((message) => message.content)).toEqual(["Nothing to echo.", "hi"]);
  });

  it("sends the model Mastra's own input-check failure as error text, not an empty result", async () => {
    // Mastra checks the input against the JSON Schema before `execute` and hands its own error
    // object to toModelOutput instead of a Skillbox result.
    const greet = defineTool<{ name: string }>({
      name: "greet",
      description: "Greets someone.",
      inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
      execute: async (input) => ({ content: `Hello, ${input.name}.` }),
    });
    const server = await servers.start({
      script: [{ toolCalls: [{ name: "greet", arguments: {} }] }, { text: "done" }],
    });
    const openai = createOpenAI({ baseURL: server.openaiBaseUrl, apiKey: "test-key" });
    const agent = new Agent({
      id: "greeter",
      name: "Greeter",
      instructions: "Greet.",
      model: openai.chat("fake-model"),
      tools: toMastraTools([greet as never], { createTool }),
    });
    await agent.generate("greet");

    const messages = (server.requests[1]?.body.messages ?? []) as { role: string; content?: string }[];
    const [toolMessage] = messages.filter((message) => message.role === "tool");
    expect(toolMessage?.content).toEqual(expect.stringContaining("greet"));
    expect(toolMessage?.content).toEqual(expect.stringContaining("name"));
  });
});
