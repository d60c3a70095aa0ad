// Reads a single-line quoted scalar (`"..."` with YAML escapes, or `'...'` with `''`) the way the
// `yaml` package resolves it; anything spanning lines or with a bad escape is unsupported (pure).
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

/** Reads the quoted scalar whose opening quote is at `start` of `line`. */
export function readQuotedScalar(line: string, start: number): QuotedScalar {
  return line.charCodeAt(start) === 34 ? readDoubleQuoted(line, start) : readSingleQuoted(line, start);
}

function readDoubleQuoted(line: string, start: number): QuotedScalar {
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
      const length = HEX_LENGTHS[next];
      // An escaped line break (a backslash last on the line) or an unknown escape: not ours.
      if (length === undefined) unsupported();
      const digits = line.substr(index + 2, length);
      if (digits.length !== length || !HEX.test(digits)) unsupported();
      const point = Number.parseInt(digits, 16);
      if (point > 0x10ffff) unsupported();
      value += String.fromCodePoint(point);
      index += 2 + length;
    }
    chunk = index;
  }
  return unsupported();
}

function readSingleQuoted(line: string, start: number): QuotedScalar {
  let index = start + 1;
  let doubled = false;
  for (;;) {
    index = line.indexOf("'", index);
    if (index === -1) unsupported();
    if (line.charCodeAt(index + 1) !== 39) break;
    doubled = true;
    index += 2;
  }
  const inner = line.slice(start + 1, index);
  return { value: doubled ? inner.replaceAll("''", "'") : inner, end: index + 1 };
}
