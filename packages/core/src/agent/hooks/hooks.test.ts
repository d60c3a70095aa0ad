import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readHookAnswer } from "./command-hook.js";
import {
  createHookBus,
  type HookFailure,
  type HookPayload,
  matchesHookMatcher,
  parseHookEvent,
} from "./hooks.js";

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "skillbox-hooks-"));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const base = { sessionId: "s1", agentName: "main" };

async function writeScript(name: string, body: string): Promise<string> {
  const file = path.join(directory, name);
  await writeFile(file, `#!/usr/bin/env bash\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

describe("hook event names", () => {
  it("accepts kebab-case, Claude Code PascalCase and camelCase", () => {
    expect(parseHookEvent("pre-tool-use")).toBe("pre-tool-use");
    expect(parseHookEvent("PreToolUse")).toBe("pre-tool-use");
    expect(parseHookEvent("SubagentStop")).toBe("subagent-stop");
    expect(parseHookEvent("userPromptSubmit")).toBe("user-prompt-submit");
    expect(parseHookEvent("Notification")).toBeUndefined();
  });

  it("matches tool names in either spelling, alternatives and regular expressions", () => {
    expect(matchesHookMatcher("Bash", "bash")).toBe(true);
    expect(matchesHookMatcher("Edit|Write", "write_file")).toBe(true);
    expect(matchesHookMatcher("Read", "bash")).toBe(false);
    expect(matchesHookMatcher("mcp__.*", "mcp__github__issues")).toBe(true);
    expect(matchesHookMatcher("*", "anything")).toBe(true);
    expect(matchesHookMatcher(undefined, undefined)).toBe(true);
  });
});

describe("createHookBus", () => {
  it("runs code hooks in order, chaining input rewrites, and stops at the first block", async () => {
    const bus = createHookBus();
    const seen: unknown[] = [];
    bus.on("pre-tool-use", (payload) => {
      seen.push(payload.input);
      return { input: { command: "ls -la" } };
    });
    bus.on("PreToolUse", (payload) => {
      seen.push(payload.input);
      return undefined;
    });
    const outcome = await bus.emit("pre-tool-use", { ...base, tool: "bash", input: { command: "ls" } });
    expect(outcome.input).toEqual({ command: "ls -la" });
    expect(seen).toEqual([{ command: "ls" }, { command: "ls -la" }]);

    bus.on("pre-tool-use", () => ({ decision: "block", reason: "no listing" }), { matcher: "Bash" });
    bus.on("pre-tool-use", () => {
      throw new Error("must not run after a block");
    });
    const blocked = await bus.emit("pre-tool-use", { ...base, tool: "bash", input: { command: "ls" } });
    expect(blocked.blocked).toEqual({ reason: "no listing", source: "function" });
    expect(blocked.failures).toEqual([]);
  });

  it("skips hooks whose matcher does not match the tool", async () => {
    const bus = createHookBus();
    bus.on("post-tool-use", () => ({ output: "changed" }), { matcher: "Read" });
    expect((await bus.emit("post-tool-use", { ...base, tool: "bash", output: "x" })).output).toBeUndefined();
    expect((await bus.emit("post-tool-use", { ...base, tool: "read_file", output: "x" })).output).toBe(
      "changed",
    );
  });

  it("reports a throwing code hook and carries on", async () => {
    const failures: HookFailure[] = [];
    const bus = createHookBus({ onFailure: (failure) => failures.push(failure) });
    bus.on("session-start", () => {
      throw new Error("boom");
    });
    const outcome = await bus.emit("session-start", base);
    expect(outcome.failures).toEqual([
      { event: "session-start", source: "function", message: "threw: boom" },
    ]);
    expect(failures).toHaveLength(1);
  });

  it("runs a command hook that reads the payload on stdin and rewrites the input", async () => {
    const log = path.join(directory, "stdin.json");
    const script = await writeScript(
      "rewrite.sh",
      `cat > "${log}"\necho '{"input": {"command": "echo rewritten"}}'`,
    );
    const bus = createHookBus({ cwd: directory });
    bus.registerConfig({ PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: script }] }] });
    const outcome = await bus.emit("pre-tool-use", { ...base, tool: "bash", input: { command: "echo hi" } });
    expect(outcome.input).toEqual({ command: "echo rewritten" });
    const stdin = JSON.parse(await readFile(log, "utf8")) as Record<string, unknown>;
    expect(stdin).toMatchObject({
      hook_event_name: "PreToolUse",
      session_id: "s1",
      tool_name: "Bash",
      tool: "bash",
      tool_input: { command: "echo hi" },
    });
  });

  it("blocks on a JSON decision or on exit code 2 with stderr as the reason", async () => {
    const json = await writeScript("json.sh", `echo '{"decision":"block","reason":"not on Fridays"}'`);
    const exit2 = await writeScript("exit2.sh", "echo 'forbidden path' >&2; exit 2");
    const bus = createHookBus({ cwd: directory });
    const dispose = bus.registerConfig({ "pre-tool-use": [{ command: json }] });
    expect((await bus.emit("pre-tool-use", { ...base, tool: "bash" })).blocked?.reason).toBe(
      "not on Fridays",
    );
    dispose();
    bus.registerConfig({ "pre-tool-use": [{ command: exit2 }] });
    expect((await bus.emit("pre-tool-use", { ...base, tool: "bash" })).blocked?.reason).toBe(
      "forbidden path",
    );
  });

  it("reports a command hook that fails, times out or prints bad JSON, without blocking", async () => {
    const bus = createHookBus({ cwd: directory });
    bus.registerConfig({
      "post-tool-use": [
        { command: "exit 1" },
        { command: "sleep 5", timeoutSeconds: 0.2 },
        { command: "echo '{not json'" },
        { command: `echo '{"output":"clean"}'` },
      ],
    });
    const outcome = await bus.emit("post-tool-use", { ...base, tool: "bash", output: "raw" });
    expect(outcome.output).toBe("clean");
    expect(outcome.failures.map((failure) => failure.message)).toEqual([
      "exited with code 1",
      "timed out after 200 ms",
      expect.stringContaining("invalid JSON"),
    ]);
  });

  it("registers a skill's hooks only until the scope is disposed, with the skill folder in the environment", async () => {
    const bus = createHookBus({ cwd: directory });
    const dispose = bus.registerScoped(
      { PostToolUse: [{ matcher: "Bash", command: 'echo "{\\"output\\": \\"$SKILL_DIR\\"}"' }] },
      { skill: "demo", skillDirectory: "/skills/demo" },
    );
    expect((await bus.emit("post-tool-use", { ...base, tool: "bash", output: "x" })).output).toBe(
      "/skills/demo",
    );
    expect(bus.has("post-tool-use")).toBe(true);
    dispose();
    expect(bus.has("post-tool-use")).toBe(false);
  });

  it("reports unknown event names in configuration and ignores them", () => {
    const failures: HookFailure[] = [];
    const bus = createHookBus({ onFailure: (failure) => failures.push(failure) });
    bus.registerConfig({ Notification: [{ command: "true" }] });
    expect(failures[0]?.message).toContain('Unknown hook event "Notification"');
  });

  it("passes every payload field a hook may need", async () => {
    const bus = createHookBus();
    let received: HookPayload | undefined;
    bus.on(
      "subagent-stop",
      (payload) => {
        received = payload;
        return undefined;
      },
      { matcher: "review" },
    );
    await bus.emit("subagent-stop", { ...base, skill: "review", result: "done", stoppedBy: "end" });
    expect(received).toEqual({
      event: "subagent-stop",
      ...base,
      skill: "review",
      result: "done",
      stoppedBy: "end",
    });
  });
});

describe("readHookAnswer", () => {
  it("understands Claude Code's hookSpecificOutput and continue:false", () => {
    expect(
      readHookAnswer({
        hookSpecificOutput: {
          permissionDecision: "deny",
          permissionDecisionReason: "nope",
          updatedInput: { a: 1 },
        },
      }),
    ).toEqual({ decision: "block", reason: "nope", input: { a: 1 } });
    expect(readHookAnswer({ continue: false, stopReason: "halt" })).toEqual({
      decision: "block",
      reason: "halt",
    });
    expect(readHookAnswer([1])).toBeUndefined();
  });
});
