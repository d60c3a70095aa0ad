// Sign-in while PostgreSQL is down (issue 13): a one-time code cannot be confirmed spent, so it is
// answered with 503 store-unavailable at once (never granted unchecked, never left hanging), the token
// form still signs in, and the same code works once PostgreSQL is back.
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import {
  describeWithPostgres,
  type PrivateCluster,
  startPrivateCluster,
  waitFor,
} from "@skillbox/store-postgres/store/postgres/__fixtures__/test-database";
import {
  openWorkspaceWithStore,
  type StoreBackedWorkspace,
} from "@skillbox/workspace/workspace/open-workspace-with-store";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TEST_TOKEN } from "./__fixtures__/server-test-helpers.js";
import { createApp } from "./create-app.js";
import { createSignInSessions } from "./sign-in-sessions.js";

const HOST = "127.0.0.1:4317";

describeWithPostgres("signing in while PostgreSQL is down", () => {
  // Its own cluster: stopping the shared one would break the other test files running alongside.
  let cluster: PrivateCluster;
  let workspace: StoreBackedWorkspace | undefined;
  let base = "";
  beforeAll(() => {
    base = realpathSync(mkdtempSync(path.join(tmpdir(), "skillbox-sign-in-outage-")));
    cluster = startPrivateCluster();
  });
  afterAll(async () => {
    await workspace?.closeAndFlush().catch(() => undefined);
    cluster?.remove();
    if (base !== "") rmSync(base, { recursive: true, force: true });
  });

  it("answers a code with 503 store-unavailable, still takes the token, and takes the code once it is back", async () => {
    mkdirSync(path.join(base, "home"));
    mkdirSync(path.join(base, "skills"));
    const opened = await openWorkspaceWithStore({
      cwd: base,
      home: path.join(base, "home"),
      env: {},
      dirs: [path.join(base, "skills")],
      bundledDirectory: path.join(base, "bundled"),
      storeUrl: cluster.url,
      postgres: { schema: "sign_in", connectTimeoutMs: 1000 },
    });
    workspace = opened;
    const postgres = opened.postgres;
    if (postgres === undefined) throw new Error("expected a PostgreSQL store");
    const sessions = createSignInSessions({ secret: TEST_TOKEN, spentCodes: opened.cache });
    const app = createApp({ workspace: opened, token: TEST_TOKEN, port: 4317, sessions });
    const request = (target: string, init: RequestInit = {}) =>
      app.request(target, { ...init, headers: { host: HOST, ...(init.headers as Record<string, string>) } });

    const spent = sessions.issueCode();
    expect((await request(`/login?code=${spent}`)).status).toBe(303);
    const code = sessions.issueCode();

    await cluster.pause();
    await waitFor(() => !postgres.available, 10_000, "the store to notice PostgreSQL is gone");
    const started = performance.now();
    const refused = await request(`/login?code=${code}`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("store-unavailable");
    const byToken = await request("/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: TEST_TOKEN }),
    });
    expect(byToken.status).toBe(200);
    expect(byToken.headers.get("set-cookie")).toMatch(/^skillbox-session-4317=/);

    await cluster.resume();
    await waitFor(() => postgres.available, 10_000, "the store to reconnect");
    expect((await request(`/login?code=${code}`)).status).toBe(303);
    expect((await request(`/login?code=${code}`)).status).toBe(403);
    expect((await request(`/login?code=${spent}`)).status).toBe(403);
  });
});
