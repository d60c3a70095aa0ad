// Reads a one-line flow collection (`[a, "b", {k: v}]`, `{k: [x, y]}`) the way the `yaml` package
// resolves it. A collection that does not close on its line, implicit pairs inside sequences,
// entries without a value, duplicate keys, anchors, tags and comments are unsupported (pure).
import { readQuotedScalar } from "./read-quoted-scalar.js";
import { type FastYamlSchema, type PlainValue, resolvePlainScalar } from "./resolve-plain-scalar.js";
import { unsupported } from "./unsupported-yaml.js";

/** A node read from a line: its value and the offset just after it. */
export interface FlowNode {
  value: unknown;
  end: number;
}

const MAX_DEPTH = 64;

/** Reads the collection whose `[` or `{` is at `start` of `line`. */
export function readFlowCollection(line: string, start: number, schema: FastYamlSchema): FlowNode {
  return readFlowNode(line, start, schema, 0);
}

function readFlowNode(line: string, start: number, schema: FastYamlSchema, depth: number): FlowNode {
  const code = line.charCodeAt(start);
  if (code === 91 /* [ */) return readFlowSequence(line, start, schema, depth + 1);
  if (code === 123 /* { */) return readFlowMapping(line, start, schema, depth + 1);
  if (code === 34 || code === 39) return readQuotedScalar(line, start) ?? unsupported();
  const plain = readFlowPlain(line, start);
  return { value: resolvePlainScalar(plain.text, schema), end: plain.end };
}

function readFlowSequence(line: string, start: number, schema: FastYamlSchema, depth: number): FlowNode {
  if (depth > MAX_DEPTH) unsupported();
  const items: unknown[] = [];
  let index = skipSpaces(line, start + 1);
  if (line.charCodeAt(index) === 93 /* ] */) return { value: items, end: index + 1 };
  for (;;) {
    const node = readFlowNode(line, index, schema, depth);
    items.push(node.value);
    index = skipSpaces(line, node.end);
    const code = line.charCodeAt(index);
    if (code === 93) return { value: items, end: index + 1 };
    // `:` would make an implicit pair, `#` a comment, the end of the line a multi-line collection.
    if (code !== 44 /* , */) unsupported();
    index = skipSpaces(line, index + 1);
    if (line.charCodeAt(index) === 93) return { value: items, end: index + 1 };
  }
}

function readFlowMapping(line: string, start: number, schema: FastYamlSchema, depth: number): FlowNode {
  if (depth > MAX_DEPTH) unsupported();
  const map: Record<string, unknown> = {};
  let index = skipSpaces(line, start + 1);
  if (line.charCodeAt(index) === 125 /* } */) return { value: map, end: index + 1 };
  for (;;) {
    const key = readFlowKey(line, index, schema);
    if (key.text === "__proto__" || Object.hasOwn(map, key.text)) unsupported();
    index = skipSpaces(line, key.end);
    if (line.charCodeAt(index) !== 58 /* : */) unsupported();
    index = skipSpaces(line, index + 1);
    const code = line.charCodeAt(index);
    let value: unknown;
    if (code === 44 || code === 125) {
      value = schema === "failsafe" ? "" : null;
    } else {
      const node = readFlowNode(line, index, schema, depth);
      value = node.value;
      index = skipSpaces(line, node.end);
    }
    map[key.text] = value;
    const next = line.charCodeAt(index);
    if (next === 125) return { value: map, end: index + 1 };
    if (next !== 44) unsupported();
    index = skipSpaces(line, index + 1);
    if (line.charCodeAt(index) === 125) return { value: map, end: index + 1 };
  }
}

function readFlowKey(line: string, start: number, schema: FastYamlSchema): { text: string; end: number } {
  const code = line.charCodeAt(start);
  if (code === 34 || code === 39) {
    const quoted = readQuotedScalar(line, start) ?? unsupported();
    return { text: quoted.value, end: quoted.end };
  }
  const plain = readFlowPlain(line, start);
  // A plain `:` after the key must be an indicator (followed by a space or a flow indicator).
  if (line.charCodeAt(plain.end) !== 58 || plain.text.length > 1000) unsupported();
  const value: PlainValue = resolvePlainScalar(plain.text, schema);
  if (typeof value !== "string") unsupported();
  return { text: value, end: plain.end };
}

// Characters that cannot start a plain scalar; `-`, `?` and `:` may, when a safe character follows.
const NOT_PLAIN_FIRST = new Set([..."#&*!|>'\"%@`,[]{}"]);
const FLOW_INDICATORS = new Set([..."[]{},"]);

/** A plain scalar inside a flow collection: up to a flow indicator, an indicator `:` or a comment. */
function readFlowPlain(line: string, start: number): { text: string; end: number } {
  const first = line.charAt(start);
  if (first === "" || NOT_PLAIN_FIRST.has(first)) unsupported();
  if (first === "-" || first === "?" || first === ":") {
    const next = line.charAt(start + 1);
    if (next === "" || next === " " || FLOW_INDICATORS.has(next)) unsupported();
  }
  let index = start;
  for (; index < line.length; index++) {
    const character = line.charAt(index);
    if (FLOW_INDICATORS.has(character)) {
      if (character === "[" || character === "{") unsupported();
      break;
    }
    if (character === ":") {
      const next = line.charAt(index + 1);
      if (next === "" || next === " " || FLOW_INDICATORS.has(next)) break;
    } else if (character === " " && line.charCodeAt(index + 1) === 35) {
      break;
    }
  }
  let end = index;
  while (line.charCodeAt(end - 1) === 32) end--;
  return { text: line.slice(start, end), end: index };
}

function skipSpaces(line: string, from: number): number {
  let index = from;
  while (line.charCodeAt(index) === 32) index++;
  return index;
}
