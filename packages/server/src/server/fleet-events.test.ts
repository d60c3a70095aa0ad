// Two settings servers on one PostgreSQL database: a state set through one instance's HTTP API
// reaches the other instance's /api/events stream (what the settings page listens to) within a second.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import {
  createTestSchemaName,
  describeWithPostgres,
  requireTestUrl,
} from "@skillbox/store-postgres/store/postgres/__fixtures__/test-database";
import {
  openWorkspaceWithStore,
  type StoreBackedWorkspace,
} from "@skillbox/workspace/workspace/open-workspace-with-store";
import { afterEach, expect, it } from "vitest";
import { authorized, TEST_TOKEN } from "./__fixtures__/server-test-helpers.js";
import { createApp } from "./create-app.js";
import { createServerEvents } from "./server-events.js";

const opened: StoreBackedWorkspace[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((workspace) => workspace.closeAndFlush()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function openInstance(schema: string) {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), "skillbox-fleet-server-")));
  folders.push(base);
  const skills = path.join(base, "skills");
  mkdirSync(path.join(skills, "pdf"), { recursive: true });
  writeFileSync(
    path.join(skills, "pdf", "SKILL.md"),
    "---\nname: pdf\ndescription: Reads PDF files.\n---\nBody.\n",
  );
  mkdirSync(path.join(base, "home"), { recursive: true });
  const workspace = await openWorkspaceWithStore({
    cwd: base,
    home: path.join(base, "home"),
    env: {},
    dirs: [skills],
    bundledDirectory: path.join(base, "bundled"),
    storeUrl: requireTestUrl(),
    postgres: { schema },
  });
  opened.push(workspace);
  const events = createServerEvents(workspace);
  return createApp({ workspace, token: TEST_TOKEN, events });
}

/** Reads the stream until `done` accepts the text so far; fails after `timeoutMs`. */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  done: (text: string) => boolean,
  timeoutMs: number,
): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  while (!done(text)) {
    const remaining = deadline - Date.now();
    if (remaining <= 0)
      throw new Error(`the stream did not deliver in ${timeoutMs} ms; got ${JSON.stringify(text)}`);
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

describeWithPostgres("settings servers sharing one PostgreSQL database", () => {
  it("deliver a state set through one instance to the other's event stream within a second", async () => {
    const schema = createTestSchemaName("servers");
    const first = await openInstance(schema);
    const second = await openInstance(schema);
    const reader = ((await second.request("/api/events")).body as ReadableStream<Uint8Array>).getReader();
    await readUntil(reader, (text) => text.includes("connected"), 3000);
    const response = await first.request("/api/skills/pdf/state", authorized("PUT", { state: "off" }));
    expect(response.status).toBeLessThan(300);
    const text = await readUntil(reader, (seen) => seen.includes("event: state-changed"), 1000);
    expect(text).toContain('event: state-changed\ndata: {"names":["pdf"]}\n\n');
    await reader.cancel();
  });
});
