// Shell quoting for values substituted into `` !`cmd` `` lines and ```! blocks, so that an argument
// is always data to bash and never code, whatever quotes the skill author put around it (pure).

/** Where in a bash command a position sits, as far as quoting goes. */
export type ShellQuoteContext =
  | "plain"
  | "single"
  | "double"
  | "ansi"
  | "comment"
  | "heredoc-literal"
  /** An expanding here-document, or `${…}` inside double quotes: quotes may not quote there. */
  | "expanding-unquotable";

type Frame =
  | { kind: "plain" | "backtick" | "single" | "double" | "ansi" | "comment" | "brace" }
  | { kind: "paren"; depth: number }
  | { kind: "heredoc"; delimiter: string; stripTabs: boolean; expanding: boolean; lineStart: boolean };

interface PendingHeredoc {
  delimiter: string;
  stripTabs: boolean;
  expanding: boolean;
}

const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;
// Characters that would change how a body is split into commands (a backquote ends an inline
// command, a newline a line) or that a terminal could act on: written as escapes in $'…'.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must be escaped.
const NEEDS_ANSI = /[\u0000-\u001F\u007F-\u009F`\u2028\u2029]/u;

/**
 * One bash word that reads as exactly `value`: unchanged when it holds only safe characters,
 * `'…'` otherwise, and `$'…'` (with `\n`, `\x60` and the like) when it holds a newline, a
 * backquote or another control character, so the quoted text never spans lines or ends an
 * inline command. The empty string is `''`.
 */
export function quoteShellWord(value: string): string {
  if (value === "") return "''";
  return SAFE_WORD.test(value) ? value : quoteAlways(value);
}

/**
 * The text to put at `offset` of `command` (replacing a placeholder there) so that bash reads
 * `value` there as plain data: inside quotes the quotes are closed, the value is inserted as one
 * quoted word and the quotes are reopened; where quotes may not quote (an expanding
 * here-document, `"${x:-…}"`) the value is printed by `$(printf '%s' …)`. In a quoted
 * here-document nothing can be quoted, so the value appears in quotes. An empty value inserts nothing.
 */
export function quoteShellValue(value: string, command: string, offset: number): string {
  if (value === "") return "";
  const word = quoteShellWord(value);
  switch (findShellQuoteContext(command, offset)) {
    case "single":
      return `'${word}'`;
    case "double":
      return `"${word}"`;
    case "ansi":
      return `'${word}$'`;
    case "expanding-unquotable":
      return `$(printf '%s' ${word})`;
    case "heredoc-literal":
      // Quoted even when safe, so the value can never form the line that ends the document.
      return quoteAlways(value);
    default:
      return word;
  }
}

function quoteAlways(value: string): string {
  if (!NEEDS_ANSI.test(value)) return `'${value.replace(/'/g, "'\\''")}'`;
  let quoted = "";
  for (const character of value) {
    const code = character.codePointAt(0) as number;
    if (character === "\\" || character === "'") quoted += `\\${character}`;
    else if (character === "\n") quoted += "\\n";
    else if (character === "\t") quoted += "\\t";
    else if (character === "\r") quoted += "\\r";
    else if (code < 0x20 || code === 0x60 || code === 0x7f) quoted += `\\x${hex(code, 2)}`;
    else if ((code >= 0x80 && code <= 0x9f) || code === 0x2028 || code === 0x2029)
      quoted += `\\u${hex(code, 4)}`;
    else quoted += character;
  }
  return `$'${quoted}'`;
}

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, "0");
}

/** The quoting in force just before `offset` of `command`, read the way bash reads it. */
export function findShellQuoteContext(command: string, offset: number): ShellQuoteContext {
  const stack: Frame[] = [{ kind: "plain" }];
  const pending: PendingHeredoc[] = [];
  let index = 0;
  while (index < offset) {
    const frame = stack.at(-1) as Frame;
    switch (frame.kind) {
      case "heredoc":
        index = readHeredoc(command, index, frame, stack, pending);
        break;
      case "single":
        if (command[index] === "'") stack.pop();
        break;
      case "ansi":
        if (command[index] === "\\") index++;
        else if (command[index] === "'") stack.pop();
        break;
      case "comment":
        if (command[index] === "\n") {
          stack.pop();
          startHeredoc(stack, pending);
        }
        break;
      case "double":
        if (command[index] === '"') stack.pop();
        else index = readExpanding(command, index, stack);
        break;
      default:
        index = readUnquoted(command, index, frame, stack, pending);
    }
    index++;
  }
  return describeContext(stack);
}

function describeContext(stack: readonly Frame[]): ShellQuoteContext {
  // `${…}` opened inside double quotes or an expanding here-document: bash's quoting rules there
  // differ between versions and modes, so no quote is trusted.
  for (let index = stack.length - 1; index > 0; index--) {
    const frame = stack[index] as Frame;
    if (frame.kind === "paren" || frame.kind === "backtick") break;
    const below = stack[index - 1] as Frame;
    if (frame.kind === "brace" && (below.kind === "double" || below.kind === "heredoc"))
      return "expanding-unquotable";
  }
  const top = stack.at(-1) as Frame;
  if (top.kind === "heredoc") return top.expanding ? "expanding-unquotable" : "heredoc-literal";
  if (top.kind === "single" || top.kind === "double" || top.kind === "ansi" || top.kind === "comment")
    return top.kind;
  return "plain";
}

/**
 * `\x`, `$(`, `${` and backquotes, which work alike in double quotes, here-documents and outside
 * quotes; returns the index of the last character used (unchanged when none applied).
 */
function readExpanding(command: string, index: number, stack: Frame[]): number {
  const character = command[index];
  const next = command[index + 1];
  if (character === "\\") return index + 1;
  if (character === "$" && next === "(") {
    stack.push({ kind: "paren", depth: 0 });
    return index + 1;
  }
  if (character === "$" && next === "{") {
    stack.push({ kind: "brace" });
    return index + 1;
  }
  if (character === "`") {
    if (stack.at(-1)?.kind === "backtick") stack.pop();
    else stack.push({ kind: "backtick" });
  }
  return index;
}

/** One character (or operator) outside quotes; returns the index of the last character it used. */
function readUnquoted(
  command: string,
  index: number,
  frame: Frame,
  stack: Frame[],
  pending: PendingHeredoc[],
): number {
  const character = command[index] as string;
  const next = command[index + 1];
  if (character === "\\" || character === "`" || (character === "$" && (next === "(" || next === "{")))
    return readExpanding(command, index, stack);
  if (character === "'") stack.push({ kind: "single" });
  else if (character === '"') stack.push({ kind: "double" });
  else if (character === "$" && next === "'") {
    stack.push({ kind: "ansi" });
    return index + 1;
  } else if (character === "}" && frame.kind === "brace") stack.pop();
  else if (character === "(" && frame.kind === "paren") frame.depth++;
  else if (character === ")" && frame.kind === "paren") {
    if (frame.depth > 0) frame.depth--;
    else stack.pop();
  } else if (character === "#" && (index === 0 || /[\s;&|()<>]/.test(command[index - 1] as string))) {
    stack.push({ kind: "comment" });
  } else if (character === "<" && next === "<" && command[index + 2] !== "<") {
    return readHeredocOperator(command, index, pending);
  } else if (character === "\n") startHeredoc(stack, pending);
  return index;
}

/** Inside a here-document: its end line, and in an expanding one `\`, `$(`, `${` and backquotes. */
function readHeredoc(
  command: string,
  index: number,
  frame: Extract<Frame, { kind: "heredoc" }>,
  stack: Frame[],
  pending: PendingHeredoc[],
): number {
  if (frame.lineStart) {
    frame.lineStart = false;
    const end = command.indexOf("\n", index);
    const line = command.slice(index, end === -1 ? command.length : end);
    if ((frame.stripTabs ? line.replace(/^\t+/, "") : line) === frame.delimiter) {
      stack.pop();
      startHeredoc(stack, pending);
      return end === -1 ? command.length : end;
    }
  }
  if (command[index] === "\n") {
    frame.lineStart = true;
    return index;
  }
  return frame.expanding ? readExpanding(command, index, stack) : index;
}

/** Reads `<<[-] word` and queues the here-document that starts on the next line. */
function readHeredocOperator(command: string, index: number, pending: PendingHeredoc[]): number {
  const match = /^<<(-?)[ \t]*((?:[^\s;&|()<>'"\\]|\\.|'[^']*'|"[^"]*")+)/.exec(command.slice(index));
  if (match === null) return index + 1;
  const word = match[2] as string;
  pending.push({
    delimiter: word.replace(/\\(.)|'([^']*)'|"([^"]*)"/g, (_all, escaped, single, double) =>
      String(escaped ?? single ?? double ?? ""),
    ),
    stripTabs: match[1] === "-",
    expanding: !/['"\\]/.test(word),
  });
  return index + match[0].length - 1;
}

function startHeredoc(stack: Frame[], pending: PendingHeredoc[]): void {
  const next = pending.shift();
  if (next !== undefined) stack.push({ kind: "heredoc", ...next, lineStart: true });
}
