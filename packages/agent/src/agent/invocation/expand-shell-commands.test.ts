import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { substituteSkillBody } from "@skillbox/core/skills/substitute";
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

describe("arguments in shell commands", () => {
  // Each argument tries to run `touch MARK` (or write to it) beside the echo.
  const attacks: [string, string][] = [
    ["a semicolon", "x; touch MARK"],
    ["&&", "x && touch MARK"],
    ["a pipe", "x | touch MARK"],
    ["$(…)", "$(touch MARK)"],
    ["backquotes", "`touch MARK`"],
    ["a newline", "x\ntouch MARK"],
    ["single quotes", "'; touch MARK; '"],
    ["double quotes", '"; touch MARK; "'],
    ["a redirection", "x > MARK"],
    ["a closing code fence and a new command", "x\n```\n!`touch MARK`"],
  ];
  const body = "!`echo hello $ARGUMENTS`";

  it.each(attacks)("runs nothing but echo for an argument with %s", async (_title, argument) => {
    const folder = mkdtempSync(join(tmpdir(), "skillbox-shell-args-"));
    try {
      // As /name invocation does it today (substitute, then expand) and with the substitution handed in.
      const substitutedFirst = await expandShellCommands(substituteSkillBody(body, { arguments: argument }), {
        allow: true,
        cwd: folder,
      });
      const handedIn = await expandShellCommands(body, {
        allow: true,
        cwd: folder,
        substitution: { arguments: argument },
      });
      for (const result of [substitutedFirst, handedIn]) {
        expect(result).toMatchObject({ ok: true, text: `hello ${argument}` });
      }
      expect(readdirSync(folder)).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("keeps argument text that looks like a command as text when the substitution is handed in", async () => {
    const folder = mkdtempSync(join(tmpdir(), "skillbox-shell-args-"));
    try {
      const result = await expandShellCommands("Notes: $ARGUMENTS\nDate: !`echo today`", {
        allow: true,
        cwd: folder,
        substitution: { arguments: "!`touch MARK`" },
      });
      expect(result).toEqual({
        ok: true,
        text: "Notes: !`touch MARK`\nDate: today",
        commands: ["echo today"],
      });
      const appended = await expandShellCommands("!`echo hi`", {
        allow: true,
        cwd: folder,
        substitution: { arguments: "!`touch MARK`" },
      });
      expect(appended).toMatchObject({ ok: true, text: "hi\n\nARGUMENTS: !`touch MARK`" });
      expect(readdirSync(folder)).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
