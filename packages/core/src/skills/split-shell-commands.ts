// Finds the shell commands in a skill body — `` !`cmd` `` (at a line start or after whitespace) and
// ```! fenced blocks — outside ordinary code fences, which only document the syntax (pure).

/** One command in a body: `open + command + close` is its text as written. */
export interface ShellCommandPart {
  command: string;
  open: string;
  close: string;
}

/** Text and commands in body order; joining them gives the body back unchanged. */
export type SkillBodyPart = string | ShellCommandPart;

/** Splits `body` line by line, tracking code fences; an unclosed ```! block is still a command. */
export function splitShellCommands(body: string): SkillBodyPart[] {
  const parts: SkillBodyPart[] = [];
  const lines = body.split("\n");
  let fence: string | undefined;
  let block: { open: string; lines: string[] } | undefined;
  const pushText = (text: string): void => {
    const last = parts.at(-1);
    if (typeof last === "string") parts[parts.length - 1] = last + text;
    else if (text !== "") parts.push(text);
  };
  lines.forEach((line, index) => {
    const newline = index < lines.length - 1 ? "\n" : "";
    if (block !== undefined) {
      if (/^\s*```\s*$/.test(line)) {
        const close = `${block.lines.length > 0 ? "\n" : ""}${line}`;
        parts.push({ command: block.lines.join("\n"), open: block.open, close });
        pushText(newline);
        block = undefined;
      } else block.lines.push(line);
      return;
    }
    if (fence === undefined && /^\s*```!\s*$/.test(line)) {
      block = { open: line + newline, lines: [] };
      return;
    }
    const fenceMatch = /^\s*(```+|~~~+)/.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1] as string;
      if (fence === undefined) fence = marker;
      else if (marker.startsWith(fence.slice(0, 3))) fence = undefined;
      pushText(line + newline);
      return;
    }
    if (fence !== undefined) {
      pushText(line + newline);
      return;
    }
    let last = 0;
    for (const match of line.matchAll(/(^|\s)!`([^`]+)`/g)) {
      const start = (match.index ?? 0) + (match[1] as string).length;
      pushText(line.slice(last, start));
      parts.push({ command: match[2] as string, open: "!`", close: "`" });
      last = start + (match[0].length - (match[1] as string).length);
    }
    pushText(line.slice(last) + newline);
  });
  // Failing closed beats showing a half-written command as text.
  if (block !== undefined) parts.push({ command: block.lines.join("\n"), open: block.open, close: "" });
  return parts;
}

/** The body text of `parts`, each command written back in its own syntax. */
export function joinSkillBodyParts(parts: readonly SkillBodyPart[]): string {
  return parts
    .map((part) => (typeof part === "string" ? part : part.open + part.command + part.close))
    .join("");
}
