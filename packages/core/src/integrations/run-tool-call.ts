// Runs one tool call for an adapter: the same lookup, argument checks, hooks, permissions and audit
// the Skillbox agent applies, so a call made through another SDK behaves exactly like ours.

import { executeToolCall, type ToolCallContext } from "../agent/execute-tool-call.js";
import type { ToolCall } from "../agent/providers/provider.js";
import type { Tool, ToolResult } from "../tools/define-tool.js";

/** How adapters run calls: the agent context minus the tools, with the session and agent optional. */
export interface ToolCallOptions extends Omit<ToolCallContext, "tools" | "sessionId" | "agentName"> {
  /** Groups audit entries and substitutes `${CLAUDE_SESSION_ID}`; default "integration". */
  sessionId?: string;
  /** Names the caller in the audit log and hooks; default "integration". */
  agentName?: string;
}

/** The tools an adapter offers: a fixed list, or a function read on every use (skills come and go). */
export type ToolSource = readonly Tool[] | (() => readonly Tool[]);

/** The current tools of a source. */
export function readTools(source: ToolSource): readonly Tool[] {
  return typeof source === "function" ? source() : source;
}

/**
 * Runs the call against the tools; never throws (unknown tools and bad input become error results).
 * `signal`, the framework's abort signal for this call when it has one, wins over `options.signal`.
 */
export async function runToolCall(
  tools: readonly Tool[],
  call: ToolCall,
  options: ToolCallOptions = {},
  signal?: AbortSignal,
): Promise<ToolResult> {
  const executed = await executeToolCall(call, {
    ...options,
    ...(signal === undefined ? {} : { signal }),
    tools: new Map(tools.map((tool) => [tool.name, tool])),
    sessionId: options.sessionId ?? "integration",
    agentName: options.agentName ?? "integration",
  });
  return executed.result;
}

/** A result as text for frameworks with no error flag on a tool's output: failures start with "Error: ". */
export function toolResultText(result: ToolResult): string {
  return result.isError === true ? `Error: ${result.content}` : result.content;
}
