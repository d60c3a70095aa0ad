// Turns a model's tool-call arguments into an object, never throwing: bad JSON becomes an error note
// that the agent loop hands back to the model as a tool error.

import type { ToolCall } from "./provider.js";

/** `{ arguments }` for a JSON object (or empty text); `{ arguments: {}, argumentsError }` otherwise. */
export function parseToolArguments(raw: unknown): Pick<ToolCall, "arguments" | "argumentsError"> {
  if (isPlainObject(raw)) return { arguments: raw };
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === ""))
    return { arguments: {} };
  if (typeof raw !== "string") {
    return {
      arguments: {},
      argumentsError: `Tool arguments must be a JSON object, got ${describeType(raw)}.`,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      arguments: {},
      argumentsError: `Tool arguments are not valid JSON (${reason}): ${preview(raw)}. Send one JSON object.`,
    };
  }
  if (isPlainObject(value)) return { arguments: value };
  return {
    arguments: {},
    argumentsError: `Tool arguments must be a JSON object, got ${describeType(value)}.`,
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describeType(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  return `a ${typeof value}`;
}

function preview(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
