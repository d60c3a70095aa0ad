// Checks a tool call's input before anything acts on it (permissions, execution): whole, against
// the tool's zod schema, or — for tools described by a JSON Schema alone — its required keys.

import { type Tool, type ToolInputCheck, toolError } from "./define-tool.js";

/** The input to run `tool` with, or the error result for the model. */
export function checkToolInput(
  tool: Tool,
  input: Record<string, unknown>,
): ToolInputCheck<Record<string, unknown>> {
  if (tool.parseInput !== undefined) return tool.parseInput(input);
  const required = Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : [];
  const missing = required.filter((key) => input[key] === undefined || input[key] === null);
  if (missing.length === 0) return { ok: true, input };
  return {
    ok: false,
    error: toolError(
      `${tool.name} is missing required argument(s): ${missing.join(", ")}. Call it again with them.`,
    ),
  };
}
