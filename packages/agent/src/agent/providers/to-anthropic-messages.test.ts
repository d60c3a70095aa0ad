import { describe, expect, it } from "vitest";
import { toAnthropicMessages, toAnthropicTools } from "./to-anthropic-messages.js";

describe("toAnthropicMessages", () => {
  it("puts tool results and the next user message into one user turn, results first", () => {
    const messages = toAnthropicMessages([
      { role: "user", content: "go" },
      { role: "assistant", content: "", toolCalls: [{ id: "t1", name: "ls", arguments: {} }] },
      { role: "tool", toolCallId: "t1", toolName: "ls", content: "a.txt" },
      { role: "user", content: "and then?" },
    ]);
    expect(messages).toEqual([
      { role: "user", content: [{ type: "text", text: "go" }] },
      { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "ls", input: {} }] },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "t1", content: "a.txt" },
          { type: "text", text: "and then?" },
        ],
      },
    ]);
  });

  it("drops empty assistant turns so the same role never repeats", () => {
    const messages = toAnthropicMessages([
      { role: "user", content: "one" },
      { role: "assistant", content: "  " },
      { role: "user", content: "two" },
    ]);
    expect(messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "one" },
          { type: "text", text: "two" },
        ],
      },
    ]);
  });
});

describe("toAnthropicTools", () => {
  it("always declares an object input schema", () => {
    expect(toAnthropicTools([{ name: "x", description: "d", inputSchema: { properties: {} } }])).toEqual([
      { name: "x", description: "d", input_schema: { properties: {}, type: "object" } },
    ]);
  });
});
