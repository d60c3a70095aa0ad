// Suggestions through the real agent loop: createSkillAgent over a real workspace and registry,
// the fake LLM server, and the requests it received — the reminder rides in the user turn, once,
// and the system prompt never changes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { resolveProviderConfig } from "@skillbox/agent/agent/providers/resolve-provider-config";
import { EVERYDAY_SKILLS } from "@skillbox/core/agent/suggestions/__fixtures__/everyday-skills";
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
  base = mkdtempSync(path.join(tmpdir(), "skillbox-suggestions-"));
  skillsFolder = path.join(base, "skills");
  project = path.join(base, "project");
  for (const folder of [skillsFolder, project, path.join(base, "home"), path.join(base, "bundled")]) {
    mkdirSync(folder, { recursive: true });
  }
  for (const skill of EVERYDAY_SKILLS) {
    mkdirSync(path.join(skillsFolder, skill.name), { recursive: true });
    writeFileSync(
      path.join(skillsFolder, skill.name, "SKILL.md"),
      `---\nname: ${skill.name}\ndescription: ${JSON.stringify(skill.description)}\n---\nFollow the steps of ${skill.name}.\n`,
    );
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

async function start(
  script: FakeLlmStep[],
  extra: Partial<CreateSkillAgentOptions> = {},
  config?: Record<string, unknown>,
): Promise<SkillAgent> {
  if (config !== undefined) {
    mkdirSync(path.join(project, ".skillbox"), { recursive: true });
    writeFileSync(path.join(project, ".skillbox", "config.json"), JSON.stringify(config));
  }
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
    config: {},
  });
  agent = createSkillAgent({
    workspace,
    providerConfig,
    connection: { retry: { maxRetries: 0 } },
    // Small enough that the thirty skills do not all keep a described line: `auto` is on.
    catalogBudget: { tokens: 400 },
    ...extra,
  });
  return agent;
}

type WireMessage = { role: string; content: unknown };
const modelCalls = () => (server?.requests ?? []).filter((request) => request.format !== "other");
const messagesOf = (request: FakeLlmRequest | undefined) => (request?.body.messages ?? []) as WireMessage[];
const systemOf = (request: FakeLlmRequest | undefined) => String(messagesOf(request)[0]?.content ?? "");
const userTurns = (request: FakeLlmRequest | undefined) =>
  messagesOf(request)
    .filter((message) => message.role === "user")
    .map((message) => String(message.content));

describe("suggestions in createSkillAgent", () => {
  it("appends the reminder to the user turn once, never to the system prompt, which stays identical", async () => {
    const skillAgent = await start([
      { toolCalls: [{ name: "read_file", arguments: { path: "missing.txt" } }] },
      { text: "Looked." },
      { text: "Done." },
      { text: "You're welcome." },
    ]);
    await skillAgent.run("Our pods keep crashing after the last deployment, can you check the kubectl logs?");
    await skillAgent.run("Resize and compress these PNG images to WebP");
    await skillAgent.run("thanks!");
    const calls = modelCalls();
    expect(calls).toHaveLength(4);
    const [first, afterTool, second, third] = calls;
    const [firstTurn = ""] = userTurns(first);
    expect(firstTurn).toMatch(
      /^Our pods keep crashing.*kubectl logs\?\n\n<system-reminder>\n.*load_skill.*\n- kubernetes-debugging: Diagnose Kubernetes workloads/s,
    );
    expect(firstTurn.match(/<system-reminder>/g)).toHaveLength(1);
    // The tool-result request carries the same single user turn: nothing added on a tool step.
    expect(userTurns(afterTool)).toEqual([firstTurn]);
    expect(userTurns(second)).toHaveLength(2);
    expect(userTurns(second)[1]).toContain("- image-resizer: Resize, crop, compress");
    expect(userTurns(second)[1]).not.toContain("kubernetes-debugging");
    expect(userTurns(third)[2]).toBe("thanks!");
    const systems = calls.map(systemOf);
    expect(new Set(systems).size).toBe(1);
    expect(systems[0]).not.toContain("Skills that may fit this request");
  });

  it("sends the same single reminder when the provider retries a failed call", async () => {
    const skillAgent = await start([{ status: 500 }, { text: "Fine." }], {
      connection: { retry: { maxRetries: 1, baseDelayMs: 1 } },
    });
    const result = await skillAgent.run("Resize and compress these PNG images to WebP");
    expect(result.stoppedBy).toBe("end");
    const [failed, retried] = modelCalls();
    expect(userTurns(retried)).toEqual(userTurns(failed));
    expect(userTurns(retried)[0]?.match(/Skills that may fit this request/g)).toHaveLength(1);
  });

  it("does not suggest a skill already loaded in the session", async () => {
    const skillAgent = await start([
      { toolCalls: [{ name: "load_skill", arguments: { skill_name: "image-resizer" } }] },
      { text: "Loaded." },
      { text: "Again." },
    ]);
    await skillAgent.run("Convert this logo to WebP please");
    await skillAgent.run("Resize and compress these PNG images to WebP");
    expect(userTurns(modelCalls()[2])[1]).toBe("Resize and compress these PNG images to WebP");
  });

  it("is off under auto while Layer 1 describes every skill, and on with the setting", async () => {
    const prompt = "This SQL query on PostgreSQL is really slow, please look at the EXPLAIN plan";
    const skillAgent = await start([{ text: "A." }], { catalogBudget: "none" });
    await skillAgent.run(prompt);
    expect(userTurns(modelCalls()[0])).toEqual([prompt]);
    await agent?.close();
    workspace?.close();
    await server?.close();

    // `on` with every skill described: a described skill comes back only as a confident nudge.
    const onAgent = await start([{ text: "B." }], { catalogBudget: "none", suggestions: "on" });
    await onAgent.run("Resize and compress these PNG images to WebP");
    expect(userTurns(modelCalls()[0])[0]).toContain("- image-resizer:");
  });

  it("follows the config's suggestions setting, and the option wins over it", async () => {
    const prompt = "Write a postmortem for yesterday's outage with a timeline and root cause";
    const offAgent = await start([{ text: "A." }], {}, { suggestions: "off" });
    await offAgent.run(prompt);
    expect(userTurns(modelCalls()[0])).toEqual([prompt]);
    await agent?.close();
    workspace?.close();
    await server?.close();

    const onAgent = await start([{ text: "B." }], { suggestions: "auto" }, { suggestions: "off" });
    await onAgent.run(prompt);
    expect(userTurns(modelCalls()[0])[0]).toContain("- incident-postmortem:");
  });

  it("leaves a /name invocation alone", async () => {
    const skillAgent = await start([{ text: "Ran." }]);
    await skillAgent.run("/regex-helper match dates like 2024-01-31");
    expect(userTurns(modelCalls()[0]).join("\n")).not.toContain("system-reminder");
  });
});
