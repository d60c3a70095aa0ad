import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect, type Socket } from "node:net";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { createTempDirectory } from "@skillbox/testing/skill-folders";
import { afterEach, describe, expect, it } from "vitest";
import {
  addSkill,
  openTestWorkspace,
  TEST_TOKEN,
  type TestWorkspace,
} from "./__fixtures__/server-test-helpers.js";
import { type RunningServer, type StartServerOptions, startServer } from "./start-server.js";
import { createDirectoryReader } from "./web-page.js";

let opened: TestWorkspace | undefined;
let server: RunningServer | undefined;
let stopWatching: (() => void) | undefined;
let removeTemp: (() => void) | undefined;
afterEach(async () => {
  stopWatching?.();
  await server?.close();
  opened?.close();
  removeTemp?.();
  opened = server = stopWatching = removeTemp = undefined;
});

async function setUp(options: Partial<StartServerOptions> = {}) {
  opened = openTestWorkspace();
  addSkill(opened.skills, "pdf", "Reads PDF files.");
  opened.workspace.registry.refresh();
  const watcher = opened.workspace.registry.watch({ debounceMs: 50 });
  stopWatching = () => watcher.close();
  server = await startServer(opened.workspace, { token: TEST_TOKEN, port: 0, ...options });
  return { ...opened, server };
}

/** A raw request with a chosen Host header (fetch does not let a caller set it). */
function requestWithHost(
  url: string,
  host: string,
  options: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: options.method ?? "GET", headers: { host, ...options.headers } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

async function getWithHost(url: string, host: string): Promise<number> {
  return (await requestWithHost(url, host)).status;
}

/** Polls `check` every 20 ms until it holds or `timeoutMs` passes; returns whether it held. */
async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
}

/** A raw socket that asks for the event stream and then reads nothing more (a stalled client). */
function openStalledEventClient(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    });
    socket.once("data", () => {
      socket.pause();
      resolve(socket);
    });
    socket.once("error", reject);
  });
}

describe("startServer on a real port", () => {
  it("listens on 127.0.0.1 at a free port and serves the API", async () => {
    const { server } = await setUp();
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
    expect(server.port).toBeGreaterThan(0);
    const response = await fetch(new URL("api/skills", server.url));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { skills: unknown[] }).skills).toHaveLength(1);
  });

  it("refuses a write without the token with 401", async () => {
    const { server, workspace } = await setUp();
    const response = await fetch(new URL("api/skills/pdf/state", server.url), {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ state: "off" }),
    });
    expect(response.status).toBe(401);
    expect(workspace.stateOf("pdf")).toBe("on");
  });

  it("refuses a foreign Origin with 403, even carrying the token", async () => {
    const { server, workspace } = await setUp();
    const response = await fetch(new URL("api/skills/pdf/state", server.url), {
      method: "PUT",
      headers: {
        authorization: `Bearer ${TEST_TOKEN}`,
        "content-type": "application/json",
        origin: "http://evil.example",
      },
      body: JSON.stringify({ state: "off" }),
    });
    expect(response.status).toBe(403);
    expect(workspace.stateOf("pdf")).toBe("on");
  });

  it("refuses a rebinding Host with 403 and accepts localhost on its own port", async () => {
    const { server } = await setUp();
    const url = new URL("api/skills", server.url).toString();
    expect(await getWithHost(url, `evil.example:${server.port}`)).toBe(403);
    expect(await getWithHost(url, `localhost:${server.port}`)).toBe(200);
  });

  it("streams skill-changed when a SKILL.md changes on disk", async () => {
    const { server, skills } = await setUp();
    const controller = new AbortController();
    const response = await fetch(new URL("api/events", server.url), { signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("connected")) text += decoder.decode((await reader.read()).value);
    addSkill(skills, "pdf", "Reads PDF files and fills in their forms.");
    const deadline = Date.now() + 5000;
    while (!text.includes("event: skill-changed") && Date.now() < deadline) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value);
    }
    expect(text).toMatch(/event: skill-changed\ndata: \{"names":\["pdf"/);
    controller.abort();
    await reader.cancel().catch(() => undefined);
  });

  it("drops an event stream's subscription when the browser disconnects", async () => {
    const { server } = await setUp();
    const controller = new AbortController();
    const response = await fetch(new URL("api/events", server.url), { signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    expect(server.events.subscriberCount).toBe(1);
    controller.abort();
    await reader.cancel().catch(() => undefined);
    const deadline = Date.now() + 2000;
    while (server.events.subscriberCount > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(server.events.subscriberCount).toBe(0);
  });

  it("closes promptly while an event stream is open", async () => {
    const { server } = await setUp();
    const response = await fetch(new URL("api/events", server.url));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(fetch(new URL("api/skills", server.url))).rejects.toThrow();
  });

  it("reports a port in use as a conflict", async () => {
    const { server, workspace } = await setUp();
    await expect(startServer(workspace, { token: TEST_TOKEN, port: server.port })).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("answers 503 past the event client cap, and takes a new client once one leaves", async () => {
    const { server } = await setUp({ maxEventClients: 2 });
    const controllers = [new AbortController(), new AbortController()];
    const readers = [];
    for (const controller of controllers) {
      const response = await fetch(new URL("api/events", server.url), { signal: controller.signal });
      expect(response.status).toBe(200);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      readers.push(reader);
    }
    const refused = await fetch(new URL("api/events", server.url));
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("too-many-event-clients");
    controllers[0]?.abort();
    await readers[0]?.cancel().catch(() => undefined);
    expect(await waitFor(() => server.events.subscriberCount === 1, 2000)).toBe(true);
    const again = await fetch(new URL("api/events", server.url));
    expect(again.status).toBe(200);
    await again.body?.cancel();
    controllers[1]?.abort();
  });

  it("closes an event client that stops reading, freeing its place", async () => {
    const { server } = await setUp({ maxEventClients: 1, heartbeatMs: 50, eventIdleTimeoutMs: 300 });
    const stalled = await openStalledEventClient(server.port);
    let closed = false;
    stalled.once("close", () => {
      closed = true;
    });
    stalled.on("error", () => undefined);
    expect(server.events.subscriberCount).toBe(1);
    // Large events fill the socket's buffers, so the server's writes stop being taken.
    const names = Array.from({ length: 20_000 }, (_, index) => `skill-name-${index}`);
    const deadline = Date.now() + 15_000;
    while (server.events.subscriberCount > 0 && Date.now() < deadline) {
      server.events.publish({ name: "skill-changed", names });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(server.events.subscriberCount).toBe(0);
    // Reading again reaches the end the server put on the connection.
    stalled.resume();
    expect(await waitFor(() => closed, 5000)).toBe(true);
    const next = await fetch(new URL("api/events", server.url));
    expect(next.status).toBe(200);
    await next.body?.cancel();
  });

  it("drops an event client whose socket is gone", async () => {
    const { server } = await setUp({ heartbeatMs: 50 });
    const socket = await openStalledEventClient(server.port);
    expect(server.events.subscriberCount).toBe(1);
    socket.destroy();
    expect(await waitFor(() => server.events.subscriberCount === 0, 2000)).toBe(true);
  });
});

describe("the page on a server bound to every address", () => {
  async function setUpPage() {
    const temp = createTempDirectory("skillbox-page-");
    removeTemp = temp.remove;
    const web = path.join(temp.path, "web");
    mkdirSync(web);
    writeFileSync(path.join(web, "index.html"), '<!doctype html><div id="root"></div>');
    return setUp({ host: "0.0.0.0", readWebFile: createDirectoryReader(web) });
  }

  it("gives a client sending Host 127.0.0.1:<port> without a session the sign-in form only, never the token", async () => {
    const { server } = await setUpPage();
    const page = await requestWithHost(server.url, `127.0.0.1:${server.port}`);
    expect(page.status).toBe(401);
    expect(page.body).toContain('action="/login"');
    expect(page.body).not.toContain('id="root"');
    expect(page.body).not.toContain(TEST_TOKEN);
    const write = await requestWithHost(
      new URL("api/settings", server.url).toString(),
      `127.0.0.1:${server.port}`,
      {
        method: "PUT",
        headers: { "content-type": "application/json", origin: `http://127.0.0.1:${server.port}` },
        body: JSON.stringify({ allowShellInjection: true }),
      },
    );
    expect(write.status).toBe(401);
  });

  it("opens the page through a login link, which works once", async () => {
    const { server } = await setUpPage();
    const link = server.createLoginUrl();
    const first = await fetch(link, { redirect: "manual" });
    expect(first.status).toBe(303);
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const page = await fetch(server.url, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="root"');
    expect((await fetch(link, { redirect: "manual" })).status).toBe(403);
  });
});

describe("startServer's entry for skillbox serve", () => {
  it("serves the page from a webDirectory holding index.html, and only the API from one without it", async () => {
    const temp = createTempDirectory("skillbox-page-");
    removeTemp = temp.remove;
    const web = path.join(temp.path, "web");
    mkdirSync(web);
    const { server: apiOnly, workspace } = await setUp({ webDirectory: web });
    expect(apiOnly.servesPage).toBe(false);
    const missing = await fetch(new URL("index.html", apiOnly.url));
    expect(missing.status).toBe(404);
    await apiOnly.close();

    writeFileSync(path.join(web, "index.html"), '<!doctype html><div id="root"></div>');
    const built = await startServer(workspace, { token: TEST_TOKEN, port: 0, webDirectory: web });
    server = built;
    expect(built.servesPage).toBe(true);
    const signedIn = await fetch(built.createLoginUrl(), { redirect: "manual" });
    const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0] as string;
    expect(await (await fetch(built.url, { headers: { cookie } })).text()).toContain('id="root"');
  });

  it("opens the page signed in through a private file beside the token, never the link itself, and removes it on close", async () => {
    const opened: string[] = [];
    const { server, home } = await setUp({
      openDirectory: async (target) => {
        opened.push(target);
        return true;
      },
    });
    expect(await server.openSignInPage()).toBe(true);
    expect(opened).toHaveLength(1);
    const file = fileURLToPath(opened[0] as string);
    expect(path.dirname(file)).toBe(path.join(home, ".skillbox"));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const link = /url=(http:[^"]+)"/.exec(readFileSync(file, "utf8"))?.[1] ?? "";
    expect(link).toMatch(/\/login\?code=/);
    expect((await fetch(link, { redirect: "manual" })).status).toBe(303);
    await server.close();
    expect(existsSync(file)).toBe(false);
  });

  it("says it opened nothing without an opener", async () => {
    const { server } = await setUp();
    expect(await server.openSignInPage()).toBe(false);
  });
});
