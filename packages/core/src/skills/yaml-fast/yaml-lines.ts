// The frontmatter split into lines with their indentation: what the block parser and the block
// scalar reader walk over (pure).

/** Lines of a YAML text (line breaks removed) and the count of leading spaces of each. */
export interface YamlLines {
  lines: string[];
  /** Leading spaces of each line; equal to the line's length for a blank line. */
  indents: number[];
  /** Number of lines (a final line break does not start another). */
  count: number;
  /** True when the text ends with a line break. */
  endsWithNewline: boolean;
}

/** Splits `text` (LF line breaks only) into lines. */
export function splitYamlLines(text: string): YamlLines {
  const lines = text.split("\n");
  const endsWithNewline = lines[lines.length - 1] === "";
  if (endsWithNewline) lines.pop();
  const indents: number[] = new Array(lines.length);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    let indent = 0;
    while (line.charCodeAt(indent) === 32) indent++;
    indents[index] = indent;
  }
  return { lines, indents, count: lines.length, endsWithNewline };
}

/** True for a line with nothing but spaces. */
export function isBlankLine(yaml: YamlLines, index: number): boolean {
  return yaml.indents[index] === (yaml.lines[index] as string).length;
}
