// The OpenAI SDK adapter against the fake LLM server with the real `openai` client.
import OpenAI from "openai";
import type {
  ChatCompletionFunctionTool,
  ChatCompletionMessageToolCall,
  ChatCompletionToolMessageParam,
} from "openai/resources/chat/completions";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import { echoTool, trackFakeLlmServers } from "./__fixtures__/adapter-test-fixtures.js";
import {
  FIXTURE_SKILLS,
  FOLLOWED_ANSWER,
  lastToolResult,
  systemPromptOf,
} from "./__fixtures__/release-notes-script.js";
import { createSkills } from "./create-skills.js";
import {
  handleOpenAIToolCalls,
  type OpenAIFunctionTool,
  type OpenAIToolCall,
  type OpenAIToolMessage,
  toOpenAITools,
} from "./openai-tools.js";

const servers = trackFakeLlmServers();
afterEach(() => servers.closeAll());

describe("skills.openaiTools and skills.handleToolCalls", () => {
  it("let a Chat Completions loop load a skill and follow it", async () => {
    const server = await servers.start();
    const client = new OpenAI({ baseURL: server.openaiBaseUrl, apiKey: "test-key" });

    // The README snippet, with the fake server's URL and model.
    const skills = await createSkills({ dirs: [FIXTURE_SKILLS] });
    const messages: OpenAI.ChatCompletionMessageParam[] = [
      { role: "system", content: skills.systemPrompt() },
      { role: "user", content: "Write the release notes for v2.1" },
    ];
    for (;;) {
      const completion = await client.chat.completions.create({
        model: "fake-model",
        messages,
        tools: skills.openaiTools(),
      });
      // biome-ignore lint/style/noNonNullAssertion: the README snippet as users write it.
      const message = completion.choices[0]!.message;
      messages.push(message);
      if (!message.tool_calls?.length) break;
      messages.push(...(await skills.handleToolCalls(message.tool_calls)));
    }

    skills.close();
    expect(messages.at(-1)).toMatchObject({ role: "assistant", content: FOLLOWED_ANSWER });
    expect(systemPromptOf(server.requests[0])).toContain("release-notes: Writes release notes");
    expect(lastToolResult(server.requests[1])).toContain("# Release notes");
    const tools = server.requests[0]?.body.tools as { function: { name: string } }[];
    expect(tools.map((tool) => tool.function.name)).toEqual([
      "load_skill",
      "read_skill_file",
      "search_skills",
    ]);
  });
});

describe("handleOpenAIToolCalls", () => {
  const call = (id: string, name: string, args: string): ChatCompletionMessageToolCall => ({
    id,
    type: "function",
    function: { name, arguments: args },
  });

  it("answers every call in order, marking failures so the model can recover", async () => {
    const messages = await handleOpenAIToolCalls(
      [echoTool as never],
      [
        call("a", "echo", '{"text":"one"}'),
        call("b", "echo", "{}"),
        call("c", "ecoh", "{}"),
        call("d", "echo", '{"text":'),
        { id: "e", type: "custom", custom: { name: "grammar", input: "x" } },
      ],
    );
    expect(messages.map((message) => message.tool_call_id)).toEqual(["a", "b", "c", "d", "e"]);
    expect(messages[0]).toEqual({ role: "tool", tool_call_id: "a", content: "one" });
    expect(messages[1]?.content).toBe("Error: Nothing to echo.");
    expect(messages[2]?.content).toContain('Unknown tool "ecoh". Did you mean echo?');
    expect(messages[3]?.content).toContain("were not valid JSON");
    expect(messages[4]?.content).toContain("custom tool");
  });

  it("gives no messages for an assistant message without tool calls", async () => {
    expect(await handleOpenAIToolCalls([echoTool as never], undefined)).toEqual([]);
  });

  it("describes each tool as a function tool with its JSON schema", () => {
    expect(toOpenAITools([echoTool as never])).toEqual([
      {
        type: "function",
        function: { name: "echo", description: "Repeats text.", parameters: echoTool.inputSchema },
      },
    ]);
  });
});

describe("the OpenAI shapes declared in core", () => {
  // Checked by the compiler (npm test type-checks first): a shape that drifts from the SDK's fails here.
  it("accept the SDK's tool calls and give what the SDK takes", () => {
    expectTypeOf<ChatCompletionMessageToolCall>().toExtend<OpenAIToolCall>();
    expectTypeOf<OpenAIFunctionTool>().toExtend<ChatCompletionFunctionTool>();
    expectTypeOf<OpenAIToolMessage>().toExtend<ChatCompletionToolMessageParam>();
    expectTypeOf<OpenAIToolMessage>().toExtend<OpenAI.ChatCompletionMessageParam>();
    expect(toOpenAITools([])).toEqual([]);
  });
});
