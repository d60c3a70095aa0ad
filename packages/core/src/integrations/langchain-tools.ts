// Skillbox tools for LangChain.js: one DynamicStructuredTool per skill tool, made by the class of
// `@langchain/core/tools`, which the caller passes in so this package never imports LangChain.
// (The class, not the `tool()` helper: `tool()`'s overloads would type every result as a union
// of two tool classes whose `invoke` TypeScript cannot call.)

import { parseToolArguments } from "../agent/providers/parse-tool-arguments.js";
import type { ToolResult } from "../tools/define-tool.js";
import {
  readTools,
  runToolCall,
  type ToolCallOptions,
  type ToolSource,
  toolResultText,
} from "./run-tool-call.js";

/** What the adapter hands `new DynamicStructuredTool(…)` of `@langchain/core/tools`. */
export interface LangChainToolFields {
  name: string;
  description: string;
  /** The tool's JSON Schema; LangChain validates the model's arguments against it before the call. */
  schema: Record<string, unknown>;
  /** The model sees the text; the Skillbox ToolResult rides along as the ToolMessage's `artifact`. */
  responseFormat: "content_and_artifact";
  /** LangChain calls it with the arguments, its run manager and its run config. */
  func: (
    input: unknown,
    runManager?: unknown,
    config?: { toolCall?: { id?: string }; signal?: AbortSignal },
  ) => Promise<[string, ToolResult]>;
}

/** The class of `@langchain/core` the adapter needs: pass `{ DynamicStructuredTool }` from `@langchain/core/tools`. */
export interface LangChainHelpers<LangChainTool> {
  DynamicStructuredTool: new (fields: LangChainToolFields) => LangChainTool;
}

/**
 * The tools for `model.bindTools(tools)` and `tool.invoke(toolCall)`. A failure the model can act on
 * comes back as text starting with "Error: " (and `artifact.isError`), never as a throw. Arguments
 * that fail LangChain's own check against the schema (a required one missing, a wrong type) throw
 * `ToolInputParsingException` before the tool runs: LangGraph's ToolNode turns that into an error
 * message; a hand-written loop catches it (the README's does).
 */
export function toLangChainTools<LangChainTool>(
  source: ToolSource,
  sdk: LangChainHelpers<LangChainTool>,
  options: ToolCallOptions = {},
): LangChainTool[] {
  const tools = readTools(source);
  return tools.map(
    (skillboxTool) =>
      new sdk.DynamicStructuredTool({
        name: skillboxTool.name,
        description: skillboxTool.description,
        schema: { ...skillboxTool.inputSchema, type: "object" },
        responseFormat: "content_and_artifact",
        func: async (input, _runManager, config) => {
          const result = await runToolCall(
            tools,
            {
              id: config?.toolCall?.id ?? skillboxTool.name,
              name: skillboxTool.name,
              ...parseToolArguments(input),
            },
            options,
            config?.signal,
          );
          return [toolResultText(result), result];
        },
      }),
  );
}
