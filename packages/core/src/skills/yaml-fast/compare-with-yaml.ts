// Test support: what the `yaml` package reads from a frontmatter text, called the way Skillbox calls
// it, and a canonical description of a value (types, key order, prototypes) to compare parsers by.
import { isMap, isScalar, LineCounter, parseDocument } from "yaml";
import type { FastYamlSchema } from "./resolve-plain-scalar.js";

/** `yaml`'s reading: the data and key lines when it is clean, or why it is not. */
export type YamlReading =
  | { kind: "ok"; data: Record<string, unknown>; keyLines: Map<string, number> }
  | { kind: "rejected"; reason: string };

/** Parses `text` as parse-yaml-mapping does (uniqueKeys off) and converts it as `toJS()` plus `toRecord`. */
export function readWithYaml(text: string, schema: FastYamlSchema = "failsafe"): YamlReading {
  const lineCounter = new LineCounter();
  let document: ReturnType<typeof parseDocument>;
  try {
    document = parseDocument(text, {
      schema,
      uniqueKeys: false,
      prettyErrors: false,
      logLevel: "error",
      lineCounter,
    });
  } catch (error) {
    return { kind: "rejected", reason: `threw: ${String(error)}` };
  }
  if (document.errors.length > 0) return { kind: "rejected", reason: `error: ${document.errors[0]?.code}` };
  if (document.warnings.length > 0) {
    return { kind: "rejected", reason: `warning: ${document.warnings[0]?.code}` };
  }
  const contents = document.contents;
  if (!isMap(contents)) return { kind: "rejected", reason: "not a mapping" };
  const keyLines = new Map<string, number>();
  for (const pair of contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
    const offset = (pair.key as { range?: [number, number, number] } | null)?.range?.[0] ?? 0;
    if (!keyLines.has(key)) keyLines.set(key, lineCounter.linePos(offset).line - 1);
  }
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    return { kind: "rejected", reason: `toJS threw: ${String(error)}` };
  }
  const data: Record<string, unknown> = Object.create(null);
  for (const [key, item] of Object.entries(value as object)) data[key] = item;
  return { kind: "ok", data, keyLines };
}

/** A string that differs whenever two values differ in type, order, prototype, -0 or NaN. */
export function describeYamlValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return `[${value.map(describeYamlValue).join(",")}]`;
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Object.is(value, -0) ? "n:-0" : `n:${String(value)}`;
    case "boolean":
      return `b:${String(value)}`;
    case "object": {
      const prototype = Object.getPrototypeOf(value) === null ? "null" : "object";
      const entries = Object.keys(value as object).map(
        (key) => `${JSON.stringify(key)}:${describeYamlValue((value as Record<string, unknown>)[key])}`,
      );
      return `{${prototype}|${entries.join(",")}}`;
    }
    default:
      return `${typeof value}:${String(value)}`;
  }
}
