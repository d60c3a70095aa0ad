// Skillbox tools for Mastra: one tool per skill tool, made by `createTool` of `@mastra/core/tools`,
// which the caller passes in so this package never imports Mastra.

import { parseToolArguments } from "../agent/providers/parse-tool-arguments.js";
import type { ToolResult } from "../tools/define-tool.js";
import { readTools, runToolCall, type ToolCallOptions, type ToolSource } from "./run-tool-call.js";

/** What the adapter hands `createTool` of `@mastra/core/tools`. */
export interface MastraToolOptions {
  id: string;
  description: string;
  /** The tool's JSON Schema (Mastra takes JSON Schema as well as zod). */
  inputSchema: Record<string, unknown>;
  execute: (
    input: unknown,
    context: { agent?: { toolCallId?: string }; abortSignal?: AbortSignal },
  ) => Promise<ToolResult>;
  /** The model sees the result's text, as error text when `isError` is set (or Mastra's input check failed). */
  toModelOutput: (output: unknown) => { type: "text" | "error-text"; value: string };
}

/** The helper of `@mastra/core` the adapter needs: pass `{ createTool }` from `@mastra/core/tools`. */
export interface MastraHelpers<MastraTool> {
  createTool: (options: MastraToolOptions) => MastraTool;
}

/**
 * The tools for `new Agent({ tools })`, keyed by name. Each `execute` resolves to the Skillbox
 * ToolResult (in `toolResults` of a generate call); failures are results, never throws.
 */
export function toMastraTools<MastraTool>(
  source: ToolSource,
  sdk: MastraHelpers<MastraTool>,
  options: ToolCallOptions = {},
): Record<string, MastraTool> {
  const tools = readTools(source);
  const set: Record<string, MastraTool> = {};
  for (const skillboxTool of tools) {
    set[skillboxTool.name] = sdk.createTool({
      id: skillboxTool.name,
      description: skillboxTool.description,
      inputSchema: { ...skillboxTool.inputSchema, type: "object" },
      execute: (input, context) =>
        runToolCall(
          tools,
          {
            id: context.agent?.toolCallId ?? skillboxTool.name,
            name: skillboxTool.name,
            ...parseToolArguments(input),
          },
          options,
          context.abortSignal,
        ),
      toModelOutput,
    });
  }
  return set;
}

/**
 * The model's view of a call's output: usually the Skillbox ToolResult `execute` returned, but Mastra
 * checks the input against the schema first and, when that fails, hands over its own
 * `{ error: true, message }` instead (typed `unknown`: Mastra types it from an output schema, which
 * these tools do not declare).
 */
function toModelOutput(output: unknown): { type: "text" | "error-text"; value: string } {
  const { content, isError, message } = (output ?? {}) as Partial<ToolResult> & { message?: unknown };
  if (typeof content === "string") return { type: isError === true ? "error-text" : "text", value: content };
  return {
    type: "error-text",
    value: typeof message === "string" ? message : JSON.stringify(output ?? null),
  };
}
