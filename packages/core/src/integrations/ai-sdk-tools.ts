// Skillbox tools as a Vercel AI SDK `ToolSet`: `tool({ description, inputSchema: jsonSchema(…), execute })`
// per tool, with error results sent to the model as error text.

import type { ToolResult } from "../tools/define-tool.js";
import { readTools, runToolCall, type ToolCallOptions, type ToolSource } from "./run-tool-call.js";

// The shapes below are the parts of the `ai` package's types this adapter uses, declared here so
// that users without `ai` still compile; ai-sdk-tools.test.ts checks that `ai`'s helpers fit
// AiSdkHelpers and that an AiSdkToolSet is a `ToolSet`.

/** What the model is shown for a tool's result: its text, as error text when the call failed. */
export type AiSdkToolOutput = { type: "text"; value: string } | { type: "error-text"; value: string };

/** The parts of the AI SDK's tool-execution options a call reads. */
export interface AiSdkToolCallOptions {
  toolCallId: string;
  abortSignal?: AbortSignal;
  /** The conversation so far; the SDK passes it, Skillbox does not read it. */
  messages?: readonly unknown[];
}

/**
 * One tool as the AI SDK's `tool()` takes and returns it. `Schema` is what `jsonSchema()` made: its
 * type lives in `ai`, so without the helpers' own type it is `never` here (opaque: it fits the SDK's
 * schema type and nothing can be read from it).
 */
export interface AiSdkTool<Schema = never> {
  description: string;
  inputSchema: Schema;
  execute: (input: unknown, options: AiSdkToolCallOptions) => Promise<ToolResult>;
  toModelOutput: (options: { output: ToolResult }) => AiSdkToolOutput;
}

/** Tools by name, ready for `generateText({ tools })` and `streamText({ tools })`. */
export type AiSdkToolSet<Schema = never> = Record<string, AiSdkTool<Schema>>;

/** The two helpers of the `ai` package the adapter needs: pass the module itself (`import * as ai`). */
export interface AiSdkHelpers<Schema = unknown> {
  tool: (definition: AiSdkTool<Schema>) => unknown;
  jsonSchema: (schema: AiSdkInputSchema) => Schema;
}

/**
 * A tool's input schema as `jsonSchema()` is given it: a JSON Schema object. Declared by its top
 * `type` alone, which the SDK's JSONSchema7 types narrowly (Skillbox's JsonSchema takes any string).
 */
export interface AiSdkInputSchema {
  type?: "object";
}

/**
 * A ToolSet for `generateText`/`streamText`. Each `execute` resolves to the Skillbox ToolResult
 * (visible in `steps[].toolResults`); the model sees its text, as error text when `isError` is set.
 * The `ai` helpers are passed in so this package never loads a second copy of the SDK.
 */
export function toAiSdkTools<Schema>(
  source: ToolSource,
  sdk: AiSdkHelpers<Schema>,
  options: ToolCallOptions = {},
): AiSdkToolSet<Schema> {
  const tools = readTools(source);
  const set: AiSdkToolSet<Schema> = {};
  for (const skillboxTool of tools) {
    const definition: AiSdkTool<Schema> = {
      description: skillboxTool.description,
      inputSchema: sdk.jsonSchema(skillboxTool.inputSchema as AiSdkInputSchema),
      execute: (input, execution) =>
        runToolCall(
          tools,
          { id: execution.toolCallId, name: skillboxTool.name, arguments: asArguments(input) },
          options,
          execution.abortSignal,
        ),
      toModelOutput: ({ output }) =>
        output.isError === true
          ? { type: "error-text", value: output.content }
          : { type: "text", value: output.content },
    };
    // `tool()` returns the definition it is given (it exists for type inference); its own return
    // type names `ai`'s types, which this package cannot.
    set[skillboxTool.name] = sdk.tool(definition) as AiSdkTool<Schema>;
  }
  return set;
}

function asArguments(input: unknown): Record<string, unknown> {
  return typeof input === "object" && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};
}
