// The agent loop end to end over real HTTP: the fake LLM server in both wire formats, the real
// OpenAI and Anthropic adapters, real built-in tools in a temp workspace, real hook scripts.
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createHookBus } from "@skillbox/core/agent/hooks/hooks";
import { createPermissionPolicy } from "@skillbox/core/agent/permissions/permissions";
import type { ChatProvider } from "@skillbox/core/agent/providers/provider";
import { createGuideSection, createSkillsSection } from "@skillbox/core/agent/system-prompt";
import { InMemoryAuditLog } from "@skillbox/core/store/audit-log";
import { computeAuditMetrics } from "@skillbox/core/store/audit-metrics";
import { createBuiltinTools } from "@skillbox/core/tools/builtin/create-builtin-tools";
import type { Tool } from "@skillbox/core/tools/define-tool";
import {
  createFakeLlmServer,
  type FakeLlmRequest,
  type FakeLlmServer,
  type FakeLlmStep,
} from "@skillbox/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestSkillSource } from "./__fixtures__/create-test-skill-source.js";
import type { AgentEvent, AgentOptions } from "./agent-types.js";
import { createAgent } from "./create-agent.js";
import { AnthropicMessagesProvider } from "./providers/anthropic-messages-provider.js";
import { OpenAIChatProvider } from "./providers/openai-chat-provider.js";
import { createSubAgentRunner } from "./sub-agents/create-sub-agent-runner.js";
import { createTaskTool } from "./sub-agents/task-tool.js";

const wireFormats = [
  {
    format: "openai",
    create: (server: FakeLlmServer) =>
      new OpenAIChatProvider({ baseUrl: server.openaiBaseUrl, retry: { maxRetries: 0 } }),
    toolNames: (request: FakeLlmRequest) =>
      ((request.body.tools ?? []) as { function: { name: string } }[]).map((tool) => tool.function.name),
    system: (request: FakeLlmRequest) =>
      String((request.body.messages as { content: unknown }[])[0]?.content ?? ""),
  },
  {
    format: "anthropic",
    create: (server: FakeLlmServer) =>
      new AnthropicMessagesProvider({ baseUrl: server.anthropicBaseUrl, retry: { maxRetries: 0 } }),
    toolNames: (request: FakeLlmRequest) =>
      ((request.body.tools ?? []) as { name: string }[]).map((tool) => tool.name),
    system: (request: FakeLlmRequest) => String(request.body.system ?? ""),
  },
] as const;

describe.each(wireFormats)("the agent over the $format wire format", ({ create, toolNames, system }) => {
  let server: FakeLlmServer;
  let provider: ChatProvider;
  let workspace: string;
  let tools: Tool[];

  beforeEach(async () => {
    workspace = await mkdtemp(path.join(tmpdir(), "skillbox-e2e-"));
    await writeFile(path.join(workspace, "notes.txt"), "alpha\nbeta\n");
    tools = createBuiltinTools({ root: workspace });
  });
  afterEach(async () => {
    await server?.close();
    await rm(workspace, { recursive: true, force: true });
  });

  async function start(script: FakeLlmStep[]): Promise<void> {
    server = await createFakeLlmServer({ script });
    provider = create(server);
  }
  const agentOptions = (extra: Partial<AgentOptions> = {}): AgentOptions => ({
    provider,
    model: "fake-model",
    tools,
    cwd: workspace,
    sessionId: "e2e",
    ...extra,
  });
  const requestsToModel = () => server.requests.filter((request) => request.format !== "other");

  it("completes a tool round trip with the skills section in every request", async () => {
    await start([
      { toolCalls: [{ name: "read_file", arguments: { path: "notes.txt" } }] },
      { text: "The file lists alpha and beta." },
    ]);
    const audit = new InMemoryAuditLog();
    const agent = createAgent(
      agentOptions({
        audit,
        systemSections: [
          createGuideSection(),
          createSkillsSection(() => "<system-reminder>skills: pdf</system-reminder>"),
        ],
      }),
    );
    const result = await agent.run("What is in notes.txt?");
    expect(result).toMatchObject({ stoppedBy: "end", steps: 2, text: "The file lists alpha and beta." });
    expect(result.messages[2]?.content).toBe("     1\talpha\n     2\tbeta");
    expect(result.usage.perTurn).toHaveLength(2);
    expect(result.usage.total.inputTokens).toBeGreaterThan(0);
    for (const request of requestsToModel()) expect(system(request)).toContain("skills: pdf");
    expect(toolNames(requestsToModel()[0] as FakeLlmRequest)).toEqual([
      "bash",
      "read_file",
      "write_file",
      "edit_file",
      "glob",
      "grep",
    ]);
    expect(audit.list("e2e")).toEqual([expect.objectContaining({ tool: "read_file", status: "ok" })]);
  });

  it("answers an unknown tool and malformed arguments with error results, then finishes", async () => {
    await start([
      { toolCalls: [{ name: "read_files", arguments: { path: "notes.txt" } }] },
      { toolCalls: [{ name: "read_file", arguments: { path: "notes.txt" } }], malformedToolArguments: true },
      { text: "giving up politely" },
    ]);
    const result = await createAgent(agentOptions()).run("read it");
    expect(result.messages[2]?.content).toContain('Unknown tool "read_files". Did you mean read_file?');
    expect(result.messages[4]?.content).toContain("were not valid JSON");
    expect(result.stoppedBy).toBe("end");
  });

  it("lets a command hook script block a call, and the model sees the reason", async () => {
    const script = path.join(workspace, "guard.sh");
    await writeFile(
      script,
      '#!/usr/bin/env bash\ninput=$(cat)\ncase "$input" in *"rm "*) echo "no deleting" >&2; exit 2;; esac\n',
    );
    await chmod(script, 0o755);
    await start([{ toolCalls: [{ name: "bash", arguments: { command: "rm notes.txt" } }] }, { text: "ok" }]);
    const hooks = createHookBus({ cwd: workspace });
    hooks.registerConfig({
      PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: script }] }],
    });
    const result = await createAgent(agentOptions({ hooks })).run("delete notes");
    expect(result.messages[2]?.content).toBe("A hook blocked this bash call: no deleting");
  });

  it("reports a pre-tool hook that fails as a hook-failed event and still runs the call", async () => {
    await start([{ toolCalls: [{ name: "glob", arguments: { pattern: "*.txt" } }] }, { text: "ok" }]);
    const hooks = createHookBus({ cwd: workspace });
    hooks.registerConfig({ PreToolUse: [{ matcher: "Glob", command: "echo oops >&2; exit 1" }] });
    const events: AgentEvent[] = [];
    const audit = new InMemoryAuditLog();
    const result = await createAgent(
      agentOptions({ hooks, audit, onEvent: (event) => events.push(event) }),
    ).run("list");
    expect(result.messages[2]?.content).toContain("notes.txt");
    expect(events.filter((event) => event.type === "hook-failed")).toEqual([
      {
        type: "hook-failed",
        failure: {
          event: "pre-tool-use",
          source: "echo oops >&2; exit 1",
          message: "exited with code 1: oops",
        },
      },
    ]);
    expect(audit.list("e2e")).toEqual([expect.objectContaining({ tool: "glob", status: "ok" })]);
  });

  it("audits a call whose sub-agent a hook stopped as blocked, so metrics count it apart from errors", async () => {
    await start([{ toolCalls: [{ name: "task", arguments: { prompt: "count files" } }] }, { text: "ok" }]);
    const hooks = createHookBus({ cwd: workspace });
    hooks.registerConfig({ SubagentStart: [{ command: "echo 'no sub-agents' >&2; exit 2" }] });
    const audit = new InMemoryAuditLog();
    const subAgents = createSubAgentRunner({
      providerFor: () => ({ provider, model: "fake-model" }),
      tools,
      hooks,
    });
    const taskTool = createTaskTool({ runner: subAgents }) as unknown as Tool;
    const result = await createAgent(agentOptions({ hooks, audit, tools: [...tools, taskTool] })).run("go");
    expect(result.messages[2]?.content).toBe("A hook stopped the sub-agent: no sub-agents");
    const metrics = computeAuditMetrics(audit.list("e2e"));
    expect(metrics).toMatchObject({ calls: 1, errors: 0, byStatus: { blocked: 1, error: 0 } });
    expect(metrics.byTool[0]).toMatchObject({ tool: "task", blocked: 1, errors: 0 });
  });

  it("asks about bash by default: with no ask handler the call is refused with the rule that allows it", async () => {
    const target = path.join(workspace, "..", `${path.basename(workspace)}-pwned`);
    const pwn = { toolCalls: [{ name: "bash", arguments: { command: `echo pwned > ${target}` } }] };
    await start([pwn, { text: "refused" }, pwn, { text: "ran" }]);
    const refused = await createAgent(agentOptions()).run("go");
    expect(existsSync(target)).toBe(false);
    expect(refused.messages[2]?.content).toContain(
      `no one to ask (headless), so it was denied. It redirects to a file (> ${target}), and no prefix rule`,
    );
    expect(refused.messages[2]?.content).toContain('To allow it, add "Bash" to the allow rules.');
    const questions: string[] = [];
    const asked = await createAgent(
      agentOptions({
        onAsk: async (question) => {
          questions.push(question.message);
          return true;
        },
      }),
    ).run("go");
    expect(questions).toEqual([
      `Allow bash (echo pwned > ${target})? It redirects to a file, which no prefix rule allows.`,
    ]);
    expect(asked.text).toBe("ran");
    expect(existsSync(target)).toBe(true);
    await rm(target, { force: true });
  });

  it("denies by permission rule and, headless, denies ask rules", async () => {
    await start([
      {
        toolCalls: [
          { name: "bash", arguments: { command: "curl example.com" } },
          { name: "write_file", arguments: { path: "x.txt", content: "x" } },
        ],
      },
      { text: "blocked twice" },
    ]);
    const permissions = createPermissionPolicy({ deny: ["Bash(curl:*)"], ask: ["Write"] });
    const result = await createAgent(agentOptions({ permissions })).run("go");
    expect(result.messages[2]?.content).toContain("denied by the rule Bash(curl:*)");
    expect(result.messages[3]?.content).toContain("no one to ask (headless)");
  });

  it("runs a fork skill in a sub-agent limited to its allowed tools and stopping at max_steps", async () => {
    await start([
      { text: "looking", toolCalls: [{ name: "read_file", arguments: { path: "notes.txt" } }] },
      { text: "still looking", toolCalls: [{ name: "grep", arguments: { pattern: "beta" } }] },
    ]);
    const skills = await createTestSkillSource(path.join(workspace, "skills"), {
      audit:
        "---\nname: audit\ndescription: Audits.\ncontext: fork\nallowed-tools: Read Grep\n---\nAudit the notes.\n",
    });
    const runner = createSubAgentRunner({ providerFor: () => ({ provider, model: "fake-model" }), tools });
    const result = await runner.run({
      skillName: "audit",
      body: skills.readBody("audit"),
      baseDirectory: skills.get("audit")?.directory,
      allowedTools: skills.get("audit")?.metadata.allowedTools,
      maxSteps: 2,
    });
    expect(toolNames(requestsToModel()[0] as FakeLlmRequest)).toEqual(["read_file", "grep"]);
    expect(system(requestsToModel()[0] as FakeLlmRequest)).toContain("Audit the notes.");
    expect(result.content).toContain("[sub-agent result — skill: audit]\nlooking\n\nstill looking");
    expect(result.content).toContain("reached its limit of 2 steps");
    expect(result.metadata).toMatchObject({
      context: "fork",
      execution_mode: "subagent",
      steps: 2,
      stoppedBy: "max-steps",
    });
  });

  it("stops at the step limit", async () => {
    await start(
      Array.from({ length: 3 }, () => ({ toolCalls: [{ name: "glob", arguments: { pattern: "*.txt" } }] })),
    );
    const result = await createAgent(agentOptions({ maxSteps: 3 })).run("loop forever");
    expect(result).toMatchObject({ stoppedBy: "max-steps", steps: 3 });
  });

  it("aborts a slow model call", async () => {
    await start([{ text: "too late", delayMs: 10_000 }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const result = await createAgent(agentOptions()).run("hi", { signal: controller.signal });
    expect(result.stoppedBy).toBe("aborted");
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("ends with a clear error when the provider fails, never a crash", async () => {
    await start([{ status: 500 }]);
    const result = await createAgent(agentOptions()).run("hi");
    expect(result.stoppedBy).toBe("error");
    expect(result.error).toMatch(/^The model call failed at step 1: .*HTTP 500/);
  });

  it("expands /name for an inline skill and keeps its body through compaction", async () => {
    const skills = await createTestSkillSource(path.join(workspace, "skills"), {
      pdf: "---\nname: pdf\ndescription: PDFs.\n---\nSTEP 1: run pdftotext on $ARGUMENTS.\n",
    });
    await start([
      { toolCalls: [{ name: "bash", arguments: { command: "head -c 20000 /dev/zero | tr '\\0' x" } }] },
      { text: "converted" },
    ]);
    const agent = createAgent(
      agentOptions({
        skills,
        compaction: { maxTokens: 3000, keepRecentTokens: 500 },
        permissions: createPermissionPolicy({ allow: ["Bash(head:*)", "Bash(tr:*)"] }),
      }),
    );
    const result = await agent.run("/pdf report.pdf");
    expect(result.text).toBe("converted");
    const last = requestsToModel().at(-1) as FakeLlmRequest;
    expect(JSON.stringify(last.body)).toContain("STEP 1: run pdftotext on report.pdf.");
    expect(JSON.stringify(last.body)).toContain("Earlier conversation compacted");
  });
});
