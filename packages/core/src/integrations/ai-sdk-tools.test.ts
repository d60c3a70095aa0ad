// The Vercel AI SDK adapter against the fake LLM server with the real `ai` package and providers.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import * as ai from "ai";
import { generateText, stepCountIs, type ToolExecutionOptions, type ToolSet } from "ai";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import { defineTool, toolError } from "../tools/define-tool.js";
import { trackFakeLlmServers } from "./__fixtures__/adapter-test-fixtures.js";
import {
  FIXTURE_SKILLS,
  FOLLOWED_ANSWER,
  lastToolResult,
  systemPromptOf,
} from "./__fixtures__/release-notes-script.js";
import {
  type AiSdkHelpers,
  type AiSdkToolCallOptions,
  type AiSdkToolSet,
  toAiSdkTools,
} from "./ai-sdk-tools.js";
import { createSkills, type Skills } from "./create-skills.js";

const servers = trackFakeLlmServers();
let skills: Skills | undefined;
afterEach(async () => {
  skills?.close();
  await servers.closeAll();
  skills = undefined;
});

describe("skills.aiSdkTools", () => {
  it("lets a generateText agent on an OpenAI chat model load a skill and follow it", async () => {
    const server = await servers.start();
    const openai = createOpenAI({ baseURL: server.openaiBaseUrl, apiKey: "test-key" });

    // The README snippet, with the fake server's URL and model.
    skills = await createSkills({ dirs: [FIXTURE_SKILLS] });
    const result = await generateText({
      model: openai.chat("fake-model"),
      system: skills.systemPrompt(),
      tools: skills.aiSdkTools(),
      stopWhen: stepCountIs(10),
      prompt: "Write the release notes for v2.1",
    });

    expect(result.text).toBe(FOLLOWED_ANSWER);
    const [first, second] = server.requests;
    expect(systemPromptOf(first)).toContain("release-notes: Writes release notes in the house format.");
    expect(systemPromptOf(first)).toContain("Use load_skill");
    expect(lastToolResult(second)).toContain('<skill name="release-notes">');
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({ metadata: { skill: "release-notes" } });
  });

  it("works the same on an Anthropic model", async () => {
    const server = await servers.start();
    const anthropic = createAnthropic({ baseURL: `${server.anthropicBaseUrl}/v1`, apiKey: "test-key" });
    skills = await createSkills({ dirs: [FIXTURE_SKILLS] });
    const result = await generateText({
      model: anthropic("fake-model"),
      system: skills.systemPrompt(),
      tools: skills.aiSdkTools(),
      stopWhen: stepCountIs(10),
      prompt: "Write the release notes for v2.1",
    });
    expect(result.text).toBe(FOLLOWED_ANSWER);
    expect(server.requests.map((request) => request.format)).toEqual(["anthropic", "anthropic"]);
  });
});

describe("toAiSdkTools", () => {
  const shout = defineTool<{ text?: string }>({
    name: "shout",
    description: "Upper-cases text.",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    execute: async (input) =>
      input.text === ""
        ? toolError("Give some text to shout.")
        : { content: String(input.text).toUpperCase() },
  });

  it("sends a tool's error result to the model as error text and its success as text", async () => {
    const server = await servers.start({
      script: [
        {
          toolCalls: [
            { name: "shout", arguments: { text: "" } },
            { name: "shout", arguments: { text: "hi" } },
          ],
        },
        { text: "done" },
      ],
    });
    const openai = createOpenAI({ baseURL: server.openaiBaseUrl, apiKey: "test-key" });
    const result = await generateText({
      model: openai.chat("fake-model"),
      tools: toAiSdkTools([shout as never], ai),
      stopWhen: stepCountIs(3),
      prompt: "shout",
    });
    expect(result.text).toBe("done");
    const toolMessages = (
      (server.requests[1]?.body.messages ?? []) as { role: string; content: string }[]
    ).filter((message) => message.role === "tool");
    expect(toolMessages.map((message) => message.content)).toEqual(["Give some text to shout.", "HI"]);
    const outputs = result.steps[0]?.toolResults.map((entry) => entry.output);
    expect(outputs).toEqual([{ content: "Give some text to shout.", isError: true }, { content: "HI" }]);
  });

  it("runs a missing required argument through the same checks as the Skillbox agent", async () => {
    const set = toAiSdkTools([shout as never], ai);
    const output = await set.shout?.execute?.({}, { toolCallId: "call_1", messages: [] });
    expect(output).toEqual({
      content: "shout is missing required argument(s): text. Call it again with them.",
      isError: true,
    });
  });
});

describe("the AI SDK shapes declared in core", () => {
  // Checked by the compiler (npm test type-checks first): a shape that drifts from `ai`'s fails here.
  it("take the ai package's own helpers and give what generateText takes as tools", () => {
    expectTypeOf(ai).toExtend<AiSdkHelpers<ReturnType<typeof ai.jsonSchema>>>();
    expectTypeOf(toAiSdkTools([], ai)).toExtend<ToolSet>();
    expectTypeOf<AiSdkToolSet>().toExtend<ToolSet>();
    expectTypeOf<ToolExecutionOptions>().toExtend<AiSdkToolCallOptions>();
    expect(toAiSdkTools([], ai)).toEqual({});
  });
});
