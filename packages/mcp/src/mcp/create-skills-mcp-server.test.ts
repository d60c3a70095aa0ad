import { createHash } from "node:crypto";
import { readFileSync, utimesSync } from "node:fs";
import * as path from "node:path";
import { SkillsClient, SkillVerificationError } from "@modelcontextprotocol/client/ext/skills";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  connectTestClient,
  type ReceivedNotification,
  type TestConnection,
} from "./__fixtures__/connect-test-client.js";
import {
  createMcpTestWorkspace,
  type McpTestWorkspace,
  PNG_BYTES,
} from "./__fixtures__/mcp-test-workspace.js";
import { createSkillsMcpServer } from "./create-skills-mcp-server.js";
import { createSkillsMcpService, type SkillsMcpService } from "./skills-mcp-service.js";

let fixture: McpTestWorkspace;
let service: SkillsMcpService;
let connection: TestConnection | undefined;

beforeEach(() => {
  fixture = createMcpTestWorkspace();
  service = createSkillsMcpService(fixture.workspace, { debounceMs: 10 });
});

afterEach(async () => {
  await connection?.close();
  connection = undefined;
  service.close();
  fixture.remove();
});

async function connect(era: "legacy" | "modern" = "legacy", pageSize?: number): Promise<TestConnection> {
  if (pageSize !== undefined) {
    service.close();
    service = createSkillsMcpService(fixture.workspace, { pageSize, debounceMs: 10 });
  }
  connection = await connectTestClient(() => createSkillsMcpServer(fixture.workspace, { service }), era);
  return connection;
}

function sha256(bytes: Uint8Array | string): string {
  return `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
}

const REFUNDS = "skill://skills/refunds/SKILL.md";

/** The text of a prompt's single user message. */
function promptText(result: { messages: { content: unknown }[] }): string {
  const content = result.messages[0]?.content as { text?: string } | undefined;
  return content?.text ?? "";
}

describe("createSkillsMcpServer over the skills extension", () => {
  it("declares the extension with directoryRead and lists the listed skills with a digest for every file", async () => {
    const { client } = await connect();
    expect(client.getServerCapabilities()?.extensions?.["io.modelcontextprotocol/skills"]).toEqual({
      directoryRead: true,
    });
    const { skills } = await new SkillsClient(client).list();
    expect(skills.map((skill) => skill.uri)).toEqual([
      "skill://more/refunds/SKILL.md",
      "skill://notes/SKILL.md",
      "skill://quiet/SKILL.md",
      REFUNDS,
    ]);
    const refunds = skills.find((skill) => skill.uri === REFUNDS);
    expect(refunds?.frontmatter).toEqual({
      name: "refunds",
      description: "Process customer refund requests per company policy.",
      license: "Apache-2.0",
      arguments: ["order", "reason"],
      "argument-hint": "<order> <reason>",
    });
    const resources = refunds?.resources === "dynamic" ? [] : (refunds?.resources ?? []);
    expect(resources.map((resource) => resource.uri)).toEqual([
      REFUNDS,
      "skill://skills/refunds/logo.png",
      "skill://skills/refunds/scripts/check.sh",
      "skill://skills/refunds/templates/email.md",
      "skill://skills/refunds/templates/regional/eu.md",
    ]);
    const email = resources.find((resource) => resource.uri.endsWith("email.md"));
    expect(email?.digest).toBe(sha256(readFileSync(path.join(fixture.skills, "refunds/templates/email.md"))));
    expect(resources.find((resource) => resource.uri.endsWith("logo.png"))?.digest).toBe(sha256(PNG_BYTES));
  });

  it("pages skills/list without splitting entries, and a bad cursor is -32602", async () => {
    const { client } = await connect("legacy", 3);
    const skills = new SkillsClient(client);
    const page = z.looseObject({
      skills: z.array(z.looseObject({ uri: z.string() })),
      nextCursor: z.string().optional(),
    });
    const first = await client.request({ method: "skills/list", params: {} }, page);
    expect(first.skills).toHaveLength(3);
    expect(first.nextCursor).toBeDefined();
    const second = await skills.list({ cursor: first.nextCursor as string });
    expect(second.skills.map((skill) => skill.uri)).toEqual([REFUNDS]);
    expect(second.nextCursor).toBeUndefined();
    expect((await skills.list()).skills).toHaveLength(4);
    await expect(skills.list({ cursor: "not a cursor!" })).rejects.toMatchObject({ code: -32602 });
  });

  it("answers skills/get for an unlisted served skill and -32602 for anything that is not a served skill", async () => {
    const { client } = await connect();
    const skills = new SkillsClient(client);
    const hidden = await skills.get("skill://hidden/SKILL.md");
    expect(hidden.skill.frontmatter["disable-model-invocation"]).toBe(true);
    for (const uri of [
      "skill://personal/SKILL.md",
      "skill://gone/SKILL.md",
      "skill://skills/refunds/templates/email.md",
      "skill://nowhere/SKILL.md",
    ]) {
      await expect(skills.get(uri), uri).rejects.toMatchObject({ code: -32602 });
    }
  });

  it("reads every file through resources/read, text as text and bytes as a blob, each verifying", async () => {
    const { client } = await connect();
    const skills = new SkillsClient(client);
    const { skill } = await skills.get(REFUNDS);
    const manifest = await skills.read(skill);
    expect(manifest.body).toContain("Refund order $order because $reason.");
    expect(manifest.frontmatter).toEqual(skill.frontmatter);
    const email = await skills.read(skill, "templates/email.md");
    expect(email.text).toBe("Dear customer, your refund is on its way.\n");
    expect(email.mimeType).toBe("text/markdown");
    const logo = await skills.read(skill, "logo.png");
    expect([...logo.bytes]).toEqual([...PNG_BYTES]);
    expect(logo.text).toBeUndefined();
    const raw = await client.readResource({ uri: "skill://skills/refunds/logo.png" });
    expect(raw.contents[0]).toMatchObject({ blob: Buffer.from(PNG_BYTES).toString("base64") });
    await expect(client.readResource({ uri: "skill://personal/SKILL.md" })).rejects.toThrow();
  });

  it("serves an edited file's new bytes, which the old entry refuses and the entry skills/get then returns verifies", async () => {
    const { client } = await connect();
    const skills = new SkillsClient(client);
    const { skill: before } = await skills.get(REFUNDS);
    const file = fixture.write("refunds/templates/email.md", "Dear customer, we need your receipt first.\n");
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    await expect(skills.read(before, "templates/email.md")).rejects.toThrow(SkillVerificationError);
    const { skill: after } = await skills.get(REFUNDS);
    const email = await skills.read(after, "templates/email.md");
    expect(email.text).toBe("Dear customer, we need your receipt first.\n");
    const listed = (await skills.list()).skills.find((skill) => skill.uri === REFUNDS);
    expect(listed?.resources).toEqual(after.resources);
  });

  it("lists a directory's direct children with folders as inode/directory and SKILL.md's metadata", async () => {
    const { client } = await connect();
    const skills = new SkillsClient(client);
    const root = await skills.readDirectory("skill://skills/refunds");
    expect(root.resources).toEqual([
      {
        uri: REFUNDS,
        name: "refunds",
        description: "Process customer refund requests per company policy.",
        mimeType: "text/markdown",
        size: expect.any(Number),
      },
      { uri: "skill://skills/refunds/logo.png", name: "logo.png", mimeType: "image/png", size: 10 },
      { uri: "skill://skills/refunds/scripts", name: "scripts", mimeType: "inode/directory" },
      { uri: "skill://skills/refunds/templates", name: "templates", mimeType: "inode/directory" },
    ]);
    const templates = await skills.readDirectory("skill://skills/refunds/templates");
    expect(templates.resources.map((resource) => [resource.name, resource.mimeType])).toEqual([
      ["email.md", "text/markdown"],
      ["regional", "inode/directory"],
    ]);
    await expect(skills.readDirectory("skill://skills/refunds/logo.png")).rejects.toMatchObject({
      code: -32602,
    });
    await expect(skills.readDirectory("skill://skills/nothing")).rejects.toMatchObject({ code: -32602 });
  });

  it("keeps two skills of one name reachable under their folders' labels", async () => {
    const { client } = await connect();
    const skills = new SkillsClient(client);
    const first = await skills.read((await skills.get(REFUNDS)).skill);
    const second = await skills.read((await skills.get("skill://more/refunds/SKILL.md")).skill);
    expect(first.body).toContain("Refund order");
    expect(second.body).toBe("Second refunds body.\n");
  });

  it("speaks 2026-07-28 behind serveStdio, with ttlMs and cacheScope on skills/list", async () => {
    const { client } = await connect("modern");
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const listing = await new SkillsClient(client).list();
    expect(listing.skills).toHaveLength(4);
    expect(listing.ttlMs).toBe(0);
    expect(listing.cacheScope).toBe("private");
  });
});

describe("createSkillsMcpServer for hosts without the extension", () => {
  it("offers user-invocable skills as prompts, with arguments from `arguments` and `argument-hint`", async () => {
    const { client } = await connect();
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual([
      "hidden",
      "more:refunds",
      "notes",
      "personal",
      "quiet",
      "refunds",
    ]);
    expect(prompts.find((prompt) => prompt.name === "refunds")?.arguments).toEqual([
      { name: "order", description: "Argument 1 (<order> <reason>)", required: false },
      { name: "reason", description: "Argument 2 (<order> <reason>)", required: false },
    ]);
    expect(prompts.find((prompt) => prompt.name === "notes")?.arguments).toEqual([
      { name: "args", description: "<topic>", required: false },
    ]);
    const refunds = await client.getPrompt({
      name: "refunds",
      arguments: { order: "A 17", reason: "it broke" },
    });
    const text = promptText(refunds);
    expect(text).toContain("Refund order A 17 because it broke.");
    // The base is the skill's URI as listed (two skills share the name, so each has its own prefix).
    expect(text).toContain("Base directory for this skill: skill://skills/refunds/");
    expect(text).not.toContain(fixture.skills);
    const shadowed = await client.getPrompt({ name: "more:refunds", arguments: {} });
    expect(promptText(shadowed)).toContain("Base directory for this skill: skill://more/refunds/");
    const notes = await client.getPrompt({ name: "notes", arguments: { args: "the launch" } });
    expect(promptText(notes)).toContain("Write notes about the launch.");
  });

  it("answers load_skill, read_skill_file and search_skills, with isError and a hint on failure", async () => {
    const { client } = await connect();
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      "load_skill",
      "read_skill_file",
      "search_skills",
    ]);
    const loaded = await client.callTool({ name: "load_skill", arguments: { skill_name: "notes" } });
    expect(loaded.isError).toBeUndefined();
    expect(JSON.stringify(loaded.content)).toContain("Write notes about");
    const unknown = await client.callTool({ name: "load_skill", arguments: { skill_name: "refundz" } });
    expect(unknown.isError).toBe(true);
    expect(JSON.stringify(unknown.content)).toContain('Did you mean \\"refunds\\"?');
    const missingArgument = await client.callTool({
      name: "read_skill_file",
      arguments: { skill_name: "refunds" },
    });
    expect(missingArgument.isError).toBe(true);
    const file = await client.callTool({
      name: "read_skill_file",
      arguments: { skill_name: "refunds", path: "templates/email.md" },
    });
    expect(JSON.stringify(file.content)).toContain("your refund is on its way");
    const found = await client.callTool({ name: "search_skills", arguments: { query: "meeting notes" } });
    expect(JSON.stringify(found.content)).toContain("notes");
  });

  it("puts a budgeted Layer 1 pointer in instructions: name-only without description, off and user-only left out", async () => {
    const { client } = await connect();
    const instructions = client.getInstructions() ?? "";
    expect(instructions).toContain("load_skill");
    expect(instructions).toContain("**quiet**\n");
    expect(instructions).not.toContain("Listed by name only.");
    expect(instructions).not.toContain("personal");
    expect(instructions).not.toContain("gone");
    expect(instructions).toContain("**notes**: Takes meeting notes.");
  });
});

describe("createSkillsMcpServer under hot reload", () => {
  const isMethod = (method: string) => (notification: ReceivedNotification) => notification.method === method;

  it("sends resources/updated to a subscriber, and list_changed for resources and prompts, when skills change", async () => {
    const { client, waitForNotification, notifications } = await connect();
    fixture.workspace.registry.refresh();
    const watcher = fixture.workspace.registry.watch();
    try {
      await client.subscribeResource({ uri: "skill://notes/SKILL.md" });
      fixture.write("notes/SKILL.md", "---\nname: notes\ndescription: Takes better notes.\n---\nNew body.\n");
      await waitForNotification(
        (notification) =>
          notification.method === "notifications/resources/updated" &&
          notification.params?.uri === "skill://notes/SKILL.md",
      );
      await waitForNotification(isMethod("notifications/resources/list_changed"));
      await waitForNotification(isMethod("notifications/prompts/list_changed"));
      const { skill } = await new SkillsClient(client).get("skill://notes/SKILL.md");
      expect(skill.frontmatter.description).toBe("Takes better notes.");

      notifications.length = 0;
      fixture.write("fresh/SKILL.md", "---\nname: fresh\ndescription: Just arrived.\n---\nFresh body.\n");
      await waitForNotification(isMethod("notifications/resources/list_changed"));
      await waitForNotification(isMethod("notifications/prompts/list_changed"));
      const { skills } = await new SkillsClient(client).list();
      expect(skills.map((entry) => entry.uri)).toContain("skill://fresh/SKILL.md");
      // Nobody subscribed to fresh's SKILL.md, so no resources/updated named it.
      expect(
        notifications.some((notification) => notification.params?.uri === "skill://fresh/SKILL.md"),
      ).toBe(false);
    } finally {
      watcher.close();
    }
  });

  it("stops serving a skill turned off and tells clients the lists changed", async () => {
    const { client, waitForNotification } = await connect();
    fixture.workspace.setState("notes", "off");
    await waitForNotification(isMethod("notifications/resources/list_changed"));
    await waitForNotification(isMethod("notifications/prompts/list_changed"));
    const skills = new SkillsClient(client);
    expect((await skills.list()).skills.map((skill) => skill.uri)).not.toContain("skill://notes/SKILL.md");
    await expect(skills.get("skill://notes/SKILL.md")).rejects.toMatchObject({ code: -32602 });
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).not.toContain("notes");
  });
});
