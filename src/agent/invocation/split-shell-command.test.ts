import { describe, expect, it } from "vitest";
import { splitShellCommand } from "./split-shell-command.js";

describe("splitShellCommand", () => {
  it("splits on && || ; | & and newlines", () => {
    expect(
      splitShellCommand("git add . && git commit -m x || echo no; ls | wc -l & sleep 1\npwd").segments,
    ).toEqual(["git add .", "git commit -m x", "echo no", "ls", "wc -l", "sleep 1", "pwd"]);
  });

  it("keeps separators inside quotes and escapes", () => {
    expect(splitShellCommand(`echo "a && b" 'c; d' e\\;f`).segments).toEqual([`echo "a && b" 'c; d' e\\;f`]);
  });

  it("does not split on redirections such as 2>&1", () => {
    expect(splitShellCommand("make 2>&1 &> log").segments).toEqual(["make 2>&1 &> log"]);
  });

  it("notices command substitution outside single quotes", () => {
    expect(splitShellCommand("echo $(rm -rf x)").hasSubstitution).toBe(true);
    expect(splitShellCommand('echo "`id`"').hasSubstitution).toBe(true);
    expect(splitShellCommand("diff <(ls a) <(ls b)").hasSubstitution).toBe(true);
    expect(splitShellCommand("echo '$(not run)'").hasSubstitution).toBe(false);
  });
});
