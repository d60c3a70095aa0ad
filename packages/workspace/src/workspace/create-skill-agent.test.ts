// createSkillAgent over a real workspace (temp folders, in-memory SQLite) and the fake LLM server.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { resolveProviderConfig } from "@skillbox/agent/agent/providers/resolve-provider-config";
import { waitForRegistryEvent } from "@skillbox/core/registry/watch/wait-for-registry-event";
import {
  createFakeLlmServer,
  type FakeLlmRequest,
  type FakeLlmServer,
  type FakeLlmStep,
} from "@skillbox/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CreateSkillAgentOptions, createSkillAgent, type SkillAgent } from "./create-skill-agent.js";
import { openWorkspace } from "./open-workspace.js";
import type { Workspace } from "./workspace.js";

let base: string;
let skillsFolder: string;
let project: string;
let server: FakeLlmServer | undefined;
let workspace: Workspace | undefined;
let agent: SkillAgent | undefined;

beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), "skillbox-skill-agent-"));
  skillsFolder = path.join(base, "skills");
  project = path.join(base, "project");
  for (const folder of [skillsFolder, project, path.join(base, "home"), path.join(base, "bundled")]) {
    mkdirSync(folder, { recursive: true });
  }
});
afterEach(async () => {
  await agent?.close();
  workspace?.close();
  await server?.close();
  agent = undefined;
  workspace = undefined;
  server = undefined;
  rmSync(base, { recursive: true, force: true });
});

function writeSkill(name: string, frontmatter: string, body: string): void {
  mkdirSync(path.join(skillsFolder, name), { recursive: true });
  writeFileSync(
    path.join(skillsFolder, name, "SKILL.md"),
    `---\nname: ${name}\n${frontmatter}\n---\n${body}\n`,
  );
}

function writeConfig(config: Record<string, unknown>): void {
  mkdirSync(path.join(project, ".skillbox"), { recursive: true });
  writeFileSync(path.join(project, ".skillbox", "config.json"), JSON.stringify(config));
  // Hooks in a project's config run only for a project the user trusts.
  mkdirSync(path.join(base, "home", ".skillbox"), { recursive: true });
  writeFileSync(
    path.join(base, "home", ".skillbox", "config.json"),
    JSON.stringify({ trustedProjects: [project] }),
  );
}

async function start(
  script: FakeLlmStep[],
  extra: Partial<CreateSkillAgentOptions> = {},
  models: Record<string, string> = {},
): Promise<SkillAgent> {
  server = await createFakeLlmServer({ script });
  workspace = openWorkspace({
    cwd: project,
    home: path.join(base, "home"),
    env: {},
    dirs: [skillsFolder],
    bundledDirectory: path.join(base, "bundled"),
    storePath: ":memory:",
  });
  const providerConfig = resolveProviderConfig({
    flags: { provider: "openai", baseUrl: server.openaiBaseUrl, model: "main-model" },
    config: { models },
  });
  agent = createSkillAgent({
    workspace,
    providerConfig,
    connection: { retry: { maxRetries: 0 } },
    sessionId: "session-1",
    ...extra,
  });
  return agent;
}

function openedWorkspace(): Workspace {
  if (workspace === undefined) throw new Error("start() opens the workspace first");
  return workspace;
}

const modelCalls = () => (server?.requests ?? []).filter((request) => request.format !== "other");
const systemOf = (request: FakeLlmRequest | undefined) =>
  String(((request?.body.messages ?? []) as { content: unknown }[])[0]?.content ?? "");
const toolNamesOf = (request: FakeLlmRequest | undefined) =>
  ((request?.body.tools ?? []) as { function: { name: string } }[]).map((tool) => tool.function.name);
const lastToolContent = (request: FakeLlmRequest | undefined) =>
  String(
    ((request?.body.messages ?? []) as { role: string; content: unknown }[])
      .filter((message) => message.role === "tool")
      .at(-1)?.content ?? "",
  );

describe("createSkillAgent", () => {
  it("offers the built-in, skill and task tools, lists the skills, and audits calls in the store", async () => {
    writeSkill("greeting", "description: Greets people warmly.", "Say hello with a wave.");
    const skillAgent = await start([
      { toolCalls: [{ name: "load_skill", arguments: { skill_name: "greeting" } }] },
      { text: "Hello! *waves*" },
    ]);
    const result = await skillAgent.run("greet me");
    expect(result).toMatchObject({ stoppedBy: "end", text: "Hello! *waves*" });
    const [first, second] = modelCalls();
    expect(toolNamesOf(first)).toEqual([
      "bash",
      "read_file",
      "write_file",
      "edit_file",
      "glob",
      "grep",
      "load_skill",
      "read_skill_file",
      "search_skills",
      "task",
    ]);
    expect(systemOf(first)).toContain(`You are a helpful agent working in ${project}.`);
    expect(systemOf(first)).toContain("- greeting: Greets people warmly.");
    expect(lastToolContent(second)).toContain("Say hello with a wave.");
    expect(first?.body.model).toBe("main-model");
    expect(workspace?.audit.list("session-1")).toEqual([
      expect.objectContaining({ tool: "load_skill", status: "ok", agentName: "main" }),
    ]);
  });

  it("lists a user-invocable: false skill in Layer 1 (the model may load it) but not a disable-model-invocation one", async () => {
    writeSkill("model-only", "description: Only the model runs this.\nuser-invocable: false", "Body.");
    writeSkill(
      "person-only",
      "description: Only a person runs this.\ndisable-model-invocation: true",
      "Body.",
    );
    const skillAgent = await start([{ text: "ok" }]);
    await skillAgent.run("hi");
    const system = systemOf(modelCalls()[0]);
    expect(system).toContain("- model-only: Only the model runs this.");
    expect(system).not.toContain("person-only");
    expect(
      openedWorkspace()
        .registry.catalogEntries()
        .map((entry) => entry.name),
    ).toContain("model-only");
  });

  it("adds the skill tools and the skills list when a skill appears mid-session", async () => {
    const skillAgent = await start([{ text: "no skills yet" }, { text: "now there is one" }], {
      watch: true,
    });
    await skillAgent.run("hi");
    expect(toolNamesOf(modelCalls()[0])).not.toContain("load_skill");
    const added = waitForRegistryEvent(openedWorkspace().registry, "skill-added", { timeoutMs: 10_000 });
    writeSkill("late", "description: Arrived late.", "Body.");
    await added;
    await skillAgent.run("again");
    expect(toolNamesOf(modelCalls()[1])).toContain("load_skill");
    expect(systemOf(modelCalls()[1])).toContain("- late: Arrived late.");
  });

  it("denies ask rules from the config when no one can be asked, and asks when someone can", async () => {
    writeConfig({ permissions: { ask: ["Write"] } });
    const write = { toolCalls: [{ name: "write_file", arguments: { path: "out.txt", content: "x" } }] };
    const headless = await start([write, { text: "done" }]);
    await headless.run("write it");
    expect(lastToolContent(modelCalls()[1])).toContain("no one to ask (headless)");

    await agent?.close();
    workspace?.close();
    await server?.close();
    const questions: string[] = [];
    const asking = await start([write, { text: "done" }], {
      onAsk: async (question) => {
        questions.push(question.message);
        return true;
      },
    });
    await asking.run("write it");
    expect(questions).toEqual([expect.stringContaining("Allow write_file")]);
    expect(lastToolContent(modelCalls()[1])).not.toContain("Permission denied");
  });

  it("runs config hooks: a pre-tool-use command that exits 2 blocks the call with its reason", async () => {
    writeConfig({
      hooks: { PreToolUse: [{ matcher: "Bash", command: "echo 'no shell today' >&2; exit 2" }] },
    });
    const skillAgent = await start([
      { toolCalls: [{ name: "bash", arguments: { command: "echo hi" } }] },
      { text: "blocked" },
    ]);
    await skillAgent.run("run echo");
    expect(lastToolContent(modelCalls()[1])).toContain("A hook blocked this bash call: no shell today");
    expect(workspace?.audit.list("session-1")[0]).toMatchObject({ tool: "bash", status: "blocked" });
  });

  it("runs config hooks written in Claude Code's shape beside flat ones; a bad entry drops only itself", async () => {
    const nested = path.join(base, "nested-ran");
    const flat = path.join(base, "flat-ran");
    writeConfig({
      hooks: {
        SessionStart: [
          { matcher: "", hooks: [{ type: "command", command: `touch '${nested}'` }] },
          { command: "" },
          { command: `touch '${flat}'` },
        ],
      },
    });
    const skillAgent = await start([{ text: "hello" }]);
    await skillAgent.run("hi");
    expect(existsSync(nested)).toBe(true);
    expect(existsSync(flat)).toBe(true);
    expect(openedWorkspace().diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      expect.stringContaining("Hook hooks.SessionStart[1] is invalid (command must be a non-empty string)"),
    ]);
  });

  it("runs a loaded skill's own hooks only when the person trusts the skill's code", async () => {
    const marker = path.join(base, "hook-ran");
    writeSkill(
      "hooked",
      `description: Has a hook.\nhooks:\n  PreToolUse:\n    - matcher: "*"\n      hooks:\n        - type: command\n          command: "touch '${marker}'"`,
      "Body.",
    );
    const failures: string[] = [];
    const script: FakeLlmStep[] = [
      { toolCalls: [{ name: "load_skill", arguments: { skill_name: "hooked" } }] },
      { toolCalls: [{ name: "glob", arguments: { pattern: "*" } }] },
      { text: "done" },
    ];
    const untrusted = await start(script, { onHookFailure: (failure) => failures.push(failure.message) });
    await untrusted.run("use the skill");
    expect(existsSync(marker)).toBe(false);
    expect(failures.join("\n")).toContain("skillbox settings allow-scripts hooked");

    await untrusted.close();
    agent = undefined;
    workspace?.settings.updateSkillSettings((current) => ({ ...current, allowScripts: ["hooked"] }));
    server?.addSteps(...script);
    const trusted = createSkillAgent({
      workspace: openedWorkspace(),
      providerConfig: resolveProviderConfig({
        flags: { provider: "openai", baseUrl: server?.openaiBaseUrl, model: "main-model" },
        config: {},
      }),
      connection: { retry: { maxRetries: 0 } },
      sessionId: "session-2",
    });
    agent = trusted;
    await trusted.run("use the skill");
    expect(existsSync(marker)).toBe(true);
  });

  it("refuses a /name skill with a shell line unless the settings allow shell injection", async () => {
    writeSkill("today", "description: Tells the date.", "Today is !`echo 2026-12-01`.");
    const skillAgent = await start([{ text: "It is the first of December." }]);
    const refused = await skillAgent.run("/today");
    expect(refused.stoppedBy).toBe("error");
    expect(refused.error).toContain("echo 2026-12-01");
    expect(modelCalls()).toHaveLength(0);

    workspace?.settings.updateSkillSettings((current) => ({ ...current, allowShellInjection: true }));
    const allowed = await skillAgent.run("/today");
    expect(allowed.stoppedBy).toBe("end");
    const sent = (modelCalls()[0]?.body.messages ?? []) as { role: string; content: string }[];
    expect(sent.at(-1)?.content).toContain("Today is 2026-12-01.");
  });

  it("activates a path-conditional skill when a tool touches a matching file", async () => {
    writeSkill("csv-rules", "description: Rules for CSV files.\npaths: ['**/*.csv']", "Quote every cell.");
    writeFileSync(path.join(project, "data.csv"), "a,b\n");
    const skillAgent = await start([
      { toolCalls: [{ name: "read_file", arguments: { path: "data.csv" } }] },
      { text: "read it" },
    ]);
    await skillAgent.run("look at data.csv");
    expect(systemOf(modelCalls()[0])).not.toContain("csv-rules");
    expect(systemOf(modelCalls()[1])).toContain("- csv-rules: Rules for CSV files.");
  });

  it("lists a path-activated skill in load_skill's description and name list on the very next model request", async () => {
    writeSkill("greeting", "description: Greets people warmly.", "Say hello.");
    writeSkill("csv-rules", "description: Rules for CSV files.\npaths: ['**/*.csv']", "Quote every cell.");
    writeFileSync(path.join(project, "data.csv"), "a,b\n");
    const skillAgent = await start([
      { toolCalls: [{ name: "read_file", arguments: { path: "data.csv" } }] },
      { toolCalls: [{ name: "load_skill", arguments: { skill_name: "csv-rules" } }] },
      { text: "cells quoted" },
    ]);
    await skillAgent.run("look at data.csv");
    const loadSkillOf = (request: FakeLlmRequest | undefined) =>
      (
        (request?.body.tools ?? []) as {
          function: {
            name: string;
            description: string;
            parameters: { properties: Record<string, unknown> };
          };
        }[]
      ).find((tool) => tool.function.name === "load_skill")?.function;
    const before = loadSkillOf(modelCalls()[0]);
    const after = loadSkillOf(modelCalls()[1]);
    expect(before?.description).not.toContain("csv-rules");
    expect(JSON.stringify(before?.parameters.properties.skill_name)).not.toContain("csv-rules");
    expect(after?.description).toContain("csv-rules");
    expect(JSON.stringify(after?.parameters.properties.skill_name)).toContain("csv-rules");
    expect(lastToolContent(modelCalls()[2])).toContain("Quote every cell.");
  });

  it("offers load_skill on the next model request when a path activates the only skill", async () => {
    writeSkill("csv-rules", "description: Rules for CSV files.\npaths: ['**/*.csv']", "Quote every cell.");
    writeFileSync(path.join(project, "data.csv"), "a,b\n");
    const skillAgent = await start([
      { toolCalls: [{ name: "read_file", arguments: { path: "data.csv" } }] },
      { text: "read it" },
    ]);
    await skillAgent.run("look at data.csv");
    expect(toolNamesOf(modelCalls()[0])).not.toContain("load_skill");
    expect(toolNamesOf(modelCalls()[1])).toContain("load_skill");
  });

  it("runs a fork skill in a sub-agent on the model its alias maps to, with only its allowed tools", async () => {
    writeSkill(
      "summarize",
      "description: Summarizes in a sub-agent.\ncontext: fork\nmodel: haiku\nallowed-tools: Read",
      "Summarize the file notes.txt.",
    );
    const skillAgent = await start(
      [
        { toolCalls: [{ name: "load_skill", arguments: { skill_name: "summarize" } }] },
        { text: "A short summary." },
        { text: "The sub-agent says: a short summary." },
      ],
      {},
      { haiku: "small-model" },
    );
    const result = await skillAgent.run("summarize notes");
    expect(result.text).toBe("The sub-agent says: a short summary.");
    const [, fork] = modelCalls();
    expect(fork?.body.model).toBe("small-model");
    expect(toolNamesOf(fork)).toEqual(["read_file"]);
    expect(lastToolContent(modelCalls()[2])).toContain("A short summary.");
  });
});
