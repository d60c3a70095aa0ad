// Layer 2 substitution: variables (${SKILL_DIR}, ${SESSION_ID}) and arguments ($ARGUMENTS, $N,
// $ARGUMENTS[N], named $name) in a skill body, in one pass, with `\$` to keep a placeholder literal.

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
 * It is one pass: a value that itself contains `$1` is not expanded again. When the body uses
 * no argument placeholder and arguments were given, `\n\nARGUMENTS: <args>` is appended.
 */
export function substituteSkillBody(body: string, options: SubstitutionOptions = {}): string {
  const raw = (options.arguments ?? "").trim();
  const values = splitArguments(raw);
  const named = new Map<string, string>();
  // An unusable name is skipped but still holds its position.
  (options.argumentNames ?? []).forEach((name, index) => {
    if (NAME_PATTERN.test(name) && !named.has(name)) named.set(name, values[index] ?? "");
  });
  const placeholder = buildPlaceholderPattern([...named.keys()]);
  let usesArguments = false;
  const result = body.replace(new RegExp(`\\\\(${placeholder})|${placeholder}`, "gu"), (match, escaped) => {
    if (typeof escaped === "string") return escaped;
    if (match.startsWith("${")) {
      if (match.includes("SESSION_ID")) return options.sessionId ?? "";
      return options.skillDir ?? match;
    }
    usesArguments = true;
    if (match.startsWith("$ARGUMENTS[")) return values[Number(match.slice(11, -1))] ?? match;
    if (match === "$ARGUMENTS") return raw;
    if (/^\$\d+$/.test(match)) return values[Number(match.slice(1))] ?? match;
    return named.get(match.slice(1)) ?? match;
  });
  if (!usesArguments && raw !== "") return `${result}\n\nARGUMENTS: ${raw}`;
  return result;
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
