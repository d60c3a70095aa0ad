import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliHarness, createCliHarness } from "../__fixtures__/cli-harness.js";
import type { CliIo } from "../command.js";
import { runCli } from "../run-cli.js";
import { watchCommand } from "./watch.js";

let cli: CliHarness;
beforeEach(() => {
  cli = createCliHarness([watchCommand]);
});
afterEach(() => cli.remove());

async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("skillbox watch", () => {
  it("prints added, changed and removed skills as JSON lines until stopped", async () => {
    cli.writeSkill(cli.skills, "existing");
    let stdout = "";
    let stderr = "";
    const controller = new AbortController();
    const io: CliIo = {
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
      cwd: cli.project,
      home: cli.home,
      env: { SKILLBOX_DB: ":memory:" },
      bundledDirectory: path.join(cli.base, "bundled"),
      signal: controller.signal,
    };
    const running = runCli(["watch", "--json", "--debounce", "30"], io, {
      commands: [watchCommand],
      version: "0",
    });
    await waitFor(() => stderr.includes("press Ctrl-C"), "the watch to start");
    expect(stderr).toBe("Watching 1 skill in 6 roots; press Ctrl-C to stop.\n");
    const events = () =>
      stdout
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as { event: string; name: string; path: string });
    const directory = cli.writeSkill(cli.skills, "fresh");
    await waitFor(() => events().some((event) => event.event === "skill-added"), "skill-added");
    writeFileSync(
      path.join(directory, "SKILL.md"),
      "---\nname: fresh\ndescription: Changed.\n---\nNew body.\n",
    );
    await waitFor(() => events().some((event) => event.event === "skill-changed"), "skill-changed");
    rmSync(directory, { recursive: true });
    await waitFor(() => events().some((event) => event.event === "skill-removed"), "skill-removed");
    controller.abort();
    expect(await running).toBe(0);
    expect(events().map((event) => [event.event, event.name])).toEqual([
      ["skill-added", "fresh"],
      ["skill-changed", "fresh"],
      ["skill-removed", "fresh"],
    ]);
    expect(events()[0]?.path).toBe(path.join(directory, "SKILL.md"));
  });

  it("prints human lines with control characters from folder names escaped", async () => {
    let stdout = "";
    let stderr = "";
    const controller = new AbortController();
    const io: CliIo = {
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
      cwd: cli.project,
      home: cli.home,
      env: { SKILLBOX_DB: ":memory:" },
      bundledDirectory: path.join(cli.base, "bundled"),
      signal: controller.signal,
    };
    const running = runCli(["watch", "--debounce", "30"], io, { commands: [watchCommand], version: "0" });
    await waitFor(() => stderr.includes("press Ctrl-C"), "the watch to start");
    cli.writeSkill(cli.skills, "odd\u001b]0;PWNED\u0007", { name: "odd" });
    await waitFor(() => stdout.includes("skill-added"), "skill-added");
    controller.abort();
    expect(await running).toBe(0);
    expect(stdout).toContain("odd\\x1b]0;PWNED\\x07/SKILL.md");
    expect(`${stdout}${stderr}`).not.toContain("\u001b");
  });

  it("runs as a process and exits 0 on Ctrl-C", async () => {
    const main = fileURLToPath(new URL("../main.ts", import.meta.url));
    const args = [
      "--conditions=skillbox-source",
      "--import",
      "tsx",
      main,
      "--cwd",
      cli.project,
      "--dir",
      cli.skills,
      "watch",
      "--debounce",
      "30",
    ];
    // Started from the package folder, where `--import tsx` resolves.
    const child = spawn(process.execPath, args, {
      cwd: fileURLToPath(new URL("../../../", import.meta.url)),
      env: { ...process.env, HOME: cli.home, SKILLBOX_DB: path.join(cli.base, "process.db") },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += String(chunk);
    });
    child.stderr.on("data", (chunk) => {
      stderr += String(chunk);
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      await waitFor(() => stderr.includes("press Ctrl-C"), "the process to start watching", 20_000);
      cli.writeSkill(cli.skills, "late");
      await waitFor(() => stdout.includes("skill-added"), "the added line");
      expect(stdout).toMatch(/^\d\d:\d\d:\d\d {2}skill-added {5}skills:late .*late\/SKILL\.md\n$/);
      child.kill("SIGINT");
      expect(await exited).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  }, 30_000);
});
