// Edits to any file of a served skill, with no other traffic: in the listing and notified within a
// second, and a listing never older than the bytes a read right after it serves.

import { rmSync } from "node:fs";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectTestClient, type TestConnection } from "./__fixtures__/connect-test-client.js";
import { createMcpTestWorkspace, type McpTestWorkspace } from "./__fixtures__/mcp-test-workspace.js";
import { createSkillsMcpServer } from "./create-skills-mcp-server.js";
import { createSkillsMcpService, type SkillsMcpService } from "./skills-mcp-service.js";

const REFUNDS = "skill://skills/refunds/SKILL.md";
const EMAIL = "skill://skills/refunds/templates/email.md";

let fixture: McpTestWorkspace;
let service: SkillsMcpService;
let connection: TestConnection;

beforeEach(async () => {
  fixture = createMcpTestWorkspace();
  service = createSkillsMcpService(fixture.workspace);
  connection = await connectTestClient(() => createSkillsMcpServer(fixture.workspace, { service }));
});

afterEach(async () => {
  await connection.close();
  service.close();
  fixture.remove();
});

/** The digest skills/list gives for `uri`. */
async function listedDigest(skills: SkillsClient, uri: string): Promise<string | undefined> {
  const { skills: listed } = await skills.list();
  for (const skill of listed) {
    if (skill.resources === "dynamic") continue;
    const found = skill.resources.find((resource) => resource.uri === uri);
    if (found !== undefined) return found.digest;
  }
  return undefined;
}

describe("changes to a skill's files", () => {
  it("notifies an edit to a supporting file within a second, with no other request in between", async () => {
    const { client, waitForNotification } = connection;
    const skills = new SkillsClient(client);
    const before = await listedDigest(skills, EMAIL);
    await client.subscribeResource({ uri: EMAIL });
    const started = Date.now();
    fixture.write("refunds/templates/email.md", "Dear customer, the refund went out today.\n");
    await waitForNotification(
      (notification) =>
        notification.method === "notifications/resources/updated" && notification.params?.uri === EMAIL,
      1000,
    );
    expect(Date.now() - started).toBeLessThan(1000);
    await waitForNotification(
      (notification) => notification.method === "notifications/resources/list_changed",
      1000,
    );
    expect(await listedDigest(skills, EMAIL)).not.toBe(before);
  });

  it("notifies and lists a new file inside an existing skill, and a removed one", async () => {
    const { client, waitForNotification, notifications } = connection;
    const skills = new SkillsClient(client);
    await listedDigest(skills, REFUNDS);
    const added = "skill://skills/refunds/templates/apology.md";
    await client.subscribeResource({ uri: added });
    fixture.write("refunds/templates/apology.md", "We are sorry.\n");
    await waitForNotification(
      (notification) =>
        notification.method === "notifications/resources/updated" && notification.params?.uri === added,
      1000,
    );
    expect(await listedDigest(skills, added)).toBeDefined();
    notifications.length = 0;
    await client.subscribeResource({ uri: EMAIL });
    rmSync(`${fixture.skills}/refunds/templates/email.md`);
    await waitForNotification(
      (notification) =>
        notification.method === "notifications/resources/updated" && notification.params?.uri === EMAIL,
      1000,
    );
    expect(await listedDigest(skills, EMAIL)).toBeUndefined();
  });

  it("never lists a digest older than the bytes a read right after the listing returns", async () => {
    const skills = new SkillsClient(connection.client);
    await listedDigest(skills, EMAIL);
    for (let round = 0; round < 20; round++) {
      // Same size every round: only the hash can tell these versions apart, not the stamp.
      fixture.write(
        "refunds/templates/email.md",
        `Version ${String(round).padStart(4, "0")} of the email.\n`,
      );
      const { skills: listed } = await skills.list();
      const entry = listed.find((item) => item.uri === REFUNDS);
      if (entry === undefined) throw new Error("refunds is not listed");
      // SkillsClient.read verifies the bytes against the listed digest and throws on a mismatch.
      const file = await skills.read(entry, "templates/email.md");
      expect(file.text).toBe(`Version ${String(round).padStart(4, "0")} of the email.\n`);
    }
  });
});
