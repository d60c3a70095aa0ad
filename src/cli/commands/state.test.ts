// `skillbox state` through runCli with a temp home, project and SQLite file.
import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createSkillboxMcpFolder,
  requireBuiltCli,
  type SkillboxMcpFolder,
} from "../../mcp-host/__fixtures__/skillbox-mcp-process.js";
import { type CliHarness, createCliHarness } from "../__fixtures__/cli-harness.js";
import { listCommand } from "./list.js";
import { stateCommand } from "./state.js";

let harness: CliHarness;
afterEach(() => harness.remove());

function setUp(): CliHarness {
  harness = createCliHarness([stateCommand, listCommand]);
  harness.writeSkill(harness.skills, "pdf");
  harness.writeSkill(harness.skills, "xlsx");
  return harness;
}

describe("skillbox state", () => {
  it("prints the effective state and where it comes from when no state is given", async () => {
    expect(await setUp().run(["state", "pdf"])).toMatchObject({
      code: 0,
      stdout: "pdf: on (from default)\n",
    });
  });

  it("sets a state at each scope, the most local scope winning, and prints the effective state", async () => {
    const cli = setUp();
    expect((await cli.run(["state", "pdf", "off"])).stdout).toBe("pdf: off (from user)\n");
    expect((await cli.run(["state", "pdf", "name-only", "--scope", "project"])).stdout).toBe(
      "pdf: name-only (from project)\n",
    );
    expect((await cli.run(["state", "pdf", "user-only", "--scope", "project-local"])).stdout).toBe(
      "pdf: user-only (from project-local)\n",
    );
    // A user-scope change is hidden by the project scopes.
    expect((await cli.run(["state", "pdf", "on"])).stdout).toBe("pdf: user-only (from project-local)\n");
    const listed = JSON.parse((await cli.run(["list", "--json"])).stdout) as {
      skills: { name: string; state: string }[];
    };
    expect(listed.skills.find((skill) => skill.name === "pdf")?.state).toBe("user-only");
  });

  it("clears a scope with --clear so the next scope decides", async () => {
    const cli = setUp();
    await cli.run(["state", "pdf", "off"]);
    await cli.run(["state", "pdf", "name-only", "--scope", "project-local"]);
    expect((await cli.run(["state", "pdf", "--clear", "--scope", "project-local"])).stdout).toBe(
      "pdf: off (from user)\n",
    );
    expect((await cli.run(["state", "pdf", "--clear"])).stdout).toBe("pdf: on (from default)\n");
  });

  it("keeps project states to the project they were set in", async () => {
    const cli = setUp();
    await cli.run(["state", "pdf", "off", "--scope", "project"]);
    const other = await cli.run(["--cwd", cli.base, "--dir", cli.skills, "state", "pdf"]);
    expect(other.stdout).toBe("pdf: on (from default)\n");
  });

  it("exits 1 for an unknown skill, naming close matches or a few skills", async () => {
    const cli = setUp();
    const typo = await cli.run(["state", "pfd", "off"]);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain("No skill is named 'pfd'. Did you mean pdf?");
    const far = await cli.run(["state", "nothing-like-it", "off"]);
    expect(far.code).toBe(1);
    expect(far.stderr).toContain("Skills include pdf, xlsx");
  });

  it("exits 2 for an unknown state or scope, or a state given with --clear", async () => {
    const cli = setUp();
    const state = await cli.run(["state", "pdf", "disabled"]);
    expect(state.code).toBe(2);
    expect(state.stderr).toContain("Unknown state 'disabled'; use on, name-only, user-only, off");
    expect((await cli.run(["state", "pdf", "off", "--scope", "global"])).code).toBe(2);
    expect((await cli.run(["state", "pdf", "off", "--clear"])).code).toBe(2);
    expect((await cli.run(["state"])).code).toBe(2);
  });
});

describe("skillbox state on MCP skills", () => {
  let served: SkillboxMcpFolder | undefined;
  beforeAll(requireBuiltCli);
  afterEach(() => {
    served?.remove();
    served = undefined;
  });

  function withServer(mcpServers: (folder: SkillboxMcpFolder) => Record<string, unknown>): CliHarness {
    const cli = setUp();
    served = createSkillboxMcpFolder({
      "refunds/SKILL.md": "---\nname: refunds\ndescription: Processes refunds.\n---\nRefund.\n",
    });
    mkdirSync(path.join(cli.home, ".skillbox"), { recursive: true });
    writeFileSync(
      path.join(cli.home, ".skillbox", "config.json"),
      JSON.stringify({ mcpServers: mcpServers(served) }),
    );
    return cli;
  }

  it("sets and clears the state of <label>:<name> after the server confirms it lists it, and list shows it", async () => {
    const cli = withServer((folder) => ({ docs: folder.serverConfig() }));
    expect(
      await cli.run(["state", "docs:refunds", "off", "--scope", "project", "--mcp-timeout", "60"]),
    ).toMatchObject({
      code: 0,
      stdout: "docs:refunds: off (from project)\n",
      stderr: "",
    });
    const listed = JSON.parse((await cli.run(["list", "--json", "--mcp-timeout", "60"])).stdout) as {
      skills: { name: string; state: string; modelVisibility: string }[];
    };
    expect(listed.skills.find((skill) => skill.name === "docs:refunds")).toMatchObject({
      state: "off",
      modelVisibility: "state",
    });
    expect(
      (await cli.run(["state", "docs:refunds", "--clear", "--scope", "project", "--no-mcp"])).stdout,
    ).toBe("docs:refunds: on (from default)\n");
  });

  it("refuses a skill the server does not list, naming a close match", async () => {
    const cli = withServer((folder) => ({ docs: folder.serverConfig() }));
    const result = await cli.run(["state", "docs:refund", "off", "--mcp-timeout", "60"]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(
      `The MCP server "docs" lists no skill 'docs:refund'. Did you mean docs:refunds?`,
    );
  });

  it("sets the state with a warning when the server cannot be reached, and refuses an unconfigured label", async () => {
    const cli = withServer(() => ({ docs: { command: path.join(harness.base, "no-such-server") } }));
    const result = await cli.run(["state", "docs:refunds", "user-only"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("docs:refunds: user-only (from user)\n");
    expect(result.stderr).toContain('could not check that the MCP server "docs" lists docs:refunds');
    const unknown = await cli.run(["state", "other:refunds", "off"]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("No skill is named 'other:refunds'");
  });
});
