import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { expandShellCommands, findShellCommands } from "./expand-shell-commands.js";

describe("findShellCommands", () => {
  it("finds inline commands at a line start or after whitespace, and ```! blocks", () => {
    const body = "!`date`\nToday: !`echo hi` and a!`not-this`\n```!\nls\npwd\n```\n";
    expect(findShellCommands(body)).toEqual(["date", "echo hi", "ls\npwd"]);
  });

  it("skips commands inside ordinary code fences, which only document the syntax", () => {
    expect(findShellCommands("```md\nWrite !`cmd` to run a command.\n```\nplain")).toEqual([]);
  });

  it("treats an unclosed ```! block as a command, so it fails closed", () => {
    expect(findShellCommands("```!\nrm -rf build")).toEqual(["rm -rf build"]);
  });
});

describe("expandShellCommands", () => {
  it("leaves a body without commands untouched, even when commands are off", async () => {
    expect(await expandShellCommands("no commands", { cwd: tmpdir() })).toEqual({
      ok: true,
      text: "no commands",
      commands: [],
    });
  });

  it("does not re-scan command output for further commands", async () => {
    // \140 is a backquote: the command prints "!`date`", which must stay text.
    const result = await expandShellCommands("x: !`printf '!\\140date\\140'`", {
      allow: true,
      cwd: tmpdir(),
    });
    expect(result).toEqual({ ok: true, text: "x: !`date`", commands: ["printf '!\\140date\\140'"] });
  });

  it("accepts exit code 1 from grep (no match) but fails closed on a timeout", async () => {
    expect(
      await expandShellCommands("m: !`grep nothing /dev/null`", { allow: true, cwd: tmpdir() }),
    ).toMatchObject({
      ok: true,
      text: "m: ",
    });
    const slow = await expandShellCommands("!`sleep 5`", { allow: true, cwd: tmpdir(), timeoutMs: 100 });
    expect(slow).toEqual({
      ok: false,
      command: "sleep 5",
      message: "its command `sleep 5` timed out after 100 ms.",
    });
  });
});
