// One decision for code execution while the agent follows an MCP skill: the permission rules and the
// MCP gate ask one question between them, naming the skill's server, and an "always" is kept in the
// store with the skill's approval (bound to its content). A real in-process MCP server, the fake LLM
// and a SQLite store on disk, reopened by a second agent as a later process would.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { resolveProviderConfig } from "@skillbox/agent/agent/providers/resolve-provider-config";
import type { PermissionAnswer, PermissionQuestion } from "@skillbox/core/agent/permissions/permissions";
import { createFakeLlmServer, type FakeLlmServer, type FakeLlmStep } from "@skillbox/testing";
import { createSkillAgent, type SkillAgent } from "@skillbox/workspace/workspace/create-skill-agent";
import { openWorkspace } from "@skillbox/workspace/workspace/open-workspace";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTestSkillServer,
  inMemoryConnector,
  type TestSkillServer,
} from "./__fixtures__/test-skill-server.js";

let base: string;
let project: string;
const cleanups: (() => Promise<void> | void)[] = [];

beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), "skillbox-mcp-gate-"));
  project = path.join(base, "project");
  for (const folder of [path.join(base, "skills"), project, path.join(base, "home", ".skillbox")]) {
    mkdirSync(folder, { recursive: true });
  }
  writeFileSync(
    path.join(base, "home", ".skillbox", "config.json"),
    JSON.stringify({
      mcpServers: { docs: { url: "http://docs.test/mcp" } },
      permissions: { allow: ["Bash(touch:*)"] },
    }),
  );
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  rmSync(base, { recursive: true, force: true });
});

const NOTES = {
  "release-notes/SKILL.md":
    "---\nname: release-notes\ndescription: Writes release notes.\n---\nRun `touch notes.txt` first.\n",
};

/** One agent "process": a workspace over the store file, an agent, the fake LLM following `script`. */
async function startAgent(
  docs: TestSkillServer,
  script: FakeLlmStep[],
  answer: (question: PermissionQuestion) => PermissionAnswer,
): Promise<{ agent: SkillAgent; questions: PermissionQuestion[]; fake: FakeLlmServer }> {
  const fake = await createFakeLlmServer({ script });
  const workspace: Workspace = openWorkspace({
    cwd: project,
    home: path.join(base, "home"),
    env: {},
    dirs: [path.join(base, "skills")],
    bundledDirectory: path.join(base, "skills"),
    storePath: path.join(base, "skillbox.db"),
  });
  const questions: PermissionQuestion[] = [];
  const agent = createSkillAgent({
    workspace,
    providerConfig: resolveProviderConfig({
      flags: { provider: "openai", baseUrl: fake.openaiBaseUrl, model: "main-model" },
    }),
    connection: { retry: { maxRetries: 0 } },
    sessionId: "session-1",
    mcpConnector: inMemoryConnector({ docs }),
    onAsk: async (question) => {
      questions.push(question);
      return answer(question);
    },
  });
  cleanups.push(async () => {
    await agent.close();
    workspace.close();
    await fake.close();
  });
  return { agent, questions, fake };
}

// A command the allow rule covers by itself (no redirection, which no prefix rule covers), so only the MCP gate asks.
const loadThenTouch: FakeLlmStep[] = [
  { toolCalls: [{ name: "load_skill", arguments: { skill_name: "docs:release-notes" } }] },
  { toolCalls: [{ name: "bash", arguments: { command: "touch notes.txt" } }] },
  { text: "Done." },
];

describe("code execution while the agent follows an MCP skill", () => {
  it("asks exactly once, naming the server, although an allow rule covers the command, and keeps an 'always' for the next process", async () => {
    const docs = await createTestSkillServer(NOTES);
    const first = await startAgent(docs, loadThenTouch, () => "always");
    await first.agent.run("Write the release notes");

    const bashQuestions = first.questions.filter((question) => question.tool === "bash");
    expect(bashQuestions).toHaveLength(1);
    expect(bashQuestions[0]?.origin).toBe('"docs:release-notes" (MCP server "docs")');
    expect(bashQuestions[0]?.message).toContain('while following "docs:release-notes" (MCP server "docs")');
    expect(bashQuestions[0]?.always).toBe(
      "for bash while following this skill as served now, until its content changes",
    );
    expect(existsSync(path.join(project, "notes.txt"))).toBe(true);
    rmSync(path.join(project, "notes.txt"));

    // A later process on the same store: the load and bash were approved for this content, nothing is asked.
    const second = await startAgent(docs, loadThenTouch, () => false);
    await second.agent.run("Write the release notes again");
    expect(second.questions).toEqual([]);
    expect(existsSync(path.join(project, "notes.txt"))).toBe(true);
    rmSync(path.join(project, "notes.txt"));

    // The server now serves other content: the load is asked again (saying it changed), and so is bash.
    docs.files.set("release-notes/SKILL.md", `${NOTES["release-notes/SKILL.md"]}Then push.\n`);
    await docs.republish();
    const third = await startAgent(docs, loadThenTouch, (question) => question.tool === "load_skill");
    await third.agent.run("Write the release notes once more");
    expect(third.questions.map((question) => question.tool)).toEqual(["load_skill", "bash"]);
    expect(existsSync(path.join(project, "notes.txt"))).toBe(false);
  });

  it("blocks the call on a no, with one question and a result telling the model it was not run", async () => {
    const docs = await createTestSkillServer(NOTES);
    const { agent, questions, fake } = await startAgent(
      docs,
      loadThenTouch,
      (question) => question.tool !== "bash",
    );
    await agent.run("Write the release notes");

    expect(questions.filter((question) => question.tool === "bash")).toHaveLength(1);
    expect(existsSync(path.join(project, "notes.txt"))).toBe(false);
    const lastTool = ((fake.requests[2]?.body.messages ?? []) as { role: string; content?: unknown }[])
      .filter((message) => message.role === "tool")
      .at(-1);
    expect(String(lastTool?.content)).toContain("bash was not run");
    expect(String(lastTool?.content)).toContain("Permission denied");
  });
});
