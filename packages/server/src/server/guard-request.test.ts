import { SkillboxError } from "@skillbox/core/errors";
import { afterEach, describe, expect, it } from "vitest";
import { addSkill, authorized, TEST_TOKEN, trackTestWorkspaces } from "./__fixtures__/server-test-helpers.js";
import { CONTENT_SECURITY_POLICY, createApp } from "./create-app.js";
import { describeErrorResponse } from "./error-response.js";
import { isAllowedHost } from "./guard-request.js";

const workspaces = trackTestWorkspaces();
afterEach(() => workspaces.closeAll());

const host = { host: "127.0.0.1:4317" };

/** An app on (pretend) port 4317 whose `request` sends that Host unless the test gives its own. */
function setUp(options: Partial<Parameters<typeof createApp>[0]> = {}) {
  const opened = workspaces.open();
  addSkill(opened.skills, "pdf", "Reads PDF files.");
  const app = createApp({ workspace: opened.workspace, token: TEST_TOKEN, port: 4317, ...options });
  const request = (path: string, init: RequestInit = {}) =>
    app.request(path, { ...init, headers: { ...host, ...(init.headers as Record<string, string>) } });
  return { ...opened, app: { request } };
}

async function errorCode(response: Response): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

describe("the bearer token", () => {
  const writes: [string, string, unknown][] = [
    ["PUT", "/api/skills/pdf/state", { state: "off" }],
    ["POST", "/api/refresh", undefined],
    ["POST", "/api/directory/open", undefined],
    ["PUT", "/api/settings", { allowShellInjection: true }],
    ["POST", "/api/skills/pdf/scripts/run.sh", {}],
    ["DELETE", "/api/skills/pdf", undefined],
  ];

  it("is required on every write: none or a wrong one gives 401 and changes nothing", async () => {
    const { app, workspace } = setUp();
    for (const [method, path, body] of writes) {
      const missing = await app.request(path, {
        method,
        headers: { ...host, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(missing.status, `${method} ${path}`).toBe(401);
      expect(await errorCode(missing)).toBe("unauthorized");
      expect(missing.headers.get("www-authenticate")).toContain("Bearer");
      const wrong = await app.request(path, authorized(method, body, `${TEST_TOKEN}x`));
      expect(wrong.status, `${method} ${path} with a wrong token`).toBe(401);
    }
    expect(workspace.stateOf("pdf")).toBe("on");
    expect(workspace.settings.readSkillSettings().settings.allowShellInjection).toBe(false);
  });

  it("is not needed for reads", async () => {
    const { app } = setUp();
    for (const path of ["/api/skills", "/api/prompt", "/api/settings", "/api/usage", "/api/metrics"]) {
      expect((await app.request(path, { headers: host })).status, path).toBe(200);
    }
  });
});

describe("the Host and Origin checks", () => {
  it("accept the loopback names with the server's port and refuse other hosts with 403", async () => {
    const { app } = setUp();
    for (const allowed of ["127.0.0.1:4317", "localhost:4317", "[::1]:4317"]) {
      expect((await app.request("/api/skills", { headers: { host: allowed } })).status, allowed).toBe(200);
    }
    for (const refused of [
      "evil.example:4317",
      "127.0.0.1:9999",
      "localhost.evil.example:4317",
      "attacker",
    ]) {
      const response = await app.request("/api/skills", { headers: { host: refused } });
      expect(response.status, refused).toBe(403);
      expect(await errorCode(response)).toBe("host-not-allowed");
    }
  });

  it("accept extra allowed hosts, with or without a port", async () => {
    const { app } = setUp({ allowedHosts: ["skillbox.lan", "box.local:8080"] });
    expect((await app.request("/api/skills", { headers: { host: "skillbox.lan:4317" } })).status).toBe(200);
    expect((await app.request("/api/skills", { headers: { host: "box.local:8080" } })).status).toBe(200);
    expect((await app.request("/api/skills", { headers: { host: "box.local:4317" } })).status).toBe(403);
  });

  it("refuse a foreign Origin with 403 even with the token, and accept the server's own", async () => {
    const { app, workspace } = setUp();
    const foreign = await app.request("/api/skills/pdf/state", {
      ...authorized("PUT", { state: "off" }),
      headers: { ...authorized("PUT").headers, origin: "http://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(await errorCode(foreign)).toBe("origin-not-allowed");
    expect(workspace.stateOf("pdf")).toBe("on");
    const nullOrigin = await app.request("/api/skills", { headers: { ...host, origin: "null" } });
    expect(nullOrigin.status).toBe(403);
    const own = await app.request("/api/skills/pdf/state", {
      ...authorized("PUT", { state: "off" }),
      headers: { ...authorized("PUT").headers, origin: "http://127.0.0.1:4317" },
    });
    expect(own.status).toBe(200);
  });

  it("isAllowedHost accepts any port for loopback names only while the port is unknown", () => {
    expect(isAllowedHost("localhost:1234", undefined, [])).toBe(true);
    expect(isAllowedHost("localhost", undefined, [])).toBe(true);
    expect(isAllowedHost("example.com:1234", undefined, [])).toBe(false);
    expect(isAllowedHost("[::1]:80", 80, [])).toBe(true);
    expect(isAllowedHost("127.0.0.1", 80, [])).toBe(true);
    expect(isAllowedHost("127.0.0.1", 81, [])).toBe(false);
  });
});

describe("request bodies and errors", () => {
  it("refuse writes declared as anything but application/json with 415, changing nothing", async () => {
    const { app, workspace } = setUp();
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      const response = await app.request("/api/settings", {
        method: "PUT",
        headers: { ...host, authorization: `Bearer ${TEST_TOKEN}`, "content-type": type },
        body: JSON.stringify({ allowShellInjection: true }),
      });
      expect(response.status, type).toBe(415);
      expect(await errorCode(response)).toBe("unsupported-media-type");
    }
    const refresh = await app.request("/api/refresh", {
      method: "POST",
      headers: { ...host, authorization: `Bearer ${TEST_TOKEN}`, "content-type": "text/plain" },
    });
    expect(refresh.status).toBe(415);
    expect(workspace.settings.readSkillSettings().settings.allowShellInjection).toBe(false);
    const json = await app.request("/api/settings", {
      ...authorized("PUT", { allowShellInjection: true }),
      headers: {
        ...host,
        authorization: `Bearer ${TEST_TOKEN}`,
        "content-type": "application/json; charset=utf-8",
      },
    });
    expect(json.status).toBe(200);
  });

  it("accept a write without a body and without a Content-Type", async () => {
    const { app } = setUp();
    const response = await app.request("/api/refresh", {
      method: "POST",
      headers: { ...host, authorization: `Bearer ${TEST_TOKEN}` },
    });
    expect(response.status).toBe(200);
  });

  it("refuse a body over the limit with 413", async () => {
    const { app } = setUp({ maxBodyBytes: 1024 });
    const response = await app.request(
      "/api/settings",
      authorized("PUT", { enabledSkillNames: Array.from({ length: 200 }, (_, index) => `skill-${index}`) }),
    );
    expect(response.status).toBe(413);
    expect(await errorCode(response)).toBe("payload-too-large");
  });

  it("answer unknown routes with a JSON 404", async () => {
    const { app } = setUp();
    const response = await app.request("/api/nothing");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not-found", message: expect.any(String) } });
  });

  it("map SkillboxError codes to statuses and hide unknown errors behind a 500", () => {
    const cases: [SkillboxError, number][] = [
      [new SkillboxError("invalid-argument", "bad"), 400],
      [new SkillboxError("skill-not-found", "gone"), 404],
      [new SkillboxError("permission-denied", "no"), 403],
      [new SkillboxError("conflict", "busy"), 409],
      [new SkillboxError("file-too-large", "big"), 413],
      [new SkillboxError("store-corrupt", "broken"), 500],
      [new SkillboxError("store-unavailable", "the shared database is down"), 503],
    ];
    for (const [error, status] of cases) {
      expect(describeErrorResponse(error)).toEqual({
        status,
        body: { error: { code: error.code, message: error.message } },
      });
    }
    const unknown = describeErrorResponse(new TypeError("x is undefined"));
    expect(unknown.status).toBe(500);
    expect(unknown.body.error.code).toBe("internal-error");
  });

  it("send the security headers on every answer", async () => {
    const { app } = setUp();
    for (const path of ["/api/skills", "/api/nothing"]) {
      const response = await app.request(path, { headers: host });
      expect(response.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("send the security headers on refusals too", async () => {
    const { app } = setUp();
    const response = await app.request("/api/skills", { headers: { host: "evil.example:4317" } });
    expect(response.status).toBe(403);
    expect(response.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
