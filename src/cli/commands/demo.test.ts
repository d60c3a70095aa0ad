import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { demoCommand } from "./demo.js";

const BUNDLED = fileURLToPath(new URL("../../../skills", import.meta.url));

async function runDemo(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const home = mkdtempSync(join(tmpdir(), "skillbox-demo-"));
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
});
