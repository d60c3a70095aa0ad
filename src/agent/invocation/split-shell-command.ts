// Splits a bash command line into the simple commands joined by `&&`, `||`, `;`, `|`, `&` or newlines,
// respecting quotes, so a permission rule like `Bash(git:*)` cannot be smuggled past with `git x && rm y`.

/** The parts of a command line, and whether it hides commands in `$(…)`, backticks or `<(…)`. */
export interface SplitShellCommand {
  segments: string[];
  hasSubstitution: boolean;
}

/** Splits `command` outside quotes; each segment is trimmed and empty ones are dropped. */
export function splitShellCommand(command: string): SplitShellCommand {
  const segments: string[] = [];
  let current = "";
  let quote: "'" | '"' | undefined;
  let hasSubstitution = false;
  for (let index = 0; index < command.length; index += 1) {
    const character = command[index] as string;
    const next = command[index + 1];
    if (quote === "'") {
      if (character === "'") quote = undefined;
      current += character;
      continue;
    }
    if (character === "\\" && next !== undefined) {
      current += character + next;
      index += 1;
      continue;
    }
    if (character === "`" || (character === "$" && next === "(")) hasSubstitution = true;
    if (quote === '"') {
      if (character === '"') quote = undefined;
      current += character;
      continue;
    }
    if ((character === "<" || character === ">") && next === "(") hasSubstitution = true;
    if (character === "'" || character === '"') {
      quote = character;
      current += character;
      continue;
    }
    if (character === ";" || character === "\n" || character === "|" || character === "&") {
      // `2>&1` and `&>` are redirections, not separators.
      const previous = command[index - 1];
      if (character === "&" && (previous === ">" || previous === "<" || next === ">")) {
        current += character;
        continue;
      }
      segments.push(current);
      current = "";
      if ((character === "&" || character === "|") && next === character) index += 1;
      continue;
    }
    current += character;
  }
  segments.push(current);
  return {
    segments: segments.map((segment) => segment.trim()).filter((segment) => segment !== ""),
    hasSubstitution,
  };
}
