// Skillbox tools for the OpenAI Agents SDK (`@openai/agents`): one function tool per skill tool, made
// by the SDK's own `tool()` helper, which the caller passes in so this package never imports the SDK.

import { parseToolArguments } from "../agent/providers/parse-tool-arguments.js";
import {
  readTools,
  runToolCall,
  type ToolCallOptions,
  type ToolSource,
  toolResultText,
} from "./run-tool-call.js";

/** What the adapter hands `tool()` of `@openai/agents`: a non-strict function tool over a JSON Schema. */
export interface OpenAIAgentsToolOptions {
  name: string;
  description: string;
  parameters: {
    type: "object";
    properties: Record<string, Record<string, unknown>>;
    required: string[];
    additionalProperties: true;
  };
  strict: false;
  execute: (
    input: unknown,
    context?: unknown,
    details?: { toolCall?: { callId?: string }; signal?: AbortSignal },
  ) => Promise<string>;
}

/** The helper of `@openai/agents` the adapter needs: pass `{ tool }` imported from it. */
export interface OpenAIAgentsHelpers<AgentTool> {
  tool: (options: OpenAIAgentsToolOptions) => AgentTool;
}

/**
 * The tools for `new Agent({ tools })`. Each returns the Skillbox result's text; a failure the model
 * can act on comes back as text starting with "Error: " (the SDK has no error flag on tool output),
 * so a run never stops on a tool error.
 */
export function toOpenAIAgentsTools<AgentTool>(
  source: ToolSource,
  sdk: OpenAIAgentsHelpers<AgentTool>,
  options: ToolCallOptions = {},
): AgentTool[] {
  const tools = readTools(source);
  return tools.map((skillboxTool) =>
    sdk.tool({
      name: skillboxTool.name,
      description: skillboxTool.description,
      // Sent as Skillbox wrote it (the SDK's type asks for `additionalProperties: true` in
      // non-strict mode; unknown keys are still refused by the same checks as in the Skillbox agent).
      parameters: skillboxTool.inputSchema as unknown as OpenAIAgentsToolOptions["parameters"],
      strict: false,
      execute: async (input, _context, details) => {
        const result = await runToolCall(
          tools,
          {
            id: details?.toolCall?.callId ?? skillboxTool.name,
            name: skillboxTool.name,
            ...parseToolArguments(input),
          },
          options,
          details?.signal,
        );
        return toolResultText(result);
      },
    }),
  );
}
