import { request as httpRequest } from "node:http";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMcpTestWorkspace, type McpTestWorkspace } from "./__fixtures__/mcp-test-workspace.js";
import {
  type RunningMcpHttpServer,
  type StartMcpHttpServerOptions,
  startMcpHttpServer,
} from "./start-mcp-http-server.js";

const TOKEN = "test-token-0123456789abcdef";
let fixture: McpTestWorkspace;
let server: RunningMcpHttpServer | undefined;
const clients: Client[] = [];

beforeEach(() => {
  fixture = createMcpTestWorkspace();
});

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  await server?.close();
  server = undefined;
  fixture.remove();
});

async function start(options: Partial<StartMcpHttpServerOptions> = {}): Promise<RunningMcpHttpServer> {
  server = await startMcpHttpServer({ workspace: fixture.workspace, token: TOKEN, port: 0, ...options });
  return server;
}

async function connect(url: string, era: "legacy" | "modern" = "legacy"): Promise<Client> {
  const client = new Client(
    { name: "skillbox-http-test", version: "1.0.0" },
    era === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {},
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
    }),
  );
  clients.push(client);
  return client;
}

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});

function post(url: string, headers: Record<string, string>, body = initialize): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body,
  });
}

/** POSTs an initialize with a chosen Host header; resolves with the status. */
function postWithHost(port: number, host: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: "/mcp",
        method: "POST",
        headers: {
          ...headers,
          host,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.once("error", reject);
    request.end(initialize);
  });
}

describe("skillbox mcp over Streamable HTTP", () => {
  it("listens on 127.0.0.1 and walks list, get, read, directory read, prompts, tools and a hot-reload notification", async () => {
    const running = await start();
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = await connect(running.url);
    const updated = new Promise<string>((resolve) => {
      client.setNotificationHandler("notifications/resources/updated", (notification) =>
        resolve(notification.params.uri),
      );
    });
    const skills = new SkillsClient(client);
    const { skills: listed } = await skills.list();
    expect(listed.map((skill) => skill.uri)).toContain("skill://notes/SKILL.md");
    const { skill } = await skills.get("skill://skills/refunds/SKILL.md");
    expect((await skills.read(skill, "templates/email.md")).text).toContain("refund is on its way");
    expect((await skills.readDirectory("skill://skills/refunds/templates")).resources).toHaveLength(2);
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toContain("refunds");
    const loaded = await client.callTool({ name: "load_skill", arguments: { skill_name: "notes" } });
    expect(JSON.stringify(loaded.content)).toContain("Write notes about");
    expect(running.sessionCount()).toBe(1);

    await client.subscribeResource({ uri: "skill://notes/SKILL.md" });
    fixture.workspace.registry.refresh();
    fixture.write("notes/SKILL.md", "---\nname: notes\ndescription: Takes better notes.\n---\nNew body.\n");
    fixture.workspace.registry.refresh();
    expect(await updated).toBe("skill://notes/SKILL.md");
  });

  it("serves 2026-07-28 clients per request on the same endpoint", async () => {
    const running = await start();
    const client = await connect(running.url, "modern");
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const listing = await new SkillsClient(client).list();
    expect(listing.skills).toHaveLength(4);
    expect(listing.cacheScope).toBe("private");
    expect(running.sessionCount()).toBe(0);
  });

  it("answers alike without sessions in stateless mode", async () => {
    const running = await start({ stateless: true });
    const client = await connect(running.url);
    expect((await new SkillsClient(client).list()).skills).toHaveLength(4);
    expect((await client.listTools()).tools).toHaveLength(3);
    expect(running.sessionCount()).toBe(0);
    const response = await post(running.url, { authorization: `Bearer ${TOKEN}` });
    expect(response.headers.get("mcp-session-id")).toBeNull();
  });

  it("refuses requests without the token, from another Host or Origin, or with a body over the limit", async () => {
    const running = await start({ maxBodyBytes: 2048 });
    const bearer = { authorization: `Bearer ${TOKEN}` };
    const missing = await post(running.url, {});
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toContain("Bearer");
    expect((await post(running.url, { authorization: "Bearer wrong-token-0123456789" })).status).toBe(401);
    // fetch() will not send a foreign Host header; node:http will, as a DNS-rebinding page's browser would.
    expect(await postWithHost(running.port, "evil.example", bearer)).toBe(403);
    expect(await postWithHost(running.port, `localhost:${running.port}`, bearer)).toBe(200);
    expect((await post(running.url, { ...bearer, origin: "https://evil.example" })).status).toBe(403);
    const large = await post(running.url, bearer, JSON.stringify({ padding: "x".repeat(4096) }));
    expect(large.status).toBe(413);
    expect((await post(running.url, { ...bearer, origin: `http://127.0.0.1:${running.port}` })).status).toBe(
      200,
    );
  });

  it("refuses resources/subscribe in stateless mode and does not advertise it, since it could never notify", async () => {
    const running = await start({ stateless: true });
    const client = await connect(running.url);
    expect(client.getServerCapabilities()?.resources?.subscribe).not.toBe(true);
    await expect(client.subscribeResource({ uri: "skill://notes/SKILL.md" })).rejects.toThrow(/stateless/);
    // With sessions, subscribing works and is advertised.
    await server?.close();
    const stateful = await start();
    const withSessions = await connect(stateful.url);
    expect(withSessions.getServerCapabilities()?.resources?.subscribe).toBe(true);
    await expect(withSessions.subscribeResource({ uri: "skill://notes/SKILL.md" })).resolves.toEqual({});
  });

  it("takes the token as ?token= on loopback for clients that cannot send headers, with a plain Bearer challenge", async () => {
    const running = await start();
    const client = new Client({ name: "header-less", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${running.url}?token=${TOKEN}`)));
    clients.push(client);
    expect((await new SkillsClient(client).list()).skills).toHaveLength(4);
    const wrong = await post(`${running.url}?token=wrong-token-0123456789`, {});
    expect(wrong.status).toBe(401);
    // No resource_metadata: there is no authorization server to discover.
    expect(wrong.headers.get("www-authenticate")).toBe('Bearer realm="skillbox"');
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toContain("?token=");
  });

  it("refuses a token in the URL when the server is reachable from other machines", async () => {
    const running = await start({ host: "0.0.0.0" });
    const refused = await post(`${running.url}?token=${TOKEN}`, {});
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
      "only in the Authorization header",
    );
    expect((await post(running.url, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it("caps the number of sessions and forgets unknown ones", async () => {
    const running = await start({ maxSessions: 1 });
    const bearer = { authorization: `Bearer ${TOKEN}` };
    const first = await post(running.url, bearer);
    expect(first.status).toBe(200);
    expect(first.headers.get("mcp-session-id")).toBeTruthy();
    const second = await post(running.url, bearer);
    expect(second.status).toBe(503);
    expect(((await second.json()) as { error: { message: string } }).error.message).toContain(
      "Too many sessions",
    );
    const unknown = await post(running.url, { ...bearer, "mcp-session-id": "no-such-session" });
    expect(unknown.status).toBe(404);
  });
});
