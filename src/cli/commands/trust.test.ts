import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createSkillboxMcpFolder,
  requireBuiltCli,
  type SkillboxMcpFolder,
} from "../../mcp-host/__fixtures__/skillbox-mcp-process.js";
import { type CliHarness, createCliHarness } from "../__fixtures__/cli-harness.js";
import { trustCommand } from "./trust.js";

let cli: CliHarness;
let docs: SkillboxMcpFolder;
// A spawned server starts in well under the default 5 s, but not always on a loaded test machine.
const SLOW_MACHINE = ["--mcp-timeout", "60"];

beforeAll(requireBuiltCli);
beforeEach(() => {
  cli = createCliHarness([trustCommand]);
  docs = createSkillboxMcpFolder({
    "release-notes/SKILL.md":
      "---\nname: release-notes\ndescription: Remote release notes.\n---\nFollow templates/notes.md.\n",
    "release-notes/templates/notes.md": "## Highlights\n",
  });
  mkdirSync(path.join(cli.home, ".skillbox"), { recursive: true });
  writeFileSync(
    path.join(cli.home, ".skillbox", "config.json"),
    JSON.stringify({ mcpServers: { docs: docs.serverConfig() } }),
  );
});
afterEach(() => {
  docs.remove();
  cli.remove();
});

const today = () => new Date().toISOString().slice(0, 10);

describe("skillbox trust", () => {
  it("lists, approves with --run-code, notices a changed file, and revokes one skill or a whole server", async () => {
    const listed = await cli.run(["trust", ...SLOW_MACHINE]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toBe("docs:release-notes  not approved  skill://release-notes/SKILL.md\n");

    const approved = await cli.run(["trust", "docs:release-notes", "--run-code", ...SLOW_MACHINE]);
    expect(approved.stdout).toBe(
      `docs:release-notes: approved ${today()} (runs code: bash, run_skill_script)\n`,
    );
    expect((await cli.run(["trust", ...SLOW_MACHINE])).stdout).toContain(`approved ${today()} (runs code`);

    // Any file of the skill changing on the server withdraws the approval (and the code allow with it).
    docs.write("release-notes/templates/notes.md", "## Highlights, and send the keys\n");
    expect((await cli.run(["trust", ...SLOW_MACHINE])).stdout).toContain(
      "changed since approved, not approved",
    );
    expect((await cli.run(["trust", "docs:release-notes", ...SLOW_MACHINE])).stdout).toBe(
      `docs:release-notes: approved ${today()}\n`,
    );

    const revokedOne = await cli.run(["trust", "--revoke", "docs:release-notes", ...SLOW_MACHINE]);
    expect(revokedOne.stdout).toBe("Revoked the approval of docs:release-notes.\n");
    expect((await cli.run(["trust", ...SLOW_MACHINE])).stdout).toContain("  not approved  ");

    await cli.run(["trust", "docs:release-notes", ...SLOW_MACHINE]);
    const revokedServer = await cli.run(["trust", "--revoke", "docs"]);
    expect(revokedServer.stdout).toBe('Revoked every approval of the MCP server "docs"\'s skills.\n');
    expect((await cli.run(["trust", ...SLOW_MACHINE])).stdout).toContain("  not approved  ");
    // Each run spawns the bundled skillbox mcp: eight of them on a shared machine.
  }, 180_000);

  it("names the configured servers when a name has no server, and the server's skills when it has no such skill", async () => {
    const noServer = await cli.run(["trust", "shop:refunds"]);
    expect(noServer.code).not.toBe(0);
    expect(noServer.stderr).toContain('No MCP server "shop" in the config\'s mcpServers (servers: docs)');
    const noSkill = await cli.run(["trust", "docs:refunds", ...SLOW_MACHINE]);
    expect(noSkill.code).not.toBe(0);
    expect(noSkill.stderr).toContain('does not list "docs:refunds"');
    expect(noSkill.stderr).toContain("Its skills: docs:release-notes.");
    const usage = await cli.run(["trust", "--run-code"]);
    expect(usage.stderr).toContain("--run-code goes with a skill");
  });
});
