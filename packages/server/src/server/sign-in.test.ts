// Signing in (issue 8, item 2): one-time login codes, the sign-in form, session cookies bound to
// Host and port, and which writes a session may make. All through app.request on pretend port 4317.
import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { createTempDirectory } from "@skillbox/testing/skill-folders";
import { afterEach, describe, expect, it } from "vitest";
import { addSkill, authorized, TEST_TOKEN, trackTestWorkspaces } from "./__fixtures__/server-test-helpers.js";
import { createApp } from "./create-app.js";
import { createSignInSessions } from "./sign-in-sessions.js";
import { createDirectoryReader } from "./web-page.js";

const workspaces = trackTestWorkspaces();
const cleanups: (() => void)[] = [];
afterEach(() => {
  workspaces.closeAll();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const HOST = "127.0.0.1:4317";
const ORIGIN = `http://${HOST}`;

function setUp() {
  const opened = workspaces.open();
  addSkill(opened.skills, "pdf", "Reads PDF files.");
  const temp = createTempDirectory("skillbox-sign-in-");
  cleanups.push(temp.remove);
  const web = path.join(temp.path, "web");
  mkdirSync(web);
  writeFileSync(path.join(web, "index.html"), '<!doctype html><div id="root"></div>');
  let now = 1_000_000;
  const sessions = createSignInSessions({ clock: () => now });
  const app = createApp({
    workspace: opened.workspace,
    token: TEST_TOKEN,
    port: 4317,
    sessions,
    readWebFile: createDirectoryReader(web),
  });
  const request = (target: string, init: RequestInit = {}) =>
    app.request(target, { ...init, headers: { host: HOST, ...(init.headers as Record<string, string>) } });
  const advance = (ms: number) => {
    now += ms;
  };
  return { ...opened, sessions, request, advance };
}

/** The `name=value` part of a Set-Cookie answer, for sending back as a Cookie header. */
function cookieOf(response: Response): string {
  const header = response.headers.get("set-cookie") ?? "";
  return header.split(";")[0] ?? "";
}

async function signInWithCode(context: ReturnType<typeof setUp>): Promise<string> {
  const response = await context.request(`/login?code=${context.sessions.issueCode()}`);
  expect(response.status).toBe(303);
  return cookieOf(response);
}

describe("the page without a session", () => {
  it("is the sign-in form only, for a client sending this server's own Host, and never holds the token", async () => {
    const { request } = setUp();
    for (const target of ["/", "/index.html"]) {
      const response = await request(target);
      expect(response.status, target).toBe(401);
      expect(response.headers.get("cache-control")).toBe("no-store");
      // So the browser posts the form with this server's Origin instead of `null`.
      expect(response.headers.get("referrer-policy")).toBe("same-origin");
      const html = await response.text();
      expect(html).toContain('<form method="post" action="/login">');
      expect(html).not.toContain('id="root"');
      expect(html).not.toContain(TEST_TOKEN);
    }
  });

  it("is the app for a signed-in browser, still without the token", async () => {
    const context = setUp();
    const cookie = await signInWithCode(context);
    const response = await context.request("/", { headers: { cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('id="root"');
    expect(html).not.toContain(TEST_TOKEN);
  });
});

describe("GET /login?code=", () => {
  it("opens a session: 303 to / with an HttpOnly, SameSite=Strict cookie named for the port", async () => {
    const context = setUp();
    const response = await context.request(`/login?code=${context.sessions.issueCode()}`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^skillbox-session-4317=[\w.-]{40,};/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Strict");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).not.toContain(TEST_TOKEN);
  });

  it("refuses a code used before: the sign-in form with 403 and no cookie", async () => {
    const context = setUp();
    const code = context.sessions.issueCode();
    expect((await context.request(`/login?code=${code}`)).status).toBe(303);
    const reused = await context.request(`/login?code=${code}`);
    expect(reused.status).toBe(403);
    expect(reused.headers.get("set-cookie")).toBeNull();
    expect(await reused.text()).toContain("already used or has expired");
  });

  it("refuses another spelling of a used code (base64url's spare bits decode to the same signature)", async () => {
    const context = setUp();
    const code = context.sessions.issueCode();
    expect((await context.request(`/login?code=${code}`)).status).toBe(303);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(code.slice(-1));
    // The last of the 43 characters carries 4 bits of the 32-byte MAC; its lowest bit is spare.
    const respelled = code.slice(0, -1) + alphabet[last ^ 1];
    expect(Buffer.from(respelled.split(".")[1] ?? "", "base64url")).toEqual(
      Buffer.from(code.split(".")[1] ?? "", "base64url"),
    );
    const replay = await context.request(`/login?code=${respelled}`);
    expect(replay.status).toBe(403);
    expect(replay.headers.get("set-cookie")).toBeNull();
  });

  it("refuses an expired code, a made-up one and the token itself", async () => {
    const context = setUp();
    const code = context.sessions.issueCode();
    context.advance(15 * 60 * 1000 + 1);
    for (const attempt of [code, "made-up-code", TEST_TOKEN]) {
      const response = await context.request(`/login?code=${encodeURIComponent(attempt)}`);
      expect(response.status, attempt).toBe(403);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
  });

  it("binds the session to the Host it was opened on", async () => {
    const context = setUp();
    const cookie = await signInWithCode(context);
    const elsewhere = await context.request("/", { headers: { host: "localhost:4317", cookie } });
    expect(elsewhere.status).toBe(401);
    const write = await context.request("/api/skills/pdf/state", {
      method: "PUT",
      headers: {
        host: "localhost:4317",
        origin: "http://localhost:4317",
        cookie,
        "content-type": "application/json",
      },
      body: JSON.stringify({ state: "off" }),
    });
    expect(write.status).toBe(401);
    expect(context.workspace.stateOf("pdf")).toBe("on");
  });
});

describe("POST /login", () => {
  it("exchanges the token from the form for a session and returns to / with 303", async () => {
    const context = setUp();
    const response = await context.request("/login", {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: TEST_TOKEN }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
    const page = await context.request("/", { headers: { cookie: cookieOf(response) } });
    expect(page.status).toBe(200);
  });

  it("accepts the token as JSON too", async () => {
    const context = setUp();
    const response = await context.request("/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: TEST_TOKEN }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signedIn: true });
    expect(cookieOf(response)).toMatch(/^skillbox-session-4317=/);
  });

  it("answers a wrong token with the form again (401) and no cookie, never echoing what was sent", async () => {
    const context = setUp();
    const response = await context.request("/login", {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: "token=guess-guess-guess-guess",
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("set-cookie")).toBeNull();
    const html = await response.text();
    expect(html).toContain("not this server's token");
    expect(html).not.toContain("guess-guess");
  });

  it("refuses a form posted from a foreign Origin, even with the right token", async () => {
    const context = setUp();
    const response = await context.request("/login", {
      method: "POST",
      headers: { origin: "http://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: TEST_TOKEN }).toString(),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("refuses other content types with 415", async () => {
    const context = setUp();
    const response = await context.request("/login", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: TEST_TOKEN,
    });
    expect(response.status).toBe(415);
  });
});

describe("writes", () => {
  const put = (headers: Record<string, string>) => ({
    method: "PUT",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ state: "off" }),
  });

  it("fail without a cookie or the bearer token", async () => {
    const context = setUp();
    const response = await context.request("/api/skills/pdf/state", put({ origin: ORIGIN }));
    expect(response.status).toBe(401);
    expect(context.workspace.stateOf("pdf")).toBe("on");
  });

  it("fail with the session cookie from a foreign Origin, or with no Origin at all", async () => {
    const context = setUp();
    const cookie = await signInWithCode(context);
    const foreign = await context.request(
      "/api/skills/pdf/state",
      put({ cookie, origin: "http://127.0.0.1:8080" }),
    );
    expect(foreign.status).toBe(403);
    const noOrigin = await context.request("/api/skills/pdf/state", put({ cookie }));
    expect(noOrigin.status).toBe(401);
    expect(context.workspace.stateOf("pdf")).toBe("on");
  });

  it("fail with a cookie that names no session", async () => {
    const context = setUp();
    const response = await context.request(
      "/api/skills/pdf/state",
      put({ cookie: "skillbox-session-4317=forged", origin: ORIGIN }),
    );
    expect(response.status).toBe(401);
  });

  it("succeed with the session cookie and this server's Origin, or with the bearer token alone", async () => {
    const context = setUp();
    const cookie = await signInWithCode(context);
    const bySession = await context.request("/api/skills/pdf/state", put({ cookie, origin: ORIGIN }));
    expect(bySession.status).toBe(200);
    expect(context.workspace.stateOf("pdf")).toBe("off");
    const byBearer = await context.request("/api/skills/pdf/state", {
      ...authorized("PUT", { state: "on" }),
      headers: { ...(authorized("PUT").headers as Record<string, string>), host: HOST },
    });
    expect(byBearer.status).toBe(200);
    expect(context.workspace.stateOf("pdf")).toBe("on");
  });
});

describe("sessions and codes across instances (fleet mode: nothing kept per process)", () => {
  /** A second "instance": its own app and sessions object over the same store, behind one proxy address. */
  function instance(context: ReturnType<typeof setUp>, token = TEST_TOKEN) {
    const sessions = createSignInSessions({ secret: token, spentCodes: context.workspace.cache });
    const app = createApp({
      workspace: context.workspace,
      token,
      port: 4317,
      sessions,
      allowedHosts: ["127.0.0.1:8080"],
    });
    const request = (target: string, init: RequestInit = {}) =>
      app.request(target, {
        ...init,
        headers: { host: "127.0.0.1:8080", ...(init.headers as Record<string, string>) },
      });
    return { sessions, request };
  }
  const put = (cookie: string) => ({
    method: "PUT",
    headers: { cookie, origin: "http://127.0.0.1:8080", "content-type": "application/json" },
    body: JSON.stringify({ state: "off" }),
  });

  it("accepts a code and a cookie issued by another instance sharing the token, and spends the code fleet-wide", async () => {
    const context = setUp();
    const first = instance(context);
    const second = instance(context);
    const code = first.sessions.issueCode();
    const login = await second.request(`/login?code=${code}`);
    expect(login.status).toBe(303);
    // Named by the port in Host (the proxy's), so every instance behind it reads the same cookie.
    expect(login.headers.get("set-cookie")).toMatch(/^skillbox-session-8080=/);
    expect((await first.request(`/login?code=${code}`)).status).toBe(403);
    expect((await second.request(`/login?code=${code}`)).status).toBe(403);
    const write = await first.request("/api/skills/pdf/state", put(cookieOf(login)));
    expect(write.status).toBe(200);
    expect(context.workspace.stateOf("pdf")).toBe("off");
  });

  it("refuses another token's codes and cookies: a new token signs every browser out", async () => {
    const context = setUp();
    const rotated = instance(context, "another-token-0123456789abcdef");
    const old = instance(context);
    const login = await old.request(`/login?code=${old.sessions.issueCode()}`);
    expect(login.status).toBe(303);
    expect((await rotated.request("/api/skills/pdf/state", put(cookieOf(login)))).status).toBe(401);
    expect((await rotated.request(`/login?code=${old.sessions.issueCode()}`)).status).toBe(403);
    expect(context.workspace.stateOf("pdf")).toBe("on");
  });

  it("refuses a cookie whose claims were edited (another Host, a later sign-in) without the signature", async () => {
    const context = setUp();
    const cookie = await signInWithCode(context);
    const [name, value = ""] = cookie.split("=");
    const [body = "", mac = ""] = value.split(".");
    const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as Record<string, unknown>;
    for (const edited of [
      { ...claims, h: "localhost:4317" },
      { ...claims, s: Number(claims.s) + 1 },
    ]) {
      const forged = `${name}=${Buffer.from(JSON.stringify(edited)).toString("base64url")}.${mac}`;
      const response = await context.request("/api/skills/pdf/state", {
        method: "PUT",
        headers: { cookie: forged, origin: ORIGIN, "content-type": "application/json" },
        body: JSON.stringify({ state: "off" }),
      });
      expect(response.status).toBe(401);
    }
    expect(context.workspace.stateOf("pdf")).toBe("on");
  });

  it("renews a used cookie, signs out after 24 idle hours, and 7 days after signing in however busy", async () => {
    const context = setUp();
    const hour = 60 * 60 * 1000;
    let cookie = await signInWithCode(context);
    const page = () => context.request("/", { headers: { cookie } });
    context.advance(4 * 60 * 1000);
    const early = await page();
    expect(early.status).toBe(200);
    expect(early.headers.get("set-cookie")).toBeNull();
    // Used every 20 hours: each use sends a fresh cookie, so the idle time starts again (to 160 h).
    for (let use = 1; use <= 8; use++) {
      context.advance(20 * hour);
      const response = await page();
      expect(response.status, `use at ${use * 20} h`).toBe(200);
      cookie = cookieOf(response);
      expect(cookie).toMatch(/^skillbox-session-4317=/);
    }
    context.advance(20 * hour);
    expect((await page()).status).toBe(401);

    const idle = await signInWithCode(context);
    context.advance(24 * hour + 1);
    expect((await context.request("/", { headers: { cookie: idle } })).status).toBe(401);
  });
});
