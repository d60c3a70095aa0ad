// Layer 1 keeps its order within a session (issue 17): a skill loaded in one turn gains usage, and
// without a session order the next turn's system prompt would list it first, so a provider's prompt
// cache (keyed by the prefix) would miss on every turn that used a skill.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { resolveProviderConfig } from "@skillbox/agent/agent/providers/resolve-provider-config";
import { renderSkillCatalog } from "@skillbox/core/prompt/render-skill-catalog";
import { buildToolDescription } from "@skillbox/core/prompt/tool-description";
import { createFakeLlmServer, type FakeLlmRequest, type FakeLlmServer } from "@skillbox/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSkillAgent, type SkillAgent } from "./create-skill-agent.js";
import { openWorkspace } from "./open-workspace.js";
import type { Workspace } from "./workspace.js";

let base: string;
let server: FakeLlmServer | undefined;
let workspace: Workspace | undefined;
let agent: SkillAgent | undefined;

beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), "skillbox-layer1-order-"));
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

function writeSkill(root: string, name: string, description: string): void {
  mkdirSync(path.join(root, name), { recursive: true });
  writeFileSync(
    path.join(root, name, "SKILL.md"),
    `---\nname: ${name}\ndescription: ${description}\n---\nDo ${name}.\n`,
  );
}

const systemOf = (request: FakeLlmRequest | undefined) =>
  String(((request?.body.messages ?? []) as { content: unknown }[])[0]?.content ?? "");
const loadToolOf = (request: FakeLlmRequest | undefined) =>
  ((request?.body.tools ?? []) as { function: { name: string; description: string } }[]).find(
    (tool) => tool.function.name === "load_skill",
  )?.function.description;

describe("Layer 1 within a session", () => {
  it("keeps the system prompt and load_skill's list byte-identical after a skill is used between turns", async () => {
    const skills = path.join(base, "skills");
    const project = path.join(base, "project");
    mkdirSync(project, { recursive: true });
    // More skills than the default budget describes, so usage would change the order and the selection.
    for (let index = 0; index < 240; index++) {
      const name = `skill-${String(index).padStart(3, "0")}`;
      writeSkill(
        skills,
        name,
        `Handles ${name} requests: ${"reads the inputs, checks them, writes a report; ".repeat(4)}`,
      );
    }
    server = await createFakeLlmServer({
      script: [
        { toolCalls: [{ name: "load_skill", arguments: { skill_name: "skill-239" } }] },
        { text: "done" },
        { text: "again" },
      ],
    });
    workspace = openWorkspace({
      cwd: project,
      home: path.join(base, "home"),
      env: {},
      dirs: [skills],
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
      sessionId: "s",
    });

    await agent.run("first turn");
    const used = workspace.registry.catalogEntries();
    // The load was recorded: a fresh listing would now put skill-239 first.
    expect(used[0]?.name).toBe("skill-239");
    expect(renderSkillCatalog(used)?.text).toContain("- skill-239: Handles");
    expect(buildToolDescription(workspace.registry.toolEntries())).toMatch(/^- skill-239:/m);
    await agent.run("second turn");

    const requests = (server.requests ?? []).filter((request) => request.format !== "other");
    expect(requests).toHaveLength(3);
    const first = systemOf(requests[0]);
    expect(first).toContain("More skills by area");
    expect(first).not.toContain("- skill-239: Handles");
    for (const request of requests.slice(1)) expect(systemOf(request)).toBe(first);
    // The tools come before the system prompt in a provider's cache key: the load tool's list too.
    const tool = loadToolOf(requests[0]);
    expect(tool).toContain("- skill-000:");
    expect(tool).not.toMatch(/^- skill-239:/m);
    for (const request of requests.slice(1)) expect(loadToolOf(request)).toBe(tool);
  });
});
