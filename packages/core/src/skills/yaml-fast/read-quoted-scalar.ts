// Reads a quoted scalar (`"..."` with YAML escapes, or `'...'` with `''`) the way the `yaml` package
// resolves it (compose/resolve-flow-scalar.js): one that closes on its line, or one whose source
// (its lines joined with LF) is known; a bad escape is unsupported (pure).
import { unsupported } from "./unsupported-yaml.js";

/** A scalar read from a line: its value and the offset just after its closing quote. */
export interface QuotedScalar {
  value: string;
  end: number;
}

// The escapes YAML 1.2 defines (besides \x, \u, \U), as `yaml` maps them.
const ESCAPES: Record<string, string> = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  N: "\u0085",
  _: "\u00a0",
  L: "\u2028",
  P: "\u2029",
  " ": " ",
  '"': '"',
  "/": "/",
  "\\": "\\",
};
const HEX_LENGTHS: Record<string, number> = { x: 2, u: 4, U: 8 };
const HEX = /^[0-9a-fA-F]+$/;

/** Reads the quoted scalar whose opening quote is at `start` of `line`; undefined when it does not close there. */
export function readQuotedScalar(line: string, start: number): QuotedScalar | undefined {
  return line.charCodeAt(start) === 34 ? readDoubleQuoted(line, start) : readSingleQuoted(line, start);
}

/** Where the scalar opened at `start` of `text` closes (the index of its closing quote), or -1. */
export function findClosingQuote(text: string, start: number): number {
  const quote = text.charAt(start);
  let end = text.indexOf(quote, start + 1);
  if (quote === "'") {
    while (end !== -1 && text.charCodeAt(end + 1) === 39) end = text.indexOf("'", end + 2);
    return end;
  }
  while (end !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) break;
    end = text.indexOf('"', end + 1);
  }
  return end;
}

/**
 * The value of a quoted scalar spanning lines, from its `source` (quotes included, LF line breaks):
 * line breaks fold to a space, blank lines to line feeds, and spaces around the breaks go.
 */
export function resolveMultilineQuoted(source: string): string {
  if (source.charCodeAt(0) === 39) return unfoldLines(source.slice(1, -1)).replaceAll("''", "'");
  let value = "";
  for (let index = 1; index < source.length - 1; ++index) {
    const character = source.charAt(index);
    if (character === "\n") {
      let fold = "";
      let next = source.charAt(index + 1);
      while (next === " " || next === "\n") {
        if (next === "\n") fold += "\n";
        index += 1;
        next = source.charAt(index + 1);
      }
      value += fold === "" ? " " : fold;
    } else if (character === "\\") {
      const next = source.charAt(++index);
      const escaped = ESCAPES[next];
      if (escaped !== undefined) value += escaped;
      else if (next === "\n") {
        // An escaped line break joins the lines; the next line's indentation goes.
        while (source.charAt(index + 1) === " ") index++;
      } else {
        const length = HEX_LENGTHS[next] ?? unsupported();
        value += hexCharacter(source.substr(index + 1, length), length);
        index += length;
      }
    } else if (character === " ") {
      // Spaces before a line break go.
      const start = index;
      while (source.charAt(index + 1) === " ") index++;
      if (source.charAt(index + 1) !== "\n") value += source.slice(start, index + 1);
    } else {
      value += character;
    }
  }
  return value;
}

/** `yaml`'s unfoldLines for a single-quoted scalar's inside. */
function unfoldLines(inside: string): string {
  const lines = inside.split("\n");
  if (lines.length === 1) return inside;
  let value = trimSpaces(lines[0] as string, false, true);
  let separator = " ";
  for (let index = 1; index < lines.length - 1; index++) {
    const line = trimSpaces(lines[index] as string, true, true);
    if (line === "") {
      if (separator === "\n") value += separator;
      else separator = "\n";
    } else {
      value += separator + line;
      separator = " ";
    }
  }
  return value + separator + trimSpaces(lines[lines.length - 1] as string, true, false);
}

function trimSpaces(text: string, start: boolean, end: boolean): string {
  let from = 0;
  let to = text.length;
  if (start) while (text.charCodeAt(from) === 32) from++;
  if (end) while (to > from && text.charCodeAt(to - 1) === 32) to--;
  return text.slice(from, to);
}

function hexCharacter(digits: string, length: number): string {
  if (digits.length !== length || !HEX.test(digits)) unsupported();
  const point = Number.parseInt(digits, 16);
  if (point > 0x10ffff) unsupported();
  return String.fromCodePoint(point);
}

function readDoubleQuoted(line: string, start: number): QuotedScalar | undefined {
  let value = "";
  let chunk = start + 1;
  let index = chunk;
  while (index < line.length) {
    const code = line.charCodeAt(index);
    if (code === 34) return { value: value + line.slice(chunk, index), end: index + 1 };
    if (code !== 92) {
      index++;
      continue;
    }
    value += line.slice(chunk, index);
    const next = line.charAt(index + 1);
    const escaped = ESCAPES[next];
    if (escaped !== undefined) {
      value += escaped;
      index += 2;
    } else {
      // A backslash last on the line escapes the line break: the scalar goes on.
      if (next === "") return undefined;
      const length = HEX_LENGTHS[next] ?? unsupported();
      value += hexCharacter(line.substr(index + 2, length), length);
      index += 2 + length;
    }
    chunk = index;
  }
  return undefined;
}

function readSingleQuoted(line: string, start: number): QuotedScalar | undefined {
  let index = start + 1;
  let doubled = false;
  for (;;) {
    index = line.indexOf("'", index);
    if (index === -1) return undefined;
    if (line.charCodeAt(index + 1) !== 39) break;
    doubled = true;
    index += 2;
  }
  const inner = line.slice(start + 1, index);
  return { value: doubled ? inner.replaceAll("''", "'") : inner, end: index + 1 };
}
