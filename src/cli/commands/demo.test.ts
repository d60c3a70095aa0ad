import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { stdioSkillServer } from "../../mcp-host/__fixtures__/stdio-skill-server.js";
import { demoCommand } from "./demo.js";

const BUNDLED = fileURLToPath(new URL("../../../skills", import.meta.url));

async function runDemo(
  args: string[],
  prepareHome: (home: string) => void = () => undefined,
): Promise<{ code: number; out: string; err: string }> {
  const home = mkdtempSync(join(tmpdir(), "skillbox-demo-"));
  prepareHome(home);
  let out = "";
  let err = "";
  try {
    const code = await demoCommand.run(args, {
      stdout: (text: string) => {
        out += text;
      },
      stderr: (text: string) => {
        err += text;
      },
      env: { HOME: home, PATH: process.env.PATH ?? "" },
      cwd: home,
      home,
      directories: [BUNDLED],
    });
    return { code, out, err };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

describe("skillbox demo", () => {
  it("shows the three layers: the list, the loaded body, then a file the body links to", async () => {
    const { code, out } = await runDemo([]);
    expect(code).toBe(0);
    const layerOne = out.indexOf("Layer 1: the system prompt lists");
    const load = out.indexOf('→ load_skill {"skill_name":"methodology"}');
    const read = out.indexOf(
      '→ read_skill_file {"skill_name":"methodology","path":"references/review-template.md"}',
    );
    expect(layerOne).toBeGreaterThanOrEqual(0);
    expect(load).toBeGreaterThan(layerOne);
    expect(read).toBeGreaterThan(load);
    expect(out).toContain("# Literature review template");
    expect(out).toContain("3 model calls");
  });

  it("picks the skill whose description matches the prompt", async () => {
    const { code, out } = await runDemo([
      "--dir",
      BUNDLED,
      "Draft the release notes and changelog from git history",
    ]);
    expect(code).toBe(0);
    expect(out).toContain('→ load_skill {"skill_name":"changelog-writer"}');
  });

  it("refuses a real provider, which would need a key", async () => {
    await expect(runDemo(["--provider", "anthropic"])).rejects.toThrow(/fake model/);
  });

  it("lists the config's MCP skills in its Layer 1 line and loads one that fits", async () => {
    const { code, out } = await runDemo(
      ["--dir", BUNDLED, "--mcp-timeout", "60", "Write haiku poems about kittens"],
      (home) => {
        const served = stdioSkillServer(
          "poems",
          {
            files: {
              "haiku/SKILL.md":
                "---\nname: haiku\ndescription: Writes haiku poems about kittens.\n---\nFive, seven, five.\n",
            },
          },
          home,
        );
        if (served.transport !== "stdio") throw new Error("the fixture serves over stdio");
        mkdirSync(join(home, ".skillbox"));
        writeFileSync(
          join(home, ".skillbox", "config.json"),
          JSON.stringify({
            mcpServers: { poems: { command: served.command, args: served.args, cwd: served.cwd } },
          }),
        );
      },
    );
    expect(code).toBe(0);
    expect(out).toMatch(/Layer 1: the system prompt lists \d+ skills \([^)]*, poems:haiku\)/);
    expect(out).toContain('→ load_skill {"skill_name":"poems:haiku"}');
    expect(out).toContain("Five, seven, five.");
  }, 120_000);
});
