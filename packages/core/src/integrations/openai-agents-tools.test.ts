// The OpenAI Agents SDK adapter against the fake LLM server with the real `@openai/agents` runner,
// on its Chat Completions model (the fake server speaks Chat Completions, not the Responses API).
import { Agent, OpenAIProvider, Runner, tool } from "@openai/agents";
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
import { toOpenAIAgentsTools } from "./openai-agents-tools.js";

const servers = trackFakeLlmServers();
let skills: Skills | undefined;
afterEach(async () => {
  skills?.close();
  skills = undefined;
  await servers.closeAll();
});

/** A runner whose models are Chat Completions models on the fake server, with tracing (an upload) off. */
function fakeRunner(baseURL: string): Runner {
  return new Runner({
    modelProvider: new OpenAIProvider({ baseURL, apiKey: "test-key", useResponses: false }),
    model: "fake-model",
    tracingDisabled: true,
  });
}

describe("skills.openaiAgentsTools", () => {
  it("lets an Agents SDK agent load a skill and follow it", async () => {
    const server = await servers.start();
    const runner = fakeRunner(server.openaiBaseUrl);

    // The README snippet, with the fake server's runner.
    skills = await createSkills({ dirs: [FIXTURE_SKILLS] });
    const agent = new Agent({
      name: "Assistant",
      instructions: skills.systemPrompt(),
      tools: skills.openaiAgentsTools({ tool }),
    });
    const result = await runner.run(agent, "Write the release notes for v2.1");

    expect(result.finalOutput).toBe(FOLLOWED_ANSWER);
    const [first, second] = server.requests;
    expect(systemPromptOf(first)).toContain("release-notes: Writes release notes in the house format.");
    const tools = first?.body.tools as { function: { name: string; strict?: boolean } }[];
    expect(tools.map((entry) => entry.function.name)).toEqual([
      "load_skill",
      "read_skill_file",
      "search_skills",
    ]);
    expect(lastToolResult(second)).toContain('<skill name="release-notes">');
    const output = result.newItems.find((item) => item.type === "tool_call_output_item");
    expect(output?.rawItem).toMatchObject({ type: "function_call_result", name: "load_skill" });
  });

  it("runs the calls under createSkills' session and tool-call settings", async () => {
    const server = await servers.start();
    const audit = new InMemoryAuditLog();
    skills = await createSkills({ dirs: [FIXTURE_SKILLS], sessionId: "chat-1", toolCalls: { audit } });
    const agent = new Agent({ name: "Assistant", tools: skills.openaiAgentsTools({ tool }) });
    await fakeRunner(server.openaiBaseUrl).run(agent, "Write the release notes for v2.1");
    expect(audit.list("chat-1")).toMatchObject([
      { tool: "load_skill", status: "ok", agentName: "integration" },
    ]);
  });
});

describe("toOpenAIAgentsTools", () => {
  it("sends a failed call back to the model as an error it can act on, and the run goes on", async () => {
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
    const agent = new Agent({
      name: "Echoer",
      tools: toOpenAIAgentsTools([echoTool as never], { tool }),
    });
    const result = await fakeRunner(server.openaiBaseUrl).run(agent, "echo");

    expect(result.finalOutput).toBe("done");
    const messages = (server.requests[1]?.body.messages ?? []) as { role: string; content: string }[];
    const toolMessages = messages.filter((message) => message.role === "tool");
    expect(toolMessages.map((message) => message.content)).toEqual(["Error: Nothing to echo.", "hi"]);
  });
});
