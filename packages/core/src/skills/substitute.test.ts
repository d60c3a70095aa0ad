// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${...}` placeholders are what these tests are about.
import { describe, expect, it } from "vitest";
import { type SubstitutionOptions, splitArguments, substituteSkillBody } from "./substitute.js";

describe("splitArguments", () => {
  const cases: [string, string, string[]][] = [
    ["an empty string has no arguments", "", []],
    ["whitespace alone has no arguments", "  \t\n ", []],
    ["words split on whitespace runs", "a  b\tc\nd", ["a", "b", "c", "d"]],
    ["double quotes group words", '"a b" c', ["a b", "c"]],
    ["single quotes group words", "'a b' c", ["a b", "c"]],
    ["quotes join with adjacent text", `x"a b"y 'c'd`, ["xa by", "cd"]],
    ["empty quotes are an empty argument", `"" '' x`, ["", "", "x"]],
    ["a backslash escapes a space", "a\\ b c", ["a b", "c"]],
    ["a backslash escapes a quote", `\\"a b\\"`, ['"a', 'b"']],
    ["a backslash escapes a backslash", "a\\\\b", ["a\\b"]],
    ["single quotes keep backslashes", "'a\\b'", ["a\\b"]],
    ["double quotes unescape quote, backslash and dollar", `"a\\"b\\\\c\\$d"`, ['a"b\\c$d']],
    ["double quotes keep other backslashes", `"a\\nb"`, ["a\\nb"]],
    ["single quotes inside double quotes are literal", `"it's here"`, ["it's here"]],
    ["double quotes inside single quotes are literal", `'say "hi"'`, ['say "hi"']],
    ["an unclosed double quote runs to the end", `a "b c`, ["a", "b c"]],
    ["an unclosed single quote runs to the end", `a 'b c`, ["a", "b c"]],
    ["a trailing backslash stays", "a\\", ["a\\"]],
    ["a backslash-newline continues the argument", "a\\\nb", ["ab"]],
    ["dollar signs are plain text", "$1 $ARGUMENTS", ["$1", "$ARGUMENTS"]],
    ["non-ASCII text is kept", "文献 «x y»", ["文献", "«x", "y»"]],
  ];
  it.each(cases)("%s", (_title, raw, expected) => {
    expect(splitArguments(raw)).toEqual(expected);
  });
});

describe("substituteSkillBody", () => {
  const base: SubstitutionOptions = { skillDir: "/skills/pdf", sessionId: "s-42" };
  const cases: [string, string, SubstitutionOptions, string][] = [
    // Variables
    ["${SKILL_DIR} becomes the skill directory", "run ${SKILL_DIR}/x.sh", base, "run /skills/pdf/x.sh"],
    ["${CLAUDE_SKILL_DIR} is an alias", "${CLAUDE_SKILL_DIR}/a", base, "/skills/pdf/a"],
    ["${SKILL_DIR} stays when the directory is unknown", "${SKILL_DIR}/a", {}, "${SKILL_DIR}/a"],
    ["${SESSION_ID} becomes the session ID", "id=${SESSION_ID}", base, "id=s-42"],
    ["${CLAUDE_SESSION_ID} is an alias", "${CLAUDE_SESSION_ID}", base, "s-42"],
    ["${SESSION_ID} becomes empty without a session", "id=${SESSION_ID};", {}, "id=;"],
    ["unknown ${VARIABLES} stay", "${HOME} ${SKILL_DIRS}", base, "${HOME} ${SKILL_DIRS}"],
    ["every occurrence is replaced", "${SKILL_DIR} ${SKILL_DIR}", base, "/skills/pdf /skills/pdf"],
    // $ARGUMENTS
    [
      "$ARGUMENTS becomes the whole argument string",
      "Do: $ARGUMENTS.",
      { arguments: "a  'b c'" },
      "Do: a  'b c'.",
    ],
    ["$ARGUMENTS is trimmed", "[$ARGUMENTS]", { arguments: "  x y \n" }, "[x y]"],
    ["$ARGUMENTS is empty without arguments", "[$ARGUMENTS]", {}, "[]"],
    ["$ARGUMENTSX is not a placeholder", "$ARGUMENTSX", { arguments: "a" }, "$ARGUMENTSX\n\nARGUMENTS: a"],
    // Positional
    ["$ARGUMENTS[N] is argument N from 0", "$ARGUMENTS[0]/$ARGUMENTS[1]", { arguments: "a 'b c'" }, "a/b c"],
    ["$N is argument N from 0", "$0-$1-$2", { arguments: 'x "y z" w' }, "x-y z-w"],
    ["$N reads all its digits", "$10", { arguments: "0 1 2 3 4 5 6 7 8 9 ten" }, "ten"],
    ["a missing $N stays as written", "$0 $3", { arguments: "a" }, "a $3"],
    ["a missing $ARGUMENTS[N] stays as written", "$ARGUMENTS[2]", { arguments: "a" }, "$ARGUMENTS[2]"],
    ["an empty quoted argument substitutes empty", "[$0][$1]", { arguments: `"" b` }, "[][b]"],
    // Named
    [
      "a named argument maps to its position",
      "$file to $format",
      { arguments: "a.pdf md", argumentNames: ["file", "format"] },
      "a.pdf to md",
    ],
    [
      "a named argument with no value becomes empty",
      "[$format]",
      { arguments: "a", argumentNames: ["file", "format"] },
      "[]",
    ],
    [
      "an undeclared $name stays (shell variables survive)",
      "echo $HOME $file",
      { arguments: "x", argumentNames: ["file"] },
      "echo $HOME x",
    ],
    [
      "a longer name wins over its prefix",
      "$file_path|$file",
      { arguments: "a b", argumentNames: ["file", "file_path"] },
      "b|a",
    ],
    [
      "a name followed by letters is not that name",
      "$filename",
      { arguments: "a", argumentNames: ["file"] },
      "$filename\n\nARGUMENTS: a",
    ],
    [
      "a name followed by a hyphen is that name",
      "$file-copy",
      { arguments: "a", argumentNames: ["file"] },
      "a-copy",
    ],
    ["named and positional forms mix", "$1 $src", { arguments: "a b", argumentNames: ["src", "dst"] }, "b a"],
    [
      "names that are not identifiers are ignored",
      "$a.b $x",
      { arguments: "1 2", argumentNames: ["a.b", "x"] },
      "$a.b 2",
    ],
    // Escapes
    [
      "\\$ keeps a placeholder literal",
      "\\$ARGUMENTS and $ARGUMENTS",
      { arguments: "a" },
      "$ARGUMENTS and a",
    ],
    [
      "\\$N keeps a positional placeholder literal",
      "cost \\$1 for $0",
      { arguments: "a b" },
      "cost $1 for a",
    ],
    ["\\${SKILL_DIR} stays literal", "\\${SKILL_DIR}", base, "${SKILL_DIR}"],
    ["\\$ before a non-placeholder is left alone", 'echo "\\$HOME"', {}, 'echo "\\$HOME"'],
    ["a lone dollar is left alone", "costs $ 5 and $", { arguments: "" }, "costs $ 5 and $"],
    // One pass
    ["a value containing $1 is not expanded again", "$0", { arguments: "'$1' other" }, "$1"],
    [
      "a value containing ${SESSION_ID} is not expanded again",
      "$ARGUMENTS",
      { ...base, arguments: "${SESSION_ID}" },
      "${SESSION_ID}",
    ],
    [
      "a skill directory containing $0 is not expanded again",
      "${SKILL_DIR}",
      { skillDir: "/tmp/$0", arguments: "x" },
      "/tmp/$0\n\nARGUMENTS: x",
    ],
    // Shell commands
    [
      "values inside !`cmd` are shell-quoted, text outside is not",
      "!`echo $ARGUMENTS` and $ARGUMENTS",
      { arguments: "a; b" },
      "!`echo 'a; b'` and a; b",
    ],
    ["safe values stay bare in commands", "!`cat $0`", { arguments: "report.pdf" }, "!`cat report.pdf`"],
    [
      "a value inside the author's quotes closes and reopens them",
      "!`echo \"<$0>\" '<$1>'`",
      { arguments: "'a b' 'c d'" },
      "!`echo \"<\"'a b'\">\" '<''c d''>'`",
    ],
    [
      "${SKILL_DIR} in a ```! block is quoted too",
      "```!\nls ${SKILL_DIR}\n```",
      { skillDir: "/skills/my skill" },
      "```!\nls '/skills/my skill'\n```",
    ],
    [
      "newlines and backquotes in a command value are escaped, so the command stays one line",
      "!`echo $ARGUMENTS`",
      { arguments: "a\n`b`" },
      "!`echo $'a\\n\\x60b\\x60'`",
    ],
    [
      "a command shown in an ordinary code fence is text, so its values are not quoted",
      "```\n!`echo $0`\n```",
      { arguments: "'a b'" },
      "```\n!`echo a b`\n```",
    ],
    // The ARGUMENTS: fallback
    [
      "arguments are appended when the body has no placeholder",
      "Body.",
      { arguments: "a b" },
      "Body.\n\nARGUMENTS: a b",
    ],
    ["nothing is appended without arguments", "Body.", { arguments: "   " }, "Body."],
    ["nothing is appended when $N is used", "$0", { arguments: "a b" }, "a"],
    [
      "nothing is appended when a named argument is used",
      "$x",
      { arguments: "a b", argumentNames: ["x"] },
      "a",
    ],
    ["nothing is appended when a missing $N is used", "$5", { arguments: "a" }, "$5"],
    ["an escaped placeholder does not count as use", "\\$0", { arguments: "a" }, "$0\n\nARGUMENTS: a"],
    [
      "variables do not count as argument use",
      "${SKILL_DIR}",
      { ...base, arguments: "a" },
      "/skills/pdf\n\nARGUMENTS: a",
    ],
  ];
  it.each(cases)("%s", (_title, body, options, expected) => {
    expect(substituteSkillBody(body, options)).toBe(expected);
  });

  it("leaves a body without placeholders or arguments byte-identical", () => {
    const body = "# Title\r\n\nSome `code` with $ and \\ and ${NOT_A_VAR}.\n";
    expect(substituteSkillBody(body, base)).toBe(body);
  });

  it("never throws on arbitrary input", () => {
    const hostile = [
      "$",
      "\\",
      "${",
      "$ARGUMENTS[",
      "$ARGUMENTS[99999999999999999999]",
      '"',
      "'",
      "\\$\\$\\$",
    ];
    for (const body of hostile) {
      for (const args of hostile) {
        expect(() =>
          substituteSkillBody(body, { arguments: args, argumentNames: ["(", "*", ""] }),
        ).not.toThrow();
      }
    }
  });
});
