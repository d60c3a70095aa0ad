// Layer 2 substitution: variables (${SKILL_DIR}, ${SESSION_ID}) and arguments ($ARGUMENTS, $N,
// $ARGUMENTS[N], named $name) in a skill body, in one pass, with `\$` to keep a placeholder literal;
// values that land in a shell command are quoted for the shell.
import { quoteShellValue } from "./quote-shell-value.js";
import { joinSkillBodyParts, type SkillBodyPart, splitShellCommands } from "./split-shell-commands.js";

/** What a skill body's placeholders are replaced with. */
export interface SubstitutionOptions {
  /** Absolute directory of the skill; `${SKILL_DIR}` stays as written when absent. */
  skillDir?: string;
  /** The current session's ID; `${SESSION_ID}` becomes empty when absent. */
  sessionId?: string;
  /** The raw argument string, as typed after `/name` or passed to load_skill. */
  arguments?: string;
  /** Names from the skill's `arguments:` list, mapped to positional arguments in order. */
  argumentNames?: readonly string[];
}

const VARIABLES = "\\{(?:CLAUDE_SKILL_DIR|SKILL_DIR|CLAUDE_SESSION_ID|SESSION_ID)\\}";
const NAME_PATTERN = /^[\p{L}_][\p{L}\p{N}_-]*$/u;

/**
 * Replaces placeholders in `body` and returns the new text (never throws):
 * - `${SKILL_DIR}` (alias `${CLAUDE_SKILL_DIR}`): the skill directory, left as is when unknown;
 * - `${SESSION_ID}` (alias `${CLAUDE_SESSION_ID}`): the session ID, or empty;
 * - `$ARGUMENTS`: the whole argument string (trimmed);
 * - `$ARGUMENTS[N]` and `$N` (N from 0): argument N split shell-style, left as is when missing;
 * - `$name` for each name in `argumentNames`: the argument at that position, or empty;
 * - `\` before any of these keeps it literal (the backslash is dropped; other `\$` stay untouched).
 * Inside `` !`cmd` `` lines and ```! blocks every value is shell-quoted for where it sits (see
 * quoteShellValue), so an argument is data to the shell, never code. It is one pass: a value that
 * itself contains `$1` is not expanded again. When the body uses no argument placeholder and
 * arguments were given, `\n\nARGUMENTS: <args>` is appended.
 */
export function substituteSkillBody(body: string, options: SubstitutionOptions = {}): string {
  return joinSkillBodyParts(substituteSkillParts(body, options));
}

/**
 * substituteSkillBody, keeping the body split into text and shell commands as the author wrote it:
 * the commands are found before anything is substituted, so no argument can add, end or hide one.
 * The appended `ARGUMENTS:` line, when there is one, is the last text part.
 */
export function substituteSkillParts(body: string, options: SubstitutionOptions = {}): SkillBodyPart[] {
  const raw = (options.arguments ?? "").trim();
  const values = splitArguments(raw);
  const named = new Map<string, string>();
  // An unusable name is skipped but still holds its position.
  (options.argumentNames ?? []).forEach((name, index) => {
    if (NAME_PATTERN.test(name) && !named.has(name)) named.set(name, values[index] ?? "");
  });
  const pattern = buildPlaceholderPattern([...named.keys()]);
  const placeholder = new RegExp(`\\\\(${pattern})|${pattern}`, "gu");
  let usesArguments = false;
  const findValue = (match: string): string | undefined => {
    if (match.startsWith("${")) {
      if (match.includes("SESSION_ID")) return options.sessionId ?? "";
      return options.skillDir;
    }
    usesArguments = true;
    if (match.startsWith("$ARGUMENTS[")) return values[Number(match.slice(11, -1))];
    if (match === "$ARGUMENTS") return raw;
    if (/^\$\d+$/.test(match)) return values[Number(match.slice(1))];
    return named.get(match.slice(1));
  };
  const parts = splitShellCommands(body).map((part): SkillBodyPart => {
    if (typeof part === "string") {
      return part.replace(placeholder, (match, escaped) =>
        typeof escaped === "string" ? escaped : (findValue(match) ?? match),
      );
    }
    const command = part.command.replace(placeholder, (match, escaped, offset: number) => {
      if (typeof escaped === "string") return escaped;
      const value = findValue(match);
      return value === undefined ? match : quoteShellValue(value, part.command, offset);
    });
    return { ...part, command };
  });
  if (!usesArguments && raw !== "") parts.push(`\n\nARGUMENTS: ${raw}`);
  return parts;
}

function buildPlaceholderPattern(names: string[]): string {
  const alternatives = [VARIABLES, "ARGUMENTS\\[\\d+\\]", "ARGUMENTS(?![\\p{L}\\p{N}_])", "\\d+"];
  if (names.length > 0) {
    // Longest first, so `$file_path` is not read as `$file` followed by `_path`.
    const sorted = [...names].sort((left, right) => right.length - left.length);
    alternatives.push(`(?:${sorted.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}_])`);
  }
  return `\\$(?:${alternatives.join("|")})`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
}

/**
 * Splits an argument string shell-style: whitespace separates arguments; "double" and 'single'
 * quotes group (and may be empty); a backslash escapes the next character outside quotes, and
 * `"`, `\`, `$` and backquote inside double quotes. An unclosed quote runs to the end. Never throws.
 */
export function splitArguments(raw: string): string[] {
  const result: string[] = [];
  let current = "";
  let started = false;
  let quote: "'" | '"' | undefined;
  for (let index = 0; index < raw.length; index++) {
    const character = raw[index] as string;
    const next = raw[index + 1];
    if (quote === "'") {
      if (character === "'") quote = undefined;
      else current += character;
    } else if (quote === '"') {
      if (character === '"') quote = undefined;
      else if (character === "\\" && next !== undefined && '"\\$`\n'.includes(next)) {
        if (next !== "\n") current += next;
        index++;
      } else current += character;
    } else if (/\s/u.test(character)) {
      if (started) result.push(current);
      current = "";
      started = false;
    } else {
      started = true;
      if (character === "'" || character === '"') quote = character;
      else if (character === "\\" && next !== undefined) {
        // A backslash-newline is a line continuation, as in a shell.
        if (next !== "\n") current += next;
        index++;
      } else current += character;
    }
  }
  if (started) result.push(current);
  return result;
}
