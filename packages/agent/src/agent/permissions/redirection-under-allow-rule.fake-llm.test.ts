// The attack of issue 18, item 2, through the whole path: the fake LLM asks for bash, the agent checks
// the policy, the real bash tool would run it. An allow rule for `echo` must not let `echo` write a
// file outside the workspace through a redirection.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  createPermissionPolicy,
  type PermissionQuestion,
} from "@skillbox/core/agent/permissions/permissions";
import { createBashTool } from "@skillbox/core/tools/builtin/bash-tool";
import { createFakeLlmServer, type FakeLlmServer, type FakeLlmStep } from "@skillbox/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAgent } from "../create-agent.js";
import { OpenAIChatProvider } from "../providers/openai-chat-provider.js";

let base: string;
let workspace: string;
let outside: string;
let server: FakeLlmServer | undefined;

beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), "skillbox-redirection-"));
  workspace = path.join(base, "project");
  outside = path.join(base, "outside.txt");
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(base, { recursive: true, force: true });
});

/** Runs one agent turn where the model calls bash with each command in turn; returns the tool results. */
async function runCommands(
  commands: string[],
  permissions: ReturnType<typeof createPermissionPolicy>,
): Promise<string[]> {
  const script: FakeLlmStep[] = [
    ...commands.map((command) => ({ toolCalls: [{ name: "bash", arguments: { command } }] })),
    { text: "done" },
  ];
  server = await createFakeLlmServer({ script });
  await mkdir(workspace, { recursive: true });
  const result = await createAgent({
    provider: new OpenAIChatProvider({ baseUrl: server.openaiBaseUrl, retry: { maxRetries: 0 } }),
    model: "fake-model",
    tools: [createBashTool({ root: workspace })],
    cwd: workspace,
    sessionId: "redirection",
    permissions,
  }).run("go");
  return result.messages
    .filter((message) => message.role === "tool")
    .map((message) => String(message.content));
}

describe('bash under the allow rule "Bash(echo:*)"', () => {
  it("does not write a file through a redirection when no one can be asked, and tells the model why", async () => {
    const results = await runCommands(
      [`echo pwned > ${outside}`, `echo pwned>>${outside}`, `echo pwned 1>${outside}`, "echo fine 2>&1"],
      createPermissionPolicy({ allow: ["Bash(echo:*)"] }),
    );
    expect(existsSync(outside)).toBe(false);
    for (const refusal of results.slice(0, 3)) {
      expect(refusal).toContain("Permission denied");
      expect(refusal).toContain("no prefix rule such as Bash(echo:*) allows a redirection to a file");
      expect(refusal).not.toContain('"Bash(echo:*)" to the allow rules');
    }
    expect(results[3]).toBe("exit code: 0\nstdout:\nfine\n");
  });

  it("asks about a redirection, and writes the file only once the person says yes", async () => {
    const questions: PermissionQuestion[] = [];
    const answers = [false, true];
    await runCommands(
      [`echo first > ${outside}`, `echo second > ${outside}`],
      createPermissionPolicy({
        allow: ["Bash(echo:*)"],
        onAsk: async (question) => {
          questions.push(question);
          return answers.shift() ?? false;
        },
      }),
    );
    expect(questions.map((question) => question.message)).toEqual([
      `Allow bash (echo first > ${outside})? It redirects to a file, which no prefix rule allows.`,
      `Allow bash (echo second > ${outside})? It redirects to a file, which no prefix rule allows.`,
    ]);
    expect(readFileSync(outside, "utf8")).toBe("second\n");
  });

  it("still denies by a deny rule first, without asking", async () => {
    const questions: PermissionQuestion[] = [];
    const results = await runCommands(
      [`echo pwned > ${outside}`],
      createPermissionPolicy({
        allow: ["Bash(echo:*)"],
        deny: ["Bash(echo pwned:*)"],
        onAsk: async (question) => {
          questions.push(question);
          return true;
        },
      }),
    );
    expect(questions).toEqual([]);
    expect(existsSync(outside)).toBe(false);
    expect(results[0]).toContain("denied by the rule Bash(echo pwned:*)");
  });
});
