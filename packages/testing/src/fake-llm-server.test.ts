// The fake LLM server over plain fetch: exact wire shapes, recording, faults and a loud empty script.

import { afterEach, describe, expect, it } from "vitest";
import { createFakeLlmServer, type FakeLlmServer, type FakeLlmStep } from "./index.js";

let server: FakeLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(script: FakeLlmStep[], options: { apiKey?: string } = {}): Promise<FakeLlmServer> {
  server = await createFakeLlmServer({ script, ...options });
  return server;
}

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** The `data:` payloads (and event names) of an SSE body. */
function parseEvents(text: string): { event?: string; data: string }[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
      return event === undefined ? { data } : { event, data };
    });
}

describe("createFakeLlmServer", () => {
  it("answers OpenAI chat completions as JSON and records the request", async () => {
    const fake = await start([
      { text: "Hi", toolCalls: [{ id: "call_x", name: "ls", arguments: { path: "." } }] },
    ]);
    const response = await post(`${fake.openaiBaseUrl}/chat/completions`, {
      model: "m",
      messages: [{ role: "user", content: "hello" }],
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.choices[0]).toMatchObject({
      finish_reason: "tool_calls",
      message: {
        role: "assistant",
        content: "Hi",
        tool_calls: [{ id: "call_x", type: "function", function: { name: "ls", arguments: '{"path":"."}' } }],
      },
    });
    expect(body.usage.total_tokens).toBe(body.usage.prompt_tokens + body.usage.completion_tokens);
    expect(fake.requests[0]).toMatchObject({
      method: "POST",
      path: "/v1/chat/completions",
      format: "openai",
      stream: false,
    });
    expect(fake.requests[0]?.body.messages).toEqual([{ role: "user", content: "hello" }]);
  });

  it("streams OpenAI chunks with tool-call fragments, a usage chunk and [DONE]", async () => {
    const fake = await start([{ text: "a b", toolCalls: [{ name: "ls", arguments: { path: "src" } }] }]);
    const response = await post(`${fake.openaiBaseUrl}/chat/completions`, {
      model: "m",
      messages: [],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const events = parseEvents(await response.text());
    expect(events.at(-1)).toEqual({ data: "[DONE]" });
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data));
    const deltas = chunks.map((chunk) => chunk.choices[0]?.delta ?? {});
    expect(deltas.map((delta) => delta.content ?? "").join("")).toBe("a b");
    const fragments = deltas.flatMap((delta) => delta.tool_calls ?? []);
    expect(fragments[0]).toMatchObject({
      index: 0,
      type: "function",
      function: { name: "ls", arguments: "" },
    });
    expect(fragments.map((fragment) => fragment.function.arguments).join("")).toBe('{"path":"src"}');
    expect(fragments.length).toBeGreaterThan(2);
    expect(chunks.find((chunk) => chunk.choices[0]?.finish_reason)?.choices[0].finish_reason).toBe(
      "tool_calls",
    );
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: expect.any(Number) } });
  });

  it("answers Anthropic messages as JSON with text and tool_use blocks", async () => {
    const fake = await start([
      { text: "Hi", toolCalls: [{ id: "toolu_1", name: "ls", arguments: { path: "." } }] },
    ]);
    const response = await post(`${fake.anthropicBaseUrl}/v1/messages`, {
      model: "m",
      max_tokens: 10,
      messages: [],
    });
    expect(await response.json()).toMatchObject({
      type: "message",
      role: "assistant",
      content: [
        { type: "text", text: "Hi" },
        { type: "tool_use", id: "toolu_1", name: "ls", input: { path: "." } },
      ],
      stop_reason: "tool_use",
      usage: { input_tokens: expect.any(Number), output_tokens: expect.any(Number) },
    });
  });

  it("streams Anthropic events in the documented order", async () => {
    const fake = await start([
      {
        text: "a b",
        toolCalls: [{ name: "ls", arguments: { path: "src" } }],
        usage: { inputTokens: 3, outputTokens: 9 },
      },
    ]);
    const response = await post(`${fake.anthropicBaseUrl}/v1/messages`, {
      model: "m",
      max_tokens: 10,
      messages: [],
      stream: true,
    });
    const events = parseEvents(await response.text());
    expect(events.map((event) => event.event)).toEqual([
      "message_start",
      "ping",
      "content_block_start",
      "content_block_delta",
      "content_block_delta",
      "content_block_stop",
      "content_block_start",
      "content_block_delta",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    const payloads = events.map((event) => JSON.parse(event.data));
    expect(payloads.every((payload, position) => payload.type === events[position]?.event)).toBe(true);
    expect(payloads[6].content_block).toMatchObject({ type: "tool_use", name: "ls", input: {} });
    expect(payloads[7].delta.type).toBe("input_json_delta");
    expect(payloads[7].delta.partial_json + payloads[8].delta.partial_json).toBe('{"path":"src"}');
    expect(payloads[10]).toMatchObject({ delta: { stop_reason: "tool_use" }, usage: { output_tokens: 9 } });
  });

  it("passes the recorded request to a step function", async () => {
    const fake = await start([(request) => ({ text: `you said ${JSON.stringify(request.body.messages)}` })]);
    const response = await post(`${fake.openaiBaseUrl}/chat/completions`, { model: "m", messages: ["x"] });
    expect((await response.json()).choices[0].message.content).toBe('you said ["x"]');
  });

  it("answers scripted faults with their status, headers and a wire-format error body", async () => {
    const fake = await start([{ status: 429, headers: { "retry-after": "2" } }]);
    const response = await post(`${fake.anthropicBaseUrl}/v1/messages`, { model: "m", messages: [] });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("2");
    expect(await response.json()).toMatchObject({ type: "error", error: { type: "rate_limit_error" } });
  });

  it("drops the connection for a hang-up step", async () => {
    const fake = await start([{ hangUp: true }]);
    await expect(
      post(`${fake.openaiBaseUrl}/chat/completions`, { model: "m", messages: [] }),
    ).rejects.toThrow();
    expect(fake.requests).toHaveLength(1);
  });

  it("fails loudly with a 500 naming the problem when the script runs out", async () => {
    const fake = await start([{ text: "only one" }]);
    await post(`${fake.openaiBaseUrl}/chat/completions`, { model: "m", messages: [] });
    const response = await post(`${fake.openaiBaseUrl}/chat/completions`, { model: "m", messages: [] });
    expect(response.status).toBe(500);
    expect((await response.json()).error.message).toMatch(/script ran out at model call #2.*1 scripted step/);
    expect(fake.remainingSteps).toBe(0);
  });

  it("rejects requests without the configured API key", async () => {
    const fake = await start([{ text: "ok" }], { apiKey: "secret" });
    expect((await post(`${fake.openaiBaseUrl}/chat/completions`, { model: "m", messages: [] })).status).toBe(
      401,
    );
    const authorized = await post(
      `${fake.openaiBaseUrl}/chat/completions`,
      { model: "m", messages: [] },
      { authorization: "Bearer secret" },
    );
    expect(authorized.status).toBe(200);
  });

  it("lists models and explains unknown routes", async () => {
    const fake = await start([]);
    expect(await (await fetch(`${fake.openaiBaseUrl}/models`)).json()).toMatchObject({
      object: "list",
      data: [{ id: "fake-model" }],
    });
    const missing = await post(`${fake.url}/chat/completions`, { model: "m", messages: [] });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toContain("openaiBaseUrl");
  });

  it("uses steps added after start", async () => {
    const fake = await start([]);
    fake.addSteps({ text: "late" });
    expect(fake.remainingSteps).toBe(1);
    const response = await post(`${fake.openaiBaseUrl}/chat/completions`, { model: "m", messages: [] });
    expect((await response.json()).choices[0].message.content).toBe("late");
  });

  it("answers /v1/embeddings with deterministic unit vectors, without using the script, and counts the texts", async () => {
    const fake = await start([{ text: "still here" }]);
    const answer = async (input: unknown) =>
      (await post(`${fake.openaiBaseUrl}/embeddings`, { model: "embed", input })).json();
    const first = await answer(["Fill PDF forms", "deploy to kubernetes"]);
    expect(first.data.map((item: { index: number }) => item.index)).toEqual([0, 1]);
    const [forms, deploy] = first.data.map((item: { embedding: number[] }) => item.embedding);
    expect(forms).toHaveLength(64);
    expect(Math.hypot(...forms)).toBeCloseTo(1, 6);
    const again = await answer("fill pdf FORMS");
    expect(again.data[0].embedding).toEqual(forms);
    const cosine = (left: number[], right: number[]) =>
      left.reduce((sum, value, index) => sum + value * (right[index] ?? 0), 0);
    const query = (await answer(["pdf forms"])).data[0].embedding;
    expect(cosine(query, forms)).toBeGreaterThan(cosine(query, deploy));
    expect(fake.embeddedTexts).toEqual([
      "Fill PDF forms",
      "deploy to kubernetes",
      "fill pdf FORMS",
      "pdf forms",
    ]);
    expect(fake.remainingSteps).toBe(1);
    const bad = await post(`${fake.openaiBaseUrl}/embeddings`, { model: "embed", input: [] });
    expect(bad.status).toBe(400);
  });

  it("sizes embeddings as configured and refuses them without the key", async () => {
    server = await createFakeLlmServer({ embeddingDimensions: 8, apiKey: "secret" });
    const request = (headers: Record<string, string>) =>
      post(`${server?.openaiBaseUrl}/embeddings`, { model: "embed", input: ["a b"] }, headers);
    expect((await request({})).status).toBe(401);
    const answer = await (await request({ authorization: "Bearer secret" })).json();
    expect(answer.data[0].embedding).toHaveLength(8);
  });
});
