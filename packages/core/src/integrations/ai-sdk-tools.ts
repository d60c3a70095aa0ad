// Skillbox tools as a Vercel AI SDK `ToolSet`: `tool({ description, inputSchema: jsonSchema(…), execute })`
// per tool, with error results sent to the model as error text.

import type { jsonSchema, ToolSet, tool } from "ai";
import type { ToolResult } from "../tools/define-tool.js";
import { readTools, runToolCall, type ToolCallOptions, type ToolSource } from "./run-tool-call.js";

/** The two helpers of the `ai` package the adapter needs: pass `import * as ai from "ai"`. */
export interface AiSdkHelpers {
  tool: typeof tool;
  jsonSchema: typeof jsonSchema;
}

type JsonSchemaInput = Parameters<typeof jsonSchema>[0];

/**
 * A ToolSet for `generateText`/`streamText`. Each `execute` resolves to the Skillbox ToolResult
 * (visible in `steps[].toolResults`); the model sees its text, as error text when `isError` is set.
 * The `ai` helpers are passed in so this package never loads a second copy of the SDK.
 */
export function toAiSdkTools(source: ToolSource, sdk: AiSdkHelpers, options: ToolCallOptions = {}): ToolSet {
  const tools = readTools(source);
  const set: ToolSet = {};
  for (const skillboxTool of tools) {
    set[skillboxTool.name] = sdk.tool<Record<string, unknown>, ToolResult>({
      description: skillboxTool.description,
      inputSchema: sdk.jsonSchema<Record<string, unknown>>(skillboxTool.inputSchema as JsonSchemaInput),
      execute: (input, execution) =>
        runToolCall(
          tools,
          { id: execution.toolCallId, name: skillboxTool.name, arguments: asArguments(input) },
          { ...options, ...(execution.abortSignal === undefined ? {} : { signal: execution.abortSignal }) },
        ),
      toModelOutput: ({ output }) =>
        output.isError === true
          ? { type: "error-text", value: output.content }
          : { type: "text", value: output.content },
    }) as ToolSet[string];
  }
  return set;
}

function asArguments(input: unknown): Record<string, unknown> {
  return typeof input === "object" && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};
}
