// Hot reload end to end, in process (the registry event must be awaited, which a child process
// cannot offer): a SKILL.md edited between two turns changes the very next request, in both formats.
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { resolveProviderConfig } from "@skillbox/agent/agent/providers/resolve-provider-config";
import { waitForRegistryEvent } from "@skillbox/core/registry/watch/wait-for-registry-event";
import { createFakeLlmServer, type FakeLlmServer } from "@skillbox/testing";
import { createSkillAgent, type SkillAgent } from "@skillbox/workspace/workspace/create-skill-agent";
import { openWorkspace } from "@skillbox/workspace/workspace/open-workspace";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createE2eProject,
  type E2eProject,
  lastToolResultOf,
  systemOf,
  WIRE_FORMATS,
} from "./__fixtures__/e2e-harness.js";

describe.each(WIRE_FORMATS)("hot reload over the $name wire format", (format) => {
  let project: E2eProject;
  let server: FakeLlmServer | undefined;
  let workspace: Workspace | undefined;
  let agent: SkillAgent | undefined;
  beforeEach(() => {
    project = createE2eProject();
  });
  afterEach(async () => {
    await agent?.close();
    workspace?.close();
    await server?.close();
    project.remove();
  });

  it("puts an edited SKILL.md into the next request's system prompt and load_skill result", async () => {
    const file = project.writeSkill("style", "description: House style v1.", "Write in British English.");
    server = await createFakeLlmServer({
      script: [
        { text: "first answer" },
        { toolCalls: [{ name: "load_skill", arguments: { skill_name: "style" } }] },
        { text: "second answer" },
      ],
    });
    workspace = openWorkspace({
      cwd: project.project,
      home: project.home,
      env: {},
      bundledDirectory: path.join(project.root, "no-bundled-skills"),
      storePath: project.database,
    });
    const providerConfig = resolveProviderConfig({
      flags: { provider: format.name, model: "fake-model" },
      env: format.environment(server),
    });
    agent = createSkillAgent({
      workspace,
      providerConfig,
      connection: { retry: { maxRetries: 0 } },
      watch: true,
    });

    expect((await agent.run("hello")).text).toBe("first answer");
    const changed = waitForRegistryEvent(workspace.registry, "skill-changed", {
      timeoutMs: 10_000,
      filter: ({ record }) => record.metadata.description === "House style v2.",
    });
    writeFileSync(file, "---\nname: style\ndescription: House style v2.\n---\nWrite in American English.\n");
    await changed;
    expect((await agent.run("and now?")).text).toBe("second answer");

    const [first, second, third] = server.requests;
    expect(systemOf(first)).toContain("style: House style v1.");
    expect(systemOf(second)).toContain("style: House style v2.");
    expect(systemOf(second)).not.toContain("House style v1.");
    expect(lastToolResultOf(third)).toContain("Write in American English.");
  });
});
