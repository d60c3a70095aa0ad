// The Anthropic SDK adapter against the fake LLM server with the real `@anthropic-ai/sdk` client.
import Anthropic from "@anthropic-ai/sdk";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import { defineTool } from "../tools/define-tool.js";
import { echoTool, trackFakeLlmServers } from "./__fixtures__/adapter-test-fixtures.js";
import {
  FIXTURE_SKILLS,
  FOLLOWED_ANSWER,
  lastToolResult,
  systemPromptOf,
} from "./__fixtures__/release-notes-script.js";
import {
  type AnthropicContentBlock,
  type AnthropicTool,
  type AnthropicToolResultBlock,
  type AnthropicToolUseBlock,
  handleAnthropicToolUse,
  toAnthropicTools,
} from "./anthropic-tools.js";
import { createSkills } from "./create-skills.js";

const servers = trackFakeLlmServers();
afterEach(() => servers.closeAll());

describe("skills.anthropicTools and skills.handleToolUse", () => {
  it("let a Messages loop load a skill and follow it", async () => {
    const server = await servers.start();
    const client = new Anthropic({ baseURL: server.anthropicBaseUrl, apiKey: "test-key" });

    // The README snippet, with the fake server's URL and model.
    const skills = await createSkills({ dirs: [FIXTURE_SKILLS] });
    const messages: Anthropic.MessageParam[] = [
      { role: "user", content: "Write the release notes for v2.1" },
    ];
    for (;;) {
      const response = await client.messages.create({
        model: "fake-model",
        max_tokens: 4096,
        system: skills.systemPrompt(),
        messages,
        tools: skills.anthropicTools(),
      });
      messages.push({ role: "assistant", content: response.content });
      if (response.stop_reason !== "tool_use") break;
      messages.push({ role: "user", content: await skills.handleToolUse(response.content) });
    }

    skills.close();
    expect(messages.at(-1)).toMatchObject({
      role: "assistant",
      content: [{ type: "text", text: FOLLOWED_ANSWER }],
    });
    expect(systemPromptOf(server.requests[0])).toContain("release-notes: Writes release notes");
    expect(lastToolResult(server.requests[1])).toContain("# Release notes");
  });
});

describe("handleAnthropicToolUse", () => {
  it("answers each tool_use block in order, flags failures and skips other blocks", async () => {
    const results = await handleAnthropicToolUse(
      [echoTool as never],
      [
        { type: "text", text: "Let me echo.", citations: null },
        { type: "tool_use", id: "t1", name: "echo", input: { text: "one" } },
        { type: "tool_use", id: "t2", name: "echo", input: {} },
        { type: "tool_use", id: "t3", name: "missing", input: {} },
      ],
    );
    expect(results).toEqual([
      { type: "tool_result", tool_use_id: "t1", content: "one" },
      { type: "tool_result", tool_use_id: "t2", content: "Nothing to echo.", is_error: true },
      expect.objectContaining({ tool_use_id: "t3", is_error: true }),
    ]);
  });

  it("describes each tool with an object input schema", () => {
    const noType = defineTool({
      name: "ping",
      description: "Pings.",
      inputSchema: { properties: {} },
      execute: async () => ({ content: "pong" }),
    });
    expect(toAnthropicTools([noType])).toEqual([
      { name: "ping", description: "Pings.", input_schema: { type: "object", properties: {} } },
    ]);
  });
});

describe("the Anthropic shapes declared in core", () => {
  // Checked by the compiler (npm test type-checks first): a shape that drifts from the SDK's fails here.
  it("accept the SDK's content blocks and give what the SDK takes", () => {
    expectTypeOf<Anthropic.ContentBlock>().toExtend<AnthropicContentBlock>();
    expectTypeOf<Anthropic.ToolUseBlock>().toExtend<AnthropicToolUseBlock>();
    expectTypeOf<AnthropicTool>().toExtend<Anthropic.Tool>();
    expectTypeOf<AnthropicToolResultBlock>().toExtend<Anthropic.ToolResultBlockParam>();
    expect(toAnthropicTools([])).toEqual([]);
  });
});
