import { describe, expect, it } from "vitest";
import { normalizeHookConfig } from "./normalize-hook-config.js";

describe("normalizeHookConfig", () => {
  it("reads Claude Code's settings groups as flat entries, one per command, keeping matcher and timeout", () => {
    const normalized = normalizeHookConfig({
      SessionStart: [{ matcher: "", hooks: [{ type: "command", command: "echo start" }] }],
      PreToolUse: [
        {
          matcher: "Bash|Edit",
          hooks: [{ type: "command", command: "./check.sh", timeout: 5 }, { command: "./log.sh" }],
        },
      ],
    });
    expect(normalized.problems).toEqual([]);
    expect(normalized.hooks).toEqual({
      SessionStart: [{ matcher: "", command: "echo start" }],
      PreToolUse: [
        { matcher: "Bash|Edit", command: "./check.sh", timeoutSeconds: 5 },
        { matcher: "Bash|Edit", command: "./log.sh" },
      ],
    });
  });

  it("takes flat entries as they are, and both shapes side by side under one event", () => {
    const normalized = normalizeHookConfig({
      "pre-tool-use": [
        { matcher: "Bash", command: "./flat.sh", timeoutSeconds: 2 },
        { hooks: [{ type: "command", command: "./nested.sh" }] },
      ],
    });
    expect(normalized).toEqual({
      hooks: {
        "pre-tool-use": [
          { matcher: "Bash", command: "./flat.sh", timeoutSeconds: 2 },
          { command: "./nested.sh" },
        ],
      },
      problems: [],
    });
  });

  it("drops only the bad entries, naming the event and index of each", () => {
    const normalized = normalizeHookConfig({
      SessionStart: [
        { command: "./good.sh" },
        { command: "" },
        {
          matcher: "",
          hooks: [
            { type: "prompt", prompt: "x" },
            { type: "command", command: "./kept.sh" },
          ],
        },
        { matcher: "*", hooks: [{ type: "command", command: "./slow.sh", timeout: -1 }] },
        "echo",
        { command: "./x.sh", timeout: 3 },
      ],
      PostToolUse: { command: "./not-a-list.sh" },
      PreCompact: [{ matcher: 3, hooks: [] }],
    });
    expect(normalized.hooks).toEqual({
      SessionStart: [{ command: "./good.sh" }, { matcher: "", command: "./kept.sh" }],
      PreCompact: [],
    });
    expect(normalized.problems).toEqual([
      { at: "SessionStart[1]", message: "command must be a non-empty string" },
      {
        at: "SessionStart[2].hooks[0]",
        message: 'type "prompt" is not supported; only "command" hooks run',
      },
      { at: "SessionStart[3].hooks[0]", message: "timeout must be a positive number of seconds" },
      { at: "SessionStart[4]", message: expect.stringContaining('expected { "command": "…" }') },
      { at: "SessionStart[5]", message: expect.stringContaining('unknown key "timeout"') },
      { at: "PostToolUse", message: "expected a list of hook entries" },
      { at: "PreCompact[0]", message: expect.stringContaining("matcher must be a string") },
    ]);
  });

  it("says a hook type other than command is not supported", () => {
    const normalized = normalizeHookConfig({
      Stop: [{ hooks: [{ type: "agent", command: "review" }] }],
    });
    expect(normalized.hooks).toEqual({ Stop: [] });
    expect(normalized.problems).toEqual([
      { at: "Stop[0].hooks[0]", message: 'type "agent" is not supported; only "command" hooks run' },
    ]);
  });

  it("refuses a hooks value that is not an object, and never sets a prototype from __proto__", () => {
    expect(normalizeHookConfig([{ command: "x" }]).hooks).toBeUndefined();
    expect(normalizeHookConfig("echo").problems).toHaveLength(1);
    const parsed = normalizeHookConfig(JSON.parse('{"__proto__":[{"command":"x"}],"Stop":[]}'));
    expect(Object.getPrototypeOf(parsed.hooks)).toBe(Object.prototype);
    expect(parsed.hooks).toEqual({ Stop: [] });
    expect(parsed.problems).toEqual([{ at: "__proto__", message: "__proto__ is not an event name" }]);
  });
});
