// Splits a bash command line into the simple commands joined by `&&`, `||`, `;`, `|`, `&` or newlines,
// the way bash reads quotes (`'…'`, `"…"`, `$'…'`), escapes, comments and here-documents, so a
// permission rule like `Bash(git:*)` cannot be smuggled past with `git x && rm y`, and notes every
// redirection that reads or writes a file (`echo hi > ~/.bashrc`), which no prefix rule may cover.

/** The parts of a command line, whether it hides commands, and its redirections to files. */
export interface SplitShellCommand {
  segments: string[];
  /** True for `$(…)`, backticks or `<(…)`/`>(…)`, also in a here-document bash expands. */
  hasSubstitution: boolean;
  /**
   * Redirections that open a file, as written (`> /tmp/x`, `2>>log`, `<secret`, `&>out`). Not:
   * descriptor copies (`2>&1`, `>&2`), `/dev/null`, here-documents and here-strings.
   */
  fileRedirections: string[];
}

interface PendingHeredoc {
  delimiter: string;
  stripTabs: boolean;
  /** An unquoted delimiter: bash expands `$(…)` and backticks in the body. */
  expands: boolean;
}

const BLANK = /[ \t]/;
/** Characters that end an unquoted word. */
const WORD_END = /[\s;&|()<>]/;

/** Splits `command` outside quotes; each segment is trimmed and empty ones are dropped. */
export function splitShellCommand(command: string): SplitShellCommand {
  const segments: string[] = [];
  const fileRedirections: string[] = [];
  const heredocs: PendingHeredoc[] = [];
  let hasSubstitution = false;
  let current = "";
  let index = 0;
  let atWordStart = true;

  const endSegment = (): void => {
    segments.push(current);
    current = "";
    atWordStart = true;
  };

  /** Reads one word from `start` (quotes kept, escapes kept), stopping at an unquoted metacharacter. */
  const readWord = (start: number): { raw: string; end: number } => {
    let end = start;
    while (end < command.length && !WORD_END.test(command[end] as string)) {
      const quoted = readQuoted(end);
      end = quoted ?? (command[end] === "\\" ? end + 2 : end + 1);
    }
    end = Math.min(end, command.length);
    return { raw: command.slice(start, end), end };
  };

  /** At a quote (`'`, `"`, `$'`) returns the index after its closing quote (or the end), else undefined. */
  const readQuoted = (start: number): number | undefined => {
    const character = command[start];
    if (character === "'") {
      const close = command.indexOf("'", start + 1);
      return close === -1 ? command.length : close + 1;
    }
    const ansi = character === "$" && command[start + 1] === "'";
    if (character !== '"' && !ansi) return undefined;
    const closing = ansi ? "'" : '"';
    let position = start + (ansi ? 2 : 1);
    while (position < command.length && command[position] !== closing) {
      if (
        !ansi &&
        (command[position] === "`" || (command[position] === "$" && command[position + 1] === "("))
      )
        hasSubstitution = true;
      position += command[position] === "\\" ? 2 : 1;
    }
    return Math.min(position + 1, command.length);
  };

  /** At `<` or `>` (or `&>`): reads the operator and its target into the segment. */
  const readRedirection = (): void => {
    const start = index;
    let operator = command[index] === "&" ? "&>" : (command[index] as string);
    index += operator.length;
    const rest = command.slice(index);
    if (operator === "<") {
      if (rest.startsWith("<<")) {
        // A here-string: the word is the command's input, no file.
        current += command.slice(start, index + 2);
        index += 2;
        atWordStart = true;
        return;
      }
      if (rest.startsWith("<")) {
        readHeredoc(start);
        return;
      }
      if (rest.startsWith(">") || rest.startsWith("&")) operator += rest[0];
    } else if (rest.startsWith(">")) {
      operator += ">";
    } else if (operator === ">" && (rest.startsWith("|") || rest.startsWith("&"))) {
      operator += rest[0];
    }
    index = start + operator.length;
    while (index < command.length && BLANK.test(command[index] as string)) index += 1;
    const target = readWord(index);
    index = target.end;
    current += command.slice(start, index);
    atWordStart = false;
    if (!opensFile(operator, target.raw)) return;
    // A descriptor written before the operator (`2>`, `{fd}>`) is part of it.
    const descriptor = /(?:^|\s)(\d+|\{\w+\})$/.exec(current.slice(0, current.length - (index - start)));
    fileRedirections.push(`${descriptor?.[1] ?? ""}${command.slice(start, index).trim()}`);
  };

  /** At `<<` or `<<-`: notes the delimiter; the body is skipped at the end of the line. */
  const readHeredoc = (start: number): void => {
    index = start + 2;
    const stripTabs = command[index] === "-";
    if (stripTabs) index += 1;
    while (index < command.length && BLANK.test(command[index] as string)) index += 1;
    const word = readWord(index);
    index = word.end;
    current += command.slice(start, index);
    atWordStart = false;
    heredocs.push({
      delimiter: word.raw.replace(/\$(?=['"])|["'\\]/g, ""),
      stripTabs,
      expands: !/["'\\]/.test(word.raw),
    });
  };

  /** After a newline: skips the bodies of the here-documents opened on the line that ended. */
  const skipHeredocBodies = (): void => {
    for (const heredoc of heredocs.splice(0)) {
      while (index < command.length) {
        const newline = command.indexOf("\n", index);
        const lineEnd = newline === -1 ? command.length : newline;
        const line = command.slice(index, lineEnd);
        index = lineEnd + 1;
        if ((heredoc.stripTabs ? line.replace(/^\t+/, "") : line) === heredoc.delimiter) break;
        if (heredoc.expands && (line.includes("`") || line.includes("$("))) hasSubstitution = true;
      }
    }
  };

  while (index < command.length) {
    const character = command[index] as string;
    const next = command[index + 1];
    const quoted = readQuoted(index);
    if (quoted !== undefined) {
      current += command.slice(index, quoted);
      index = quoted;
      atWordStart = false;
      continue;
    }
    if (character === "\\") {
      // A backslash before a newline joins the lines; before anything else it quotes it.
      if (next !== "\n") current += command.slice(index, index + 2);
      index += 2;
      atWordStart = false;
      continue;
    }
    if (character === "#" && atWordStart) {
      const newline = command.indexOf("\n", index);
      index = newline === -1 ? command.length : newline;
      continue;
    }
    if (character === "`" || (character === "$" && next === "(")) hasSubstitution = true;
    if ((character === "<" || character === ">") && next === "(") {
      hasSubstitution = true;
      current += character;
      index += 1;
      continue;
    }
    if (character === "<" || character === ">" || (character === "&" && next === ">")) {
      readRedirection();
      continue;
    }
    if (character === ";" || character === "\n" || character === "|" || character === "&") {
      endSegment();
      index += 1;
      if (
        (character === "&" || character === "|") &&
        (next === character || (character === "|" && next === "&"))
      )
        index += 1;
      if (character === "\n") skipHeredocBodies();
      continue;
    }
    current += character;
    atWordStart = BLANK.test(character) || character === "(" || character === ")";
    index += 1;
  }
  segments.push(current);
  return {
    segments: segments.map((segment) => segment.trim()).filter((segment) => segment !== ""),
    hasSubstitution,
    fileRedirections,
  };
}

/**
 * True when a redirection opens a file. `>&word` and `<&word` copy a descriptor when the word is a
 * number or `-` (`2>&1`, `>&2`, `<&-`); otherwise bash opens the word as a file. `/dev/null` is no file.
 */
function opensFile(operator: string, target: string): boolean {
  if (operator.endsWith("&") && operator !== "&>") return !/^(\d+-?|-)$/.test(target);
  return target.replace(/["'\\]/g, "") !== "/dev/null" || /[$`]/.test(target);
}
