// Lines up the description column of every `Options…:` block in a help text, so commands can
// share option lines (the workspace options) without matching each other's padding (pure).

const BLOCK_TITLE = /^Options\b.*:$/;
const OPTION_LINE = /^ {2}(-\S(?:.*?\S)?)( {2,})(\S.*)$/;

/** `help` with each Options block's descriptions (and their continuation lines) in one column. */
export function alignOptionColumns(help: string): string {
  const lines = help.split("\n");
  for (let start = 0; start < lines.length; start++) {
    if (!BLOCK_TITLE.test(lines[start] as string)) continue;
    let end = start + 1;
    while (end < lines.length && (lines[end] as string).trim() !== "") end++;
    alignBlock(lines, start + 1, end);
    start = end;
  }
  return lines.join("\n");
}

function alignBlock(lines: string[], start: number, end: number): void {
  const specs = lines.slice(start, end).flatMap((line) => {
    const match = OPTION_LINE.exec(line);
    return match ? [(match[1] as string).length] : [];
  });
  if (specs.length === 0) return;
  const column = 2 + Math.max(...specs) + 2;
  let oldColumn: number | undefined;
  for (let index = start; index < end; index++) {
    const line = lines[index] as string;
    const match = OPTION_LINE.exec(line);
    if (match) {
      const spec = match[1] as string;
      oldColumn = 2 + spec.length + (match[2] as string).length;
      lines[index] = `  ${spec.padEnd(column - 2)}${match[3]}`;
      continue;
    }
    const indent = line.length - line.trimStart().length;
    // A continuation keeps its offset from its option's description.
    if (oldColumn !== undefined && indent > 2)
      lines[index] = `${" ".repeat(Math.max(column, column + indent - oldColumn))}${line.trimStart()}`;
  }
}
