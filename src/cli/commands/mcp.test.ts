import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterEach, describe, expect, it } from "vitest";
import { BUILT_CLI, requireBuiltCli } from "../../e2e/__fixtures__/e2e-harness.js";
import type { CliIo } from "../command.js";
import { mcpCommand } from "./mcp.js";

const TOKEN = "cli-test-token-0123456789abcdef";
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A temp home and a skills folder with `notes` (a supporting file) and `refunds`. */
function createFolders(): {
  root: string;
  home: string;
  skills: string;
  write(relative: string, text: string): void;
} {
  const root = mkdtempSync(path.join(tmpdir(), "skillbox-mcp-cli-"));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const home = path.join(root, "home");
  const skills = path.join(root, "skills");
  mkdirSync(home, { recursive: true });
  const write = (relative: string, text: string) => {
    const file = path.join(skills, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  write(
    "notes/SKILL.md",
    "---\nname: notes\ndescription: Takes meeting notes.\n---\nWrite notes about $ARGUMENTS.\n",
  );
  write("notes/reference/format.md", "Use bullet points.\n");
  write("refunds/SKILL.md", "---\nname: refunds\ndescription: Refunds orders.\n---\nRefund it.\n");
  return { root, home, skills, write };
}

function captureIo(home: string, signal: AbortSignal): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    cwd: home,
    home,
    env: { SKILLBOX_TOKEN: TOKEN, SKILLBOX_DB: ":memory:" },
    bundledDirectory: path.join(home, "no-bundled-skills"),
    signal,
  };
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("skillbox mcp", () => {
  it("refuses HTTP options without --http and bad numbers", async () => {
    const folders = createFolders();
    const io = captureIo(folders.home, new AbortController().signal);
    await expect(mcpCommand.run(["--stateless"], io)).rejects.toMatchObject({ code: "usage-error" });
    await expect(mcpCommand.run(["--http", "--port", "70000"], io)).rejects.toMatchObject({
      code: "usage-error",
    });
    await expect(mcpCommand.run(["extra"], io)).rejects.toMatchObject({ code: "usage-error" });
  });

  it("serves Streamable HTTP with --http on 127.0.0.1 with the API token, and stops on the signal", async () => {
    const folders = createFolders();
    const stop = new AbortController();
    const io = captureIo(folders.home, stop.signal);
    const exit = mcpCommand.run(["--http", "--port", "0", "--dir", folders.skills], io);
    const url = await waitFor(() => /Skillbox MCP: (\S+)\n/.exec(io.out.join(""))?.[1]);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(io.out.join("")).toContain("Token: from SKILLBOX_TOKEN");
    const client = new Client({ name: "cli-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
      }),
    );
    const { skills } = await new SkillsClient(client).list();
    expect(skills.map((skill) => skill.uri)).toEqual(["skill://notes/SKILL.md", "skill://refunds/SKILL.md"]);
    await client.close();
    stop.abort();
    expect(await exit).toBe(0);
    expect(io.out.join("")).toContain("Stopping (aborted)");
  });

  it("serves stdio from the built CLI: list, get, read, directory read, prompts, tools and a hot-reload notification", async () => {
    requireBuiltCli();
    const folders = createFolders();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BUILT_CLI, "mcp", "--dir", folders.skills],
      env: { ...(process.env as Record<string, string>), HOME: folders.home, SKILLBOX_DB: ":memory:" },
      stderr: "pipe",
    });
    const client = new Client({ name: "stdio-test", version: "1.0.0" });
    const updates: string[] = [];
    client.setNotificationHandler("notifications/resources/updated", (notification) => {
      updates.push(notification.params.uri);
    });
    await client.connect(transport);
    cleanups.push(() => client.close());
    const skills = new SkillsClient(client);
    const { skills: listed } = await skills.list();
    expect(listed.map((skill) => skill.uri)).toEqual(["skill://notes/SKILL.md", "skill://refunds/SKILL.md"]);
    const { skill } = await skills.get("skill://notes/SKILL.md");
    expect((await skills.read(skill)).body).toBe("Write notes about $ARGUMENTS.\n");
    expect((await skills.read(skill, "reference/format.md")).text).toBe("Use bullet points.\n");
    const directory = await skills.readDirectory("skill://notes");
    expect(directory.resources.map((resource) => resource.name)).toEqual(["notes", "reference"]);
    const prompt = await client.getPrompt({ name: "notes", arguments: {} });
    expect(JSON.stringify(prompt.messages)).toContain("Write notes about");
    const tool = await client.callTool({ name: "load_skill", arguments: { skill_name: "refunds" } });
    expect(JSON.stringify(tool.content)).toContain("Refund it.");

    await client.subscribeResource({ uri: "skill://notes/SKILL.md" });
    folders.write("notes/SKILL.md", "---\nname: notes\ndescription: Takes better notes.\n---\nNew body.\n");
    await waitFor(() => (updates.includes("skill://notes/SKILL.md") ? true : undefined), 15_000);
    expect((await skills.get("skill://notes/SKILL.md")).skill.frontmatter.description).toBe(
      "Takes better notes.",
    );
  });
});
