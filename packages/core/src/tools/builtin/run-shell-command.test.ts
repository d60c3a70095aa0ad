import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { runShellCommand } from "./run-shell-command.js";

describe("runShellCommand", () => {
  it("returns stdout, stderr and the exit code, feeding stdin", async () => {
    const result = await runShellCommand({
      command: "cat; echo oops >&2; exit 3",
      cwd: tmpdir(),
      stdin: "hello",
      timeoutMs: 5000,
    });
    expect(result).toMatchObject({ exitCode: 3, stdout: "hello", stderr: "oops\n", timedOut: false });
  });

  it("kills the whole process group when the timeout passes", async () => {
    const started = Date.now();
    const result = await runShellCommand({
      command: "sleep 30 & sleep 30; echo never",
      cwd: tmpdir(),
      timeoutMs: 200,
      killGraceMs: 200,
    });
    expect(result.timedOut).toBe(true);
    expect(result.stdout).toBe("");
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("stops the command when the signal aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await runShellCommand({
      command: "sleep 30",
      cwd: tmpdir(),
      timeoutMs: 10_000,
      signal: controller.signal,
    });
    expect(result.aborted).toBe(true);
    expect(result.exitCode).toBeNull();
  });

  it("caps each stream and counts what it dropped", async () => {
    const result = await runShellCommand({
      command: "head -c 5000 /dev/zero | tr '\\0' x",
      cwd: tmpdir(),
      timeoutMs: 5000,
      maxOutputChars: 100,
    });
    expect(result.stdout).toHaveLength(100);
    expect(result.droppedChars).toBe(4900);
  });
});
