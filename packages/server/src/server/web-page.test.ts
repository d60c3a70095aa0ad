import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { createTempDirectory } from "@skillbox/testing/skill-folders";
import { afterEach, describe, expect, it } from "vitest";
import { openTestWorkspace, TEST_TOKEN, type TestWorkspace } from "./__fixtures__/server-test-helpers.js";
import { createApp } from "./create-app.js";
import { createSignInSessions } from "./sign-in-sessions.js";
import { createDirectoryReader } from "./web-page.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function setUp() {
  const opened: TestWorkspace = openTestWorkspace();
  const temp = createTempDirectory("skillbox-web-");
  cleanups.push(opened.close, temp.remove);
  const web = { path: path.join(temp.path, "web") };
  mkdirSync(path.join(web.path, "assets"), { recursive: true });
  writeFileSync(
    path.join(web.path, "index.html"),
    '<!doctype html><meta name="skillbox-token" content="__SKILLBOX_TOKEN__"><script src="./assets/app.js"></script>',
  );
  writeFileSync(path.join(web.path, "assets", "app.js"), "console.log('page');\n");
  writeFileSync(path.join(web.path, "..", "outside.txt"), "secret\n");
  const sessions = createSignInSessions();
  const app = createApp({
    workspace: opened.workspace,
    token: TEST_TOKEN,
    sessions,
    readWebFile: createDirectoryReader(web.path),
  });
  /** A cookie header for a browser signed in through a login code. */
  const signIn = async () => {
    const response = await app.request(`/login?code=${sessions.issueCode()}`);
    return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  };
  return { app, web: web.path, signIn };
}

describe("the settings page", () => {
  it("is served at / to a signed-in browser, uncached, under the security headers", async () => {
    const { app, signIn } = setUp();
    const response = await app.request("/", { headers: { cookie: await signIn() } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await response.text()).toContain('<script src="./assets/app.js">');
  });

  it("never puts the token into the HTML, even where an old build left the placeholder", async () => {
    const { app, signIn } = setUp();
    const html = await (await app.request("/index.html", { headers: { cookie: await signIn() } })).text();
    expect(html).toContain("__SKILLBOX_TOKEN__");
    expect(html).not.toContain(TEST_TOKEN);
  });

  it("serves its assets with their content type and a long cache life", async () => {
    const { app } = setUp();
    const response = await app.request("/assets/app.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("javascript");
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(await response.text()).toBe("console.log('page');\n");
  });

  it("never serves a file outside the build folder", async () => {
    const { app } = setUp();
    for (const attempt of [
      "/../outside.txt",
      "/%2e%2e/outside.txt",
      "/assets/..%2f..%2foutside.txt",
      "/missing.js",
    ]) {
      const response = await app.request(attempt);
      expect(response.status, attempt).toBe(404);
      expect(await response.text()).not.toContain("secret");
    }
  });

  it("is absent without a file reader, leaving a JSON 404 at /", async () => {
    const opened = openTestWorkspace();
    cleanups.push(opened.close);
    const app = createApp({ workspace: opened.workspace, token: TEST_TOKEN });
    const response = await app.request("/");
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
      "npm run build",
    );
  });
});
