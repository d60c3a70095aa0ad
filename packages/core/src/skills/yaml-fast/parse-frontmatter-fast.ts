// A fast reader for the YAML that SKILL.md frontmatter really holds: block mappings and sequences
// nested to any depth, block scalars, quoted and plain scalars (over several lines too), one-line
// flow collections, comments and CRLF. It returns exactly what the `yaml` package's `toJS()` returns, or
// undefined for anything it is not sure of (anchors, aliases, tags, multi-line quoted or flow
// scalars, tabs, duplicate keys, odd structure), so the caller falls back to `yaml` and keeps its
// diagnostics. Differential tests hold the two parsers together (pure).
import { readBlockScalar } from "./read-block-scalar.js";
import { readFlowCollection } from "./read-flow-collection.js";
import { findClosingQuote, readQuotedScalar, resolveMultilineQuoted } from "./read-quoted-scalar.js";
import { emptyScalar, type FastYamlSchema, resolvePlainScalar } from "./resolve-plain-scalar.js";
import { UNSUPPORTED_YAML, unsupported } from "./unsupported-yaml.js";
import { isBlankLine, splitYamlLines, type YamlLines } from "./yaml-lines.js";

/** The top-level mapping and the line of each of its keys (0-based, plus `lineOffset`). */
export interface FastFrontmatterResult {
  /** A prototype-free record; nested mappings are plain objects, as `toJS()` builds them. */
  data: Record<string, unknown>;
  keyLines: Map<string, number>;
}

export interface FastFrontmatterOptions {
  /** The schema `yaml` is called with: `failsafe` (Skillbox's; the default) or `core`. */
  schema?: FastYamlSchema;
  /** Added to every key line (default 0): the file line of the text's first line, for example. */
  lineOffset?: number;
}

const PLAIN_KEY = /[A-Za-z_][A-Za-z0-9_./-]*:(?: |$)/y;
// Characters that make a continuation line of a plain scalar worth a second look: left to `yaml`.
const INDICATORS = new Set([..."-?:,[]{}#&*!|>'\"%@`"]);
const MAX_DEPTH = 64;

/**
 * Reads the frontmatter `yaml` (the text between the `---` lines) into the same data as
 * `parseDocument(yaml, { schema, uniqueKeys: false }).toJS()`; undefined when it should go to `yaml`.
 */
export function parseFrontmatterFast(
  yaml: string,
  options: FastFrontmatterOptions = {},
): FastFrontmatterResult | undefined {
  if (hasUnsupportedCharacter(yaml)) return undefined;
  const text = yaml.includes("\r") ? yaml.replaceAll("\r\n", "\n") : yaml;
  try {
    return new BlockParser(
      splitYamlLines(text),
      options.schema ?? "failsafe",
      options.lineOffset ?? 0,
    ).parseDocument();
  } catch (error) {
    if (error === UNSUPPORTED_YAML) return undefined;
    throw error;
  }
}

interface Key {
  text: string;
  /** Column of the value after `: ` and any spaces. */
  valueColumn: number;
}

class BlockParser {
  private position = 0;
  private readonly keyLines = new Map<string, number>();

  constructor(
    private readonly yaml: YamlLines,
    private readonly schema: FastYamlSchema,
    private readonly lineOffset: number,
  ) {}

  parseDocument(): FastFrontmatterResult {
    const first = this.nextContentLine(0);
    if (first >= this.yaml.count || this.yaml.indents[first] !== 0) unsupported();
    const data = this.parseMapping(0, 0) as Record<string, unknown>;
    if (this.nextContentLine(this.position) < this.yaml.count) unsupported();
    return { data, keyLines: this.keyLines };
  }

  /** The first line at or after `from` that is neither blank nor a comment. */
  private nextContentLine(from: number): number {
    const { lines, indents, count } = this.yaml;
    let index = from;
    while (index < count) {
      const indent = indents[index] as number;
      const line = lines[index] as string;
      if (indent !== line.length && line.charCodeAt(indent) !== 35) break;
      index++;
    }
    return index;
  }

  private parseMapping(indent: number, depth: number): Record<string, unknown> {
    if (depth > MAX_DEPTH) unsupported();
    const top = depth === 0;
    const map: Record<string, unknown> = top ? Object.create(null) : {};
    for (;;) {
      const index = this.nextContentLine(this.position);
      this.position = index;
      if (index >= this.yaml.count) break;
      const lineIndent = this.yaml.indents[index] as number;
      if (lineIndent < indent) break;
      if (lineIndent > indent) unsupported();
      const line = this.yaml.lines[index] as string;
      const key = this.readKey(line, indent) ?? unsupported();
      if (Object.hasOwn(map, key.text)) unsupported();
      if (top) this.keyLines.set(key.text, index + this.lineOffset);
      map[key.text] = this.parseValue(index, key.valueColumn, indent, true, depth);
    }
    return map;
  }

  private parseSequence(indent: number, depth: number): unknown[] {
    if (depth > MAX_DEPTH) unsupported();
    const items: unknown[] = [];
    for (;;) {
      const index = this.nextContentLine(this.position);
      this.position = index;
      if (index >= this.yaml.count) break;
      const lineIndent = this.yaml.indents[index] as number;
      if (lineIndent < indent) break;
      if (lineIndent > indent) unsupported();
      const line = this.yaml.lines[index] as string;
      // Anything else at this indentation ends the sequence; the enclosing collection judges it.
      if (!isDash(line, indent)) break;
      let column = indent + 1;
      while (line.charCodeAt(column) === 32) column++;
      if (column < line.length && line.charCodeAt(column) !== 35 && isDash(line, column)) unsupported();
      if (column < line.length && this.readKey(line, column) !== undefined) {
        // `- key: value`: a mapping whose first key sits on the dash's line, at `column`.
        this.yaml.indents[index] = column;
        items.push(this.parseMapping(column, depth + 1));
      } else {
        items.push(this.parseValue(index, column, indent, false, depth));
      }
    }
    return items;
  }

  /** A plain (`name`, `allowed-tools`, `date_added`) or quoted key followed by `:`; undefined otherwise. */
  private readKey(line: string, column: number): Key | undefined {
    let text: string;
    let after: number;
    const code = line.charCodeAt(column);
    if (code === 34 || code === 39) {
      const quoted = readQuotedScalar(line, column);
      if (quoted === undefined || line.charCodeAt(quoted.end) !== 58) return undefined;
      after = quoted.end + 1;
      if (after < line.length && line.charCodeAt(after) !== 32) return undefined;
      text = quoted.value;
    } else {
      PLAIN_KEY.lastIndex = column;
      if (!PLAIN_KEY.test(line)) return undefined;
      after = PLAIN_KEY.lastIndex;
      text = line.slice(column, line.charCodeAt(after - 1) === 32 ? after - 2 : after - 1);
      if (typeof resolvePlainScalar(text, this.schema) !== "string") unsupported();
    }
    if (text === "__proto__" || text.length > 1000) unsupported();
    while (line.charCodeAt(after) === 32) after++;
    return { text, valueColumn: after };
  }

  /** The value that starts at `column` of line `index` (or below it, when the line ends there). */
  private parseValue(
    index: number,
    column: number,
    parentIndent: number,
    inMapping: boolean,
    depth: number,
  ): unknown {
    const line = this.yaml.lines[index] as string;
    this.position = index + 1;
    if (column >= line.length || line.charCodeAt(column) === 35) {
      return this.parseNodeBelow(parentIndent, inMapping, depth);
    }
    const character = line.charAt(column);
    switch (character) {
      case "|":
      case ">": {
        const scalar = readBlockScalar(this.yaml, index, column, parentIndent);
        this.position = scalar.next;
        return scalar.value;
      }
      case '"':
      case "'": {
        const quoted = readQuotedScalar(line, column);
        if (quoted === undefined) return this.readMultilineQuoted(index, column, parentIndent);
        expectLineEnd(line, quoted.end);
        return quoted.value;
      }
      case "[":
      case "{": {
        const flow = readFlowCollection(line, column, this.schema);
        expectLineEnd(line, flow.end);
        return flow.value;
      }
      case "-":
      case "?":
      case ":":
        if (column + 1 >= line.length || line.charCodeAt(column + 1) === 32) unsupported();
        return this.readPlain(index, column, parentIndent);
      case "&":
      case "*":
      case "!":
      case "%":
      case "@":
      case "`":
      case ",":
      case "]":
      case "}":
        return unsupported();
      default:
        return this.readPlain(index, column, parentIndent);
    }
  }

  /** A collection on the lines below a `key:` or `-` with nothing after it, or an empty scalar. */
  private parseNodeBelow(parentIndent: number, inMapping: boolean, depth: number): unknown {
    const index = this.nextContentLine(this.position);
    if (index < this.yaml.count) {
      const indent = this.yaml.indents[index] as number;
      const line = this.yaml.lines[index] as string;
      // A mapping's value may be a sequence at the mapping's own indentation (`key:` then `- a`).
      if (isDash(line, indent) && (indent > parentIndent || (inMapping && indent === parentIndent))) {
        return this.parseSequence(indent, depth + 1);
      }
      if (indent > parentIndent) {
        if (this.readKey(line, indent) !== undefined) return this.parseMapping(indent, depth + 1);
        // A scalar on its own line; a block scalar header there is left to `yaml`.
        const first = line.charCodeAt(indent);
        if (first === 124 || first === 62) unsupported();
        return this.parseValue(index, indent, parentIndent, inMapping, depth);
      }
    }
    return emptyScalar(this.schema);
  }

  /** A quoted scalar from `column` of line `index` that closes on a later, more indented line. */
  private readMultilineQuoted(index: number, column: number, parentIndent: number): string {
    const { lines, indents, count } = this.yaml;
    let source = (lines[index] as string).slice(column);
    let last = index;
    let close = -1;
    while (close === -1) {
      last++;
      if (last >= count) unsupported();
      if (!isBlankLine(this.yaml, last) && (indents[last] as number) <= parentIndent) unsupported();
      source += `\n${lines[last] as string}`;
      close = findClosingQuote(source, 0);
    }
    const lastLine = lines[last] as string;
    expectLineEnd(lastLine, close + 1 - (source.length - lastLine.length));
    this.position = last + 1;
    return resolveMultilineQuoted(source.slice(0, close + 1));
  }

  /** A plain scalar from `column` of line `index`, folded with its more-indented continuation lines. */
  private readPlain(index: number, column: number, parentIndent: number): unknown {
    const { lines, indents, count } = this.yaml;
    const line = lines[index] as string;
    const comment = line.indexOf(" #", column);
    const first = trimEnd(line, column, comment === -1 ? line.length : comment);
    if (!isPlainPart(first)) unsupported();
    if (comment !== -1) return resolvePlainScalar(first, this.schema);
    let value = first;
    let blanks = 0;
    let next = index + 1;
    while (next < count) {
      if (isBlankLine(this.yaml, next)) {
        blanks++;
        next++;
        continue;
      }
      const indent = indents[next] as number;
      if (indent <= parentIndent) break;
      const text = lines[next] as string;
      // A comment ends the scalar; a line after it at this indentation is then not ours.
      if (text.charCodeAt(indent) === 35) break;
      const part = trimEnd(text, indent, text.length);
      if (INDICATORS.has(part.charAt(0)) || !isPlainPart(part) || part.includes(" #")) unsupported();
      value += blanks > 0 ? "\n".repeat(blanks) : " ";
      value += part;
      blanks = 0;
      next++;
      this.position = next;
    }
    return resolvePlainScalar(value, this.schema);
  }
}

/**
 * Tabs, control characters (C0 but LF and CR-before-LF, DEL, C1), the Unicode line and paragraph
 * separators, a BOM inside the text and the non-characters U+FFFE/U+FFFF: all left to `yaml`.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to find.
const UNSUPPORTED_CHARACTER = /[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]|\r(?!\n)/;

function hasUnsupportedCharacter(text: string): boolean {
  return UNSUPPORTED_CHARACTER.test(text);
}

/** True when `line` has `-` at `column` followed by a space or the end of the line. */
function isDash(line: string, column: number): boolean {
  if (line.charCodeAt(column) !== 45) return false;
  return column + 1 === line.length || line.charCodeAt(column + 1) === 32;
}

/** A plain scalar line may not hold `: ` or end with `:` (that would start a nested mapping). */
function isPlainPart(text: string): boolean {
  return !text.includes(": ") && !text.endsWith(":");
}

/** After a quoted scalar or flow collection: nothing, or spaces and a comment. */
function expectLineEnd(line: string, end: number): void {
  if (end >= line.length) return;
  if (line.charCodeAt(end) !== 32) unsupported();
  let index = end;
  while (line.charCodeAt(index) === 32) index++;
  if (index < line.length && line.charCodeAt(index) !== 35) unsupported();
}

function trimEnd(line: string, start: number, end: number): string {
  let last = end;
  while (last > start && line.charCodeAt(last - 1) === 32) last--;
  return line.slice(start, last);
}
