// Both provider adapters over real HTTP against the fake LLM server: text, streaming, tool calls,
// malformed arguments, retries, Retry-After, timeouts and aborts.

import type { ChatMessage, ChatProvider, ChatRequest } from "@skillbox/core/agent/providers/provider";
import { isSkillboxError, type SkillboxError } from "@skillbox/core/errors";
import { createFakeLlmServer, type FakeLlmServer, type FakeLlmStep } from "@skillbox/testing";
import { afterEach, describe, expect, it } from "vitest";
import { AnthropicMessagesProvider } from "./anthropic-messages-provider.js";
import { OpenAIChatProvider } from "./openai-chat-provider.js";
import type { ProviderConnectionOptions } from "./provider-connection-options.js";

type ProviderOptions = Omit<ProviderConnectionOptions, "baseUrl">;

const wireFormats = [
  {
    format: "openai",
    create: (server: FakeLlmServer, options: ProviderOptions) =>
      new OpenAIChatProvider({ baseUrl: server.openaiBaseUrl, ...options }),
  },
  {
    format: "anthropic",
    create: (server: FakeLlmServer, options: ProviderOptions) =>
      new AnthropicMessagesProvider({ baseUrl: server.anthropicBaseUrl, ...options }),
  },
] as const;

const loadSkillTool = {
  name: "load_skill",
  description: "Load a skill's instructions.",
  inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
};

function chatRequest(messages: ChatMessage[] = [{ role: "user", content: "Hi" }]): ChatRequest {
  return { model: "fake-model", system: "You are a test agent.", messages, tools: [loadSkillTool] };
}

async function captureError(promise: Promise<unknown>): Promise<SkillboxError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isSkillboxError(error)) throw new Error(`expected a SkillboxError, got ${String(error)}`);
  return error;
}

describe.each(wireFormats)("the $format provider", ({ create }) => {
  let server: FakeLlmServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(script: FakeLlmStep[], options: ProviderOptions = {}): Promise<ChatProvider> {
    server = await createFakeLlmServer({ script });
    return create(server, { retry: { baseDelayMs: 1 }, ...options });
  }

  it("returns plain text with stop reason and token usage", async () => {
    const provider = await start([{ text: "Hello, world.", usage: { inputTokens: 12, outputTokens: 7 } }]);
    const response = await provider.complete(chatRequest());
    expect(response).toEqual({
      text: "Hello, world.",
      toolCalls: [],
      stopReason: "end",
      usage: { inputTokens: 12, outputTokens: 7 },
    });
    expect(server?.requests[0]?.stream).toBe(false);
  });

  it("streams text deltas to onText and returns the whole text and usage", async () => {
    const provider = await start([
      { text: "One two three four", usage: { inputTokens: 5, outputTokens: 4 } },
    ]);
    const deltas: string[] = [];
    const response = await provider.complete(chatRequest(), { onText: (delta) => deltas.push(delta) });
    expect(deltas).toEqual(["One ", "two ", "three ", "four"]);
    expect(response.text).toBe("One two three four");
    expect(response.usage).toEqual({ inputTokens: 5, outputTokens: 4 });
    expect(server?.requests[0]?.stream).toBe(true);
  });

  it("parses streamed tool calls whose arguments arrive in fragments", async () => {
    const provider = await start([
      {
        text: "Loading.",
        toolCalls: [{ id: "call_a", name: "load_skill", arguments: { name: "pdf-tools" } }],
      },
    ]);
    const response = await provider.complete(chatRequest(), { onText: () => undefined });
    expect(response.stopReason).toBe("tool-calls");
    expect(response.toolCalls).toEqual([
      { id: "call_a", name: "load_skill", arguments: { name: "pdf-tools" } },
    ]);
  });

  it.each([false, true])(
    "turns malformed tool arguments into argumentsError instead of throwing (streaming %s)",
    async (streaming) => {
      const provider = await start([
        { toolCalls: [{ name: "load_skill", arguments: { name: "pdf" } }], malformedToolArguments: true },
      ]);
      const response = await provider.complete(chatRequest(), streaming ? { onText: () => undefined } : {});
      expect(response.toolCalls).toHaveLength(1);
      expect(response.toolCalls[0]?.arguments).toEqual({});
      expect(response.toolCalls[0]?.argumentsError).toMatch(/not valid JSON/);
    },
  );

  it("retries a 500 and returns the next answer", async () => {
    const provider = await start([{ status: 500 }, { text: "recovered" }]);
    const response = await provider.complete(chatRequest());
    expect(response.text).toBe("recovered");
    expect(server?.requests).toHaveLength(2);
  });

  it("retries a dropped connection", async () => {
    const provider = await start([{ hangUp: true }, { text: "recovered" }]);
    const response = await provider.complete(chatRequest(), { onText: () => undefined });
    expect(response.text).toBe("recovered");
  });

  it("waits as long as a 429's Retry-After header asks", async () => {
    const provider = await start([
      { status: 429, headers: { "retry-after": "1" } },
      { text: "after the wait" },
    ]);
    const startedAt = performance.now();
    const response = await provider.complete(chatRequest());
    expect(response.text).toBe("after the wait");
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(950);
  });

  it("throws a provider-error naming the URL, model and attempts when retries run out", async () => {
    const provider = await start([{ status: 503 }, { status: 503 }, { status: 503 }], {
      retry: { maxRetries: 2, baseDelayMs: 1 },
    });
    const error = await captureError(provider.complete(chatRequest()));
    expect(error.code).toBe("provider-error");
    expect(error.message).toContain("after 3 attempts");
    expect(error.message).toContain("HTTP 503");
    expect(error.message).toContain(server?.url);
    expect(error.message).toContain('model "fake-model"');
    expect(server?.requests).toHaveLength(3);
  });

  it("does not retry a 401 and points at the API key", async () => {
    const provider = await start([{ status: 401 }, { text: "never used" }]);
    const error = await captureError(provider.complete(chatRequest()));
    expect(error.code).toBe("provider-error");
    expect(error.message).toMatch(/Check the API key \((OPENAI|ANTHROPIC)_API_KEY/);
    expect(server?.requests).toHaveLength(1);
  });

  it("throws provider-timeout when every attempt outlasts the timeout", async () => {
    const provider = await start([{ delayMs: 2000 }, { delayMs: 2000 }], {
      timeoutMs: 150,
      retry: { maxRetries: 1, baseDelayMs: 1 },
    });
    const startedAt = performance.now();
    const error = await captureError(provider.complete(chatRequest()));
    expect(error.code).toBe("provider-timeout");
    expect(error.message).toContain("after 2 attempts");
    expect(performance.now() - startedAt).toBeLessThan(1500);
  });

  it("retries a stream that stalls before any text arrived", async () => {
    const provider = await start([{ text: "too slow", chunkDelayMs: 2000 }, { text: "fast" }], {
      timeoutMs: 200,
    });
    const deltas: string[] = [];
    const response = await provider.complete(chatRequest(), { onText: (delta) => deltas.push(delta) });
    expect(response.text).toBe("fast");
    expect(deltas).toEqual(["fast"]);
  });

  it("does not retry once streamed text reached the caller", async () => {
    const provider = await start([
      { text: "one two three four five", hangUpAfterEvents: 4 },
      { text: "never used" },
    ]);
    const deltas: string[] = [];
    const error = await captureError(
      provider.complete(chatRequest(), { onText: (delta) => deltas.push(delta) }),
    );
    expect(error.code).toBe("provider-error");
    expect(error.message).toContain("Not retried");
    expect(deltas.length).toBeGreaterThan(0);
    expect(server?.requests).toHaveLength(1);
  });

  it("stops waiting when the caller aborts", async () => {
    const provider = await start([{ delayMs: 5000, text: "too late" }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const startedAt = performance.now();
    const error = await captureError(provider.complete(chatRequest(), { signal: controller.signal }));
    expect(error.code).toBe("aborted");
    expect(performance.now() - startedAt).toBeLessThan(1000);
  });

  it("stops a stream midway when the caller aborts from onText", async () => {
    const provider = await start([{ text: "one two three four five six", chunkDelayMs: 20 }]);
    const controller = new AbortController();
    const error = await captureError(
      provider.complete(chatRequest(), { signal: controller.signal, onText: () => controller.abort() }),
    );
    expect(error.code).toBe("aborted");
  });

  it("sends no tools when the model does not support them", async () => {
    const provider = await start([{ text: "plain" }], { supportsTools: false });
    expect(provider.supportsTools).toBe(false);
    await provider.complete(chatRequest());
    expect(server?.requests[0]?.body).not.toHaveProperty("tools");
  });
});

/** Runs a two-call tool round trip the way the agent loop does and returns the second request body. */
async function runToolRoundTrip(
  server: FakeLlmServer,
  provider: ChatProvider,
): Promise<Record<string, unknown>> {
  const history: ChatMessage[] = [{ role: "user", content: "Summarise report.pdf" }];
  const first = await provider.complete(chatRequest(history), { onText: () => undefined });
  history.push({ role: "assistant", content: first.text, toolCalls: first.toolCalls });
  history.push({ role: "tool", toolCallId: "call_1", toolName: "load_skill", content: "# PDF skill" });
  history.push({
    role: "tool",
    toolCallId: "call_2",
    toolName: "read_skill_file",
    content: "no such file",
    isError: true,
  });
  const second = await provider.complete(chatRequest(history));
  expect(second.text).toBe("Read 2 tool results");
  return server.requests[1]?.body ?? {};
}

const roundTripScript: FakeLlmStep[] = [
  {
    text: "Let me look.",
    toolCalls: [
      { id: "call_1", name: "load_skill", arguments: { name: "pdf" } },
      { id: "call_2", name: "read_skill_file", arguments: { path: "forms.md" } },
    ],
  },
  // A step computed from the request: it counts the tool results the client sent back.
  (request) => {
    const serialized = JSON.stringify(request.body.messages);
    const results = (serialized.match(/"tool_call_id"|"tool_use_id"/g) ?? []).length;
    return { text: `Read ${results} tool results` };
  },
];

describe("the OpenAI wire format", () => {
  it("sends the system prompt, function tools, assistant tool_calls and tool messages", async () => {
    const server = await createFakeLlmServer({ script: roundTripScript });
    try {
      const body = await runToolRoundTrip(server, new OpenAIChatProvider({ baseUrl: server.openaiBaseUrl }));
      expect(body.tools).toEqual([
        {
          type: "function",
          function: {
            name: "load_skill",
            description: loadSkillTool.description,
            parameters: loadSkillTool.inputSchema,
          },
        },
      ]);
      expect(body.messages).toEqual([
        { role: "system", content: "You are a test agent." },
        { role: "user", content: "Summarise report.pdf" },
        {
          role: "assistant",
          content: "Let me look.",
          tool_calls: [
            { id: "call_1", type: "function", function: { name: "load_skill", arguments: '{"name":"pdf"}' } },
            {
              id: "call_2",
              type: "function",
              function: { name: "read_skill_file", arguments: '{"path":"forms.md"}' },
            },
          ],
        },
        { role: "tool", tool_call_id: "call_1", content: "# PDF skill" },
        { role: "tool", tool_call_id: "call_2", content: "Error: no such file" },
      ]);
      expect(server.requests[0]?.body.stream_options).toEqual({ include_usage: true });
    } finally {
      await server.close();
    }
  });

  it("sends the API key as a bearer token", async () => {
    const server = await createFakeLlmServer({ script: [{ text: "ok" }], apiKey: "sk-test" });
    try {
      const provider = new OpenAIChatProvider({ baseUrl: server.openaiBaseUrl, apiKey: "sk-test" });
      await expect(provider.complete(chatRequest())).resolves.toMatchObject({ text: "ok" });
      expect(server.requests[0]?.headers.authorization).toBe("Bearer sk-test");
    } finally {
      await server.close();
    }
  });
});

describe("the Anthropic wire format", () => {
  it("sends system and tools at the top level, tool_use blocks, and merged tool_result blocks", async () => {
    const server = await createFakeLlmServer({ script: roundTripScript });
    try {
      const body = await runToolRoundTrip(
        server,
        new AnthropicMessagesProvider({ baseUrl: server.anthropicBaseUrl }),
      );
      expect(body.system).toBe("You are a test agent.");
      expect(body.max_tokens).toBe(8192);
      expect(body.tools).toEqual([
        {
          name: "load_skill",
          description: loadSkillTool.description,
          input_schema: loadSkillTool.inputSchema,
        },
      ]);
      expect(body.messages).toEqual([
        { role: "user", content: [{ type: "text", text: "Summarise report.pdf" }] },
        {
          role: "assistant",
          content: [
            { type: "text", text: "Let me look." },
            { type: "tool_use", id: "call_1", name: "load_skill", input: { name: "pdf" } },
            { type: "tool_use", id: "call_2", name: "read_skill_file", input: { path: "forms.md" } },
          ],
        },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "call_1", content: "# PDF skill" },
            { type: "tool_result", tool_use_id: "call_2", content: "no such file", is_error: true },
          ],
        },
      ]);
    } finally {
      await server.close();
    }
  });

  it("sends the API key in x-api-key and an anthropic-version header", async () => {
    const server = await createFakeLlmServer({ script: [{ text: "ok" }], apiKey: "sk-ant-test" });
    try {
      const provider = new AnthropicMessagesProvider({
        baseUrl: server.anthropicBaseUrl,
        apiKey: "sk-ant-test",
      });
      await expect(provider.complete(chatRequest())).resolves.toMatchObject({ text: "ok" });
      expect(server.requests[0]?.headers["x-api-key"]).toBe("sk-ant-test");
      expect(server.requests[0]?.headers["anthropic-version"]).toBeDefined();
    } finally {
      await server.close();
    }
  });
});
