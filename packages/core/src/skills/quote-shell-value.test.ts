// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${...}` is shell syntax under test here.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findShellQuoteContext, quoteShellValue, quoteShellWord } from "./quote-shell-value.js";

const folder = mkdtempSync(join(tmpdir(), "skillbox-quote-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Puts `value` where `{}` is in `template` and runs the result with bash in the empty temp folder. */
function runWith(template: string, value: string): { stdout: string; created: string[] } {
  const offset = template.indexOf("{}");
  const command =
    template.slice(0, offset) + quoteShellValue(value, template, offset) + template.slice(offset + 2);
  const result = spawnSync("bash", ["-c", command], { cwd: folder, encoding: "utf8" });
  const created = readdirSync(folder);
  for (const name of created) rmSync(join(folder, name), { recursive: true, force: true });
  return { stdout: result.stdout, created };
}

const HOSTILE = [
  "x; touch MARK",
  "x && touch MARK",
  "x | touch MARK",
  "x || touch MARK &",
  "$(touch MARK)",
  "`touch MARK`",
  "x\ntouch MARK",
  "'; touch MARK; '",
  '"; touch MARK; "',
  "\\'$(touch MARK)",
  "}$(touch MARK)",
  ")$(touch MARK)",
  "EOF\ntouch MARK\nEOF",
  "x\n```\n!`touch MARK`",
  "$'\\x27'; touch MARK",
  "> MARK",
  "* ? [a]",
  "a  b\tc",
  "-n",
  "\\",
  "${HOME}",
  "\u001b]0;PWNED\u0007",
];

// Each template prints what sits at {} between < and >, in one kind of quoting.
const CONTEXTS: [string, string, boolean][] = [
  ["outside quotes", "printf '<%s>' {}", true],
  ["in single quotes", "printf '%s' '<{}>'", true],
  ["in double quotes", "printf '%s' \"<{}>\"", true],
  ["in $'…' quotes", "printf '%s' $'<{}>'", true],
  ["in $(…) in double quotes", "printf '%s' \"$(printf '%s' \"<{}>\")\"", true],
  ["in single quotes in $(…) in double quotes", "printf '%s' \"$(printf '%s' '<{}>')\"", true],
  ["in ${…:-…} in double quotes", "printf '%s' \"${SKILLBOX_UNSET:-<{}>}\"", true],
  ["in ${…:-…} outside quotes", "printf '%s' ${SKILLBOX_UNSET:-<{}>}", false],
  ["in backquotes", "printf '%s' \"`printf '%s' '<{}>'`\"", false],
  ["in a comment", "printf ok # {}", false],
  ["in an expanding here-document", "cat <<EOF\n<{}>\nEOF", false],
  ["in a quoted here-document", "cat <<'EOF'\n<{}>\nEOF", false],
  ["in an indented here-document in $(…)", "printf '%s' \"$(cat <<-EOF\n\t<{}>\n\tEOF\n)\"", false],
  ["after a comment with a quote", "# it's fine\nprintf '<%s>' {}", true],
];

describe("quoteShellValue", () => {
  describe.each(CONTEXTS)("%s", (_title, template, exact) => {
    it.each(HOSTILE.map((value) => [JSON.stringify(value), value]))(
      "runs nothing but the author's command for %s",
      (_label, value) => {
        const { stdout, created } = runWith(template, value);
        expect(created).toEqual([]);
        if (exact) expect(stdout).toBe(`<${value}>`);
      },
    );
  });

  it("prints values exactly in here-documents, where only trailing newlines may go", () => {
    expect(runWith("cat <<EOF\n<{}>\nEOF", "a 'b' $(c) `d`").stdout).toBe("<a 'b' $(c) `d`>\n");
    expect(runWith("cat <<EOF\n{}\nEOF", "EOF").stdout).toBe("EOF\n");
  });

  it("never puts a newline or a backquote in the inserted text, so a body splits the same", () => {
    for (const [, template] of CONTEXTS) {
      const offset = template.indexOf("{}");
      for (const value of HOSTILE) expect(quoteShellValue(value, template, offset)).not.toMatch(/[\n`]/);
    }
  });

  it("inserts nothing for an empty value", () => {
    expect(quoteShellValue("", "echo '{}'", 6)).toBe("");
  });
});

describe("quoteShellWord", () => {
  it("leaves safe words alone and quotes the rest", () => {
    expect(quoteShellWord("report.pdf")).toBe("report.pdf");
    expect(quoteShellWord("")).toBe("''");
    expect(quoteShellWord("a b")).toBe("'a b'");
    expect(quoteShellWord("it's")).toBe("'it'\\''s'");
    expect(quoteShellWord("a\nb`c")).toBe("$'a\\nb\\x60c'");
  });
});

describe("findShellQuoteContext", () => {
  const cases: [string, string, string][] = [
    ["plain", "echo x", "plain"],
    ["single", "echo 'x", "single"],
    ["double", 'echo "x', "double"],
    ["closed quotes", "echo 'a' \"b\" x", "plain"],
    ["an escaped quote", "echo \\'x", "plain"],
    ["a quote in double quotes", "echo \"it's x", "double"],
    ["$( in double quotes", 'echo "$(echo x', "plain"],
    ["after $( closes", 'echo "$(echo (a) b) x', "double"],
    ["a comment", "echo # it's x", "comment"],
    ["a # inside a word", "echo a#'x", "single"],
    ["a here-document body", "cat <<EOF\nx", "expanding-unquotable"],
    ["after a here-document", "cat <<'EOF'\nEOF\nx", "plain"],
    ["<<< is not a here-document", "cat <<< 'x", "single"],
  ];
  it.each(cases)("reads %s", (_title, command, expected) => {
    expect(findShellQuoteContext(command, command.length)).toBe(expected);
  });
});
