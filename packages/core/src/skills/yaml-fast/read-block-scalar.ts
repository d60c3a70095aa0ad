// Reads a block scalar (`|`, `>`, with `-`/`+` chomping and an optional indentation indicator) the
// way the `yaml` package resolves it (compose/resolve-block-scalar.js, ported line for line) (pure).
import { unsupported } from "./unsupported-yaml.js";
import { isBlankLine, type YamlLines } from "./yaml-lines.js";

/** A block scalar's value and the index of the first line after it. */
export interface BlockScalar {
  value: string;
  next: number;
}

interface ScalarLine {
  indent: number;
  content: string;
}

/**
 * Reads the block scalar whose header starts at `column` of line `index`. `scalarIndent` is the
 * indentation of the collection holding it (its mapping's, or its sequence's).
 */
export function readBlockScalar(
  yaml: YamlLines,
  index: number,
  column: number,
  scalarIndent: number,
): BlockScalar {
  const line = yaml.lines[index] as string;
  const folded = line.charCodeAt(column) === 62; /* > */
  let chomp = "";
  let indicator = 0;
  let at = column + 1;
  for (; at < line.length; at++) {
    const character = line.charAt(at);
    if (chomp === "" && (character === "-" || character === "+")) chomp = character;
    else if (indicator === 0 && character >= "1" && character <= "9") indicator = Number(character);
    else break;
  }
  expectHeaderEnd(line, at);

  const start = index + 1;
  let contentIndent = Number.POSITIVE_INFINITY;
  if (indicator > 0) {
    contentIndent = scalarIndent + indicator;
  } else {
    let first = start;
    while (first < yaml.count && isBlankLine(yaml, first)) first++;
    if (first < yaml.count && (yaml.indents[first] as number) > scalarIndent) {
      contentIndent = yaml.indents[first] as number;
    }
  }
  let end = start;
  while (end < yaml.count && (isBlankLine(yaml, end) || (yaml.indents[end] as number) >= contentIndent))
    end++;

  // Without `+`, `yaml`'s lexer leaves out trailing blank lines no deeper than the first non-blank
  // line after the header; the line break after the last line kept starts one more (empty) line.
  let kept = end;
  if (chomp !== "+") {
    const lexerIndent = firstNonBlankIndent(yaml, start);
    while (kept > start && isBlankLine(yaml, kept - 1) && (yaml.indents[kept - 1] as number) <= lexerIndent) {
      kept--;
    }
  }
  const source: ScalarLine[] = [];
  for (let line = start; line < kept; line++) {
    const indent = yaml.indents[line] as number;
    source.push({ indent, content: (yaml.lines[line] as string).slice(indent) });
  }
  if (kept > start && (kept < yaml.count || yaml.endsWithNewline)) source.push({ indent: 0, content: "" });
  return { value: resolveBlockLines(source, folded, chomp, indicator, scalarIndent), next: end };
}

/** Indentation of the first line from `start` with more than spaces (of the last line at the end). */
function firstNonBlankIndent(yaml: YamlLines, start: number): number {
  let index = start;
  while (index < yaml.count && isBlankLine(yaml, index)) index++;
  if (index < yaml.count) return yaml.indents[index] as number;
  return yaml.endsWithNewline || yaml.count === start ? 0 : (yaml.indents[yaml.count - 1] as number);
}

/** After the header: nothing, or spaces and a comment. */
function expectHeaderEnd(line: string, at: number): void {
  if (at >= line.length) return;
  if (line.charCodeAt(at) !== 32) unsupported();
  let index = at;
  while (line.charCodeAt(index) === 32) index++;
  if (index < line.length && line.charCodeAt(index) !== 35) unsupported();
}

function resolveBlockLines(
  lines: ScalarLine[],
  folded: boolean,
  chomp: string,
  indicator: number,
  scalarIndent: number,
): string {
  let chompStart = lines.length;
  for (let index = lines.length - 1; index >= 0; --index) {
    if ((lines[index] as ScalarLine).content === "") chompStart = index;
    else break;
  }
  if (chompStart === 0) {
    return chomp === "+" && lines.length > 0 ? "\n".repeat(Math.max(1, lines.length - 1)) : "";
  }
  let trimIndent = scalarIndent + indicator;
  let contentStart = 0;
  for (let index = 0; index < chompStart; ++index) {
    const { indent, content } = lines[index] as ScalarLine;
    if (content === "") {
      if (indicator === 0 && indent > trimIndent) trimIndent = indent;
    } else {
      // `yaml` reports more-indented leading empty lines (without an indicator) as an error.
      if (indent < trimIndent) unsupported();
      if (indicator === 0) trimIndent = indent;
      contentStart = index;
      if (trimIndent === 0) unsupported();
      break;
    }
  }
  // Trailing empty lines that are more indented than the content belong to it.
  for (let index = lines.length - 1; index >= chompStart; --index) {
    if ((lines[index] as ScalarLine).indent > trimIndent) chompStart = index + 1;
  }
  let value = "";
  let separator = "";
  let previousMoreIndented = false;
  for (let index = 0; index < contentStart; ++index) {
    value += `${spaces((lines[index] as ScalarLine).indent - trimIndent)}\n`;
  }
  for (let index = contentStart; index < chompStart; ++index) {
    const { indent, content } = lines[index] as ScalarLine;
    if (content !== "" && indent < trimIndent) unsupported();
    if (!folded) {
      value += separator + spaces(indent - trimIndent) + content;
      separator = "\n";
    } else if (indent > trimIndent) {
      // More-indented lines of a folded scalar keep their line breaks.
      if (separator === " ") separator = "\n";
      else if (!previousMoreIndented && separator === "\n") separator = "\n\n";
      value += separator + spaces(indent - trimIndent) + content;
      separator = "\n";
      previousMoreIndented = true;
    } else if (content === "") {
      if (separator === "\n") value += "\n";
      else separator = "\n";
    } else {
      value += separator + content;
      separator = " ";
      previousMoreIndented = false;
    }
  }
  if (chomp === "+") {
    for (let index = chompStart; index < lines.length; ++index) {
      value += `\n${spaces((lines[index] as ScalarLine).indent - trimIndent)}`;
    }
    if (!value.endsWith("\n")) value += "\n";
  } else if (chomp === "") {
    value += "\n";
  }
  return value;
}

function spaces(count: number): string {
  return count > 0 ? " ".repeat(count) : "";
}
