// The text of the error result for tool input that failed its schema: one line per problem, then
// the shape of a valid call, so the model can fix every problem in one retry.

import type { z } from "zod";
import type { JsonSchema } from "./json-schema.js";

/**
 * "Invalid arguments for load_skill:", one "- …" line per issue, and "Call load_skill again with
 * { skill_name: string, args?: string }." built from the tool's JSON Schema.
 */
export function describeInputIssues(
  toolName: string,
  issues: readonly z.core.$ZodIssue[],
  schema: JsonSchema,
): string {
  const lines = issues.flatMap((issue) => describeIssue(toolName, issue));
  return [
    `Invalid arguments for ${toolName}:`,
    ...lines.map((line) => `- ${line}`),
    `Call ${toolName} again with ${describeShape(schema)}.`,
  ].join("\n");
}

function describeIssue(toolName: string, issue: z.core.$ZodIssue): string[] {
  const where = formatPath(issue.path);
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined)
        return [`${capitalize(where)} is required (${describeType(issue.expected)}).`];
      return [`${capitalize(where)} must be ${describeType(issue.expected)}; got ${typeOf(issue.input)}.`];
    case "unrecognized_keys": {
      const owner = issue.path.length === 0 ? toolName : formatPath(issue.path);
      return issue.keys.map((key) => `"${key}" is not a parameter of ${owner}; leave it out.`);
    }
    case "too_big":
      return [`${capitalize(where)} must be at most ${issue.maximum}${unitOf(issue.origin)}.`];
    case "too_small":
      return [`${capitalize(where)} must be at least ${issue.minimum}${unitOf(issue.origin)}.`];
    case "invalid_value":
      return [
        `${capitalize(where)} must be one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}.`,
      ];
    default:
      return [`${capitalize(where)}: ${issue.message}.`];
  }
}

/** `args[0]`, `options.mode`; the root is "the arguments". */
function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "the arguments";
  let text = "";
  for (const part of path) {
    text += typeof part === "number" ? `[${part}]` : text === "" ? String(part) : `.${String(part)}`;
  }
  return text;
}

function describeType(expected: string): string {
  switch (expected) {
    case "int":
      return "a whole number";
    case "array":
      return "an array";
    case "object":
      return "an object";
    default:
      return `a ${expected}`;
  }
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return "a string";
  if (typeof value === "number") return `the number ${value}`;
  return typeof value === "object" ? "an object" : String(value);
}

function unitOf(origin: string): string {
  if (origin === "string") return " characters";
  if (origin === "array" || origin === "set") return " items";
  return "";
}

function capitalize(text: string): string {
  return text.startsWith("the ") ? `The ${text.slice(4)}` : text;
}

/** `{ skill_name: string, args?: string, max_steps?: integer }`, from the tool's JSON Schema. */
export function describeShape(schema: JsonSchema): string {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return "{}";
  const required = new Set(schema.required ?? []);
  const fields = properties.map(
    ([key, property]) => `${key}${required.has(key) ? "" : "?"}: ${describeSchemaType(property)}`,
  );
  return `{ ${fields.join(", ")} }`;
}

function describeSchemaType(schema: JsonSchema): string {
  if (schema.enum !== undefined && schema.enum.length <= 10) {
    return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  }
  if (schema.type === "array") {
    const items = schema.items === undefined ? "values" : `${describeSchemaType(schema.items)}s`;
    return `array of ${items}`;
  }
  if (schema.type === "object") return "object";
  return Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
}
