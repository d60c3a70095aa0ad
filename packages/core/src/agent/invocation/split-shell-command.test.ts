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

describe("splitShellCommand: redirections to files", () => {
  const opensFile: [string, string][] = [
    ["echo hi > /tmp/outside", "> /tmp/outside"],
    ["echo hi >> ~/.bashrc", ">> ~/.bashrc"],
    ["echo hi >| x", ">| x"],
    ["echo hi &> log", "&> log"],
    ["echo hi &>> log", "&>> log"],
    ["cat < secret", "< secret"],
    ["cat <> file", "<> file"],
    ["echo hi 1>file", "1>file"],
    ["ls nope 2>errors.txt", "2>errors.txt"],
    ["cat 3<file", "3<file"],
    ["echo hi>x", ">x"],
    ["echo a>b", ">b"],
    ["echo hi >&out.txt", ">&out.txt"],
    ["echo hi > 2", "> 2"],
    ['echo hi > "/dev/null2"', '> "/dev/null2"'],
    ["echo hi > $HOME/.profile", "> $HOME/.profile"],
    ["echo hi {fd}>file", "{fd}>file"],
    ["echo 'a > b' > c", "> c"],
    ["echo hi 2>&1 > out", "> out"],
    ["echo hi >", ">"],
  ];

  it.each(opensFile)("notes the file redirection of %j", (command, redirection) => {
    expect(splitShellCommand(command).fileRedirections).toEqual([redirection]);
  });

  const opensNoFile = [
    "make 2>&1",
    "echo oops >&2",
    "echo oops 1>&2",
    "echo hi >& 2",
    "exec 3>&-",
    "echo hi >/dev/null",
    "ls nope 2>/dev/null",
    "make &>/dev/null",
    "cat </dev/null",
    'echo hi > "/dev/null"',
    "cat <<EOF\nhello > there\nEOF",
    "cat <<-EOF\n\thello < there\n\tEOF",
    "cat <<'EOF'\n$(not run) > x\nEOF",
    "cat <<< 'a > b'",
    "cat <<<word",
    "echo 'a > b'",
    'echo "a > b"',
    "echo a\\>b",
    "echo hi # > not a redirection",
    "git log --format='%h <%ae>'",
  ];

  it.each(opensNoFile)("notes no file redirection in %j", (command) => {
    expect(splitShellCommand(command).fileRedirections).toEqual([]);
  });

  it("still notes a redirection written after a here-document's body", () => {
    expect(splitShellCommand("cat <<EOF\nbody\nEOF\necho hi > /tmp/x").fileRedirections).toEqual([
      "> /tmp/x",
    ]);
    expect(splitShellCommand("cat <<EOF > notes.md\nbody\nEOF").fileRedirections).toEqual(["> notes.md"]);
  });
});

describe("splitShellCommand: quoting as bash reads it", () => {
  it("reads $'…' with its escapes, so a quote escaped in it cannot hide a separator", () => {
    expect(splitShellCommand("echo $'\\'' ; rm -rf x ; echo $'\\''").segments).toEqual([
      "echo $'\\''",
      "rm -rf x",
      "echo $'\\''",
    ]);
  });

  it("drops comments, so a quote in one cannot swallow the next line", () => {
    expect(splitShellCommand("echo hi # it's\nrm -rf x").segments).toEqual(["echo hi", "rm -rf x"]);
    expect(splitShellCommand("echo a#b").segments).toEqual(["echo a#b"]);
  });

  it("skips here-document bodies, so a quote in one cannot swallow the commands after it", () => {
    expect(splitShellCommand("cat <<EOF\ncat it's\nEOF\nrm -rf x").segments).toEqual([
      "cat <<EOF",
      "rm -rf x",
    ]);
    expect(splitShellCommand("cat <<-'END'\n\tbody; rm\n\tEND\npwd").segments).toEqual([
      "cat <<-'END'",
      "pwd",
    ]);
  });

  it("notices substitutions in a here-document bash expands, and not in a quoted one", () => {
    expect(splitShellCommand("cat <<EOF\n$(rm -rf x)\nEOF").hasSubstitution).toBe(true);
    expect(splitShellCommand("cat <<EOF\n`id`\nEOF").hasSubstitution).toBe(true);
    expect(splitShellCommand("cat <<'EOF'\n$(rm -rf x)\nEOF").hasSubstitution).toBe(false);
  });

  it("splits on |& and reads >| as a redirection, not a pipe", () => {
    expect(splitShellCommand("make |& tee log").segments).toEqual(["make", "tee log"]);
    expect(splitShellCommand("echo hi >| x").segments).toEqual(["echo hi >| x"]);
  });
});
