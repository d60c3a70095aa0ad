// Skillbox tools for LangChain.js: one structured tool per skill tool, made by `tool()` of
// `@langchain/core/tools`, which the caller passes in so this package never imports LangChain.

import { parseToolArguments } from "../agent/providers/parse-tool-arguments.js";
import type { ToolResult } from "../tools/define-tool.js";
import { readTools, runToolCall, type ToolCallOptions, type ToolSource } from "./run-tool-call.js";

/** What the adapter hands `tool()` of `@langchain/core/tools` beside the function. */
export interface LangChainToolFields {
  name: string;
  description: string;
  /** The tool's JSON Schema; LangChain validates the model's arguments against it before the call. */
  schema: Record<string, unknown>;
  /** The model sees the text; the Skillbox ToolResult rides along as the ToolMessage's `artifact`. */
  responseFormat: "content_and_artifact";
}

/** The function the adapter hands `tool()`: LangChain calls it with the arguments and its run config. */
export type LangChainToolFunction = (
  input: unknown,
  config?: { toolCall?: { id?: string }; signal?: AbortSignal },
) => Promise<[string, ToolResult]>;

/** The helper of `@langchain/core` the adapter needs: pass `{ tool }` from `@langchain/core/tools`. */
export interface LangChainHelpers<LangChainTool> {
  tool: (func: LangChainToolFunction, fields: LangChainToolFields) => LangChainTool;
}

/**
 * The tools for `model.bindTools(tools)` and `tool.invoke(toolCall)`. A failure the model can act on
 * comes back as text starting with "Error: " (and `artifact.isError`), never as a throw.
 */
export function toLangChainTools<LangChainTool>(
  source: ToolSource,
  sdk: LangChainHelpers<LangChainTool>,
  options: ToolCallOptions = {},
): LangChainTool[] {
  const tools = readTools(source);
  return tools.map((skillboxTool) =>
    sdk.tool(
      async (input, config) => {
        const result = await runToolCall(
          tools,
          {
            id: config?.toolCall?.id ?? skillboxTool.name,
            name: skillboxTool.name,
            ...parseToolArguments(input),
          },
          { ...options, ...(config?.signal === undefined ? {} : { signal: config.signal }) },
        );
        return [result.isError === true ? `Error: ${result.content}` : result.content, result];
      },
      {
        name: skillboxTool.name,
        description: skillboxTool.description,
        schema: { ...skillboxTool.inputSchema, type: "object" },
        responseFormat: "content_and_artifact",
      },
    ),
  );
}
