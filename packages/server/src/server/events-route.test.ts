import { afterEach, describe, expect, it } from "vitest";
import { addSkill, authorized, TEST_TOKEN, trackTestWorkspaces } from "./__fixtures__/server-test-helpers.js";
import { createApp } from "./create-app.js";
import { createServerEvents } from "./server-events.js";

const workspaces = trackTestWorkspaces();
afterEach(() => workspaces.closeAll());

/** Reads an event stream, collecting text, until `done` accepts it or `timeoutMs` passes. */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  done: (text: string) => boolean,
  timeoutMs = 3000,
): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  while (!done(text)) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new Error(`stream did not deliver in time; got ${JSON.stringify(text)}`);
    const chunk = await Promise.race([
      reader.read(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`timeout; got ${text}`)), remaining),
      ),
    ]);
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text;
}

function setUp(heartbeatMs = 15_000) {
  const opened = workspaces.open();
  addSkill(opened.skills, "pdf", "Reads PDF files.");
  opened.workspace.registry.refresh();
  const events = createServerEvents(opened.workspace);
  const app = createApp({ workspace: opened.workspace, token: TEST_TOKEN, events, heartbeatMs });
  return { ...opened, app, events };
}

describe("GET /api/events", () => {
  it("streams server-sent events with the retry hint first", async () => {
    const { app } = setUp();
    const response = await app.request("/api/events");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(await readUntil(reader, (text) => text.includes("\n\n"))).toMatch(/^retry: \d+\n/);
    await reader.cancel();
  });

  it("delivers state-changed with the skill's names when a state is set", async () => {
    const { app } = setUp();
    const reader = ((await app.request("/api/events")).body as ReadableStream<Uint8Array>).getReader();
    await readUntil(reader, (text) => text.includes("connected"));
    await app.request("/api/skills/pdf/state", authorized("PUT", { state: "off" }));
    const text = await readUntil(reader, (seen) => seen.includes("event: state-changed"));
    expect(text).toContain('event: state-changed\ndata: {"names":["pdf"]}\n\n');
    await reader.cancel();
  });

  it("delivers skill-added and skill-changed from registry refreshes", async () => {
    const { app, skills } = setUp();
    const reader = ((await app.request("/api/events")).body as ReadableStream<Uint8Array>).getReader();
    await readUntil(reader, (text) => text.includes("connected"));
    addSkill(skills, "excel", "Builds spreadsheets.");
    addSkill(skills, "pdf", "Reads PDF files, now with forms.");
    await app.request("/api/refresh", authorized("POST"));
    const text = await readUntil(
      reader,
      (seen) => seen.includes("skill-added") && seen.includes("skill-changed"),
    );
    expect(text).toMatch(/event: skill-added\ndata: \{"names":\["excel","[^"]+:excel"\]\}/);
    expect(text).toMatch(/event: skill-changed\ndata: \{"names":\["pdf","[^"]+:pdf"\]\}/);
    await reader.cancel();
  });

  it("sends heartbeat comments while idle", async () => {
    const { app } = setUp(30);
    const reader = ((await app.request("/api/events")).body as ReadableStream<Uint8Array>).getReader();
    expect(await readUntil(reader, (text) => text.includes(": heartbeat\n\n"))).toContain(": heartbeat");
    await reader.cancel();
  });

  it("drops the subscription when the client goes away, and ends streams on close", async () => {
    const { app, events } = setUp();
    const first = ((await app.request("/api/events")).body as ReadableStream<Uint8Array>).getReader();
    await readUntil(first, (text) => text.includes("connected"));
    expect(events.subscriberCount).toBe(1);
    await first.cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events.subscriberCount).toBe(0);
    const second = ((await app.request("/api/events")).body as ReadableStream<Uint8Array>).getReader();
    await readUntil(second, (text) => text.includes("connected"));
    events.close();
    const rest = await readUntil(second, () => false, 1000).catch((error: Error) => error.message);
    expect(rest).not.toContain("timeout");
    expect(events.subscriberCount).toBe(0);
  });
});
