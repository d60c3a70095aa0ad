// Turns a sub-agent run into the tool result its caller sees — always with what it produced, even
// when it ran out of steps, failed or was aborted.
import type { ToolResult } from "@skillbox/core/tools/define-tool";
import type { AgentRunResult } from "../agent-types.js";

/** The header line: `[sub-agent result — skill: <name>]`, or `[sub-agent result — task]` without a skill. */
export function subAgentResultHeader(skillName: string | undefined): string {
  return skillName === undefined ? "[sub-agent result — task]" : `[sub-agent result — skill: ${skillName}]`;
}

/** Formats the run; metadata is `{ context: "fork", execution_mode: "subagent", steps, stoppedBy, … }`. */
export function formatSubAgentResult(
  run: AgentRunResult,
  details: { skillName?: string; maxSteps: number; model: string; unknownTools?: string[] },
): ToolResult {
  const text = run.stoppedBy === "end" ? run.text.trim() : collectText(run);
  const produced = text !== "" ? text : describeProgress(run);
  const note = describeStop(run, details.maxSteps);
  const content = [subAgentResultHeader(details.skillName), produced, note]
    .filter((part) => part !== "")
    .join("\n");
  const metadata: Record<string, unknown> = {
    context: "fork",
    execution_mode: "subagent",
    steps: run.steps,
    stoppedBy: run.stoppedBy,
    model: details.model,
    usage: run.usage.total,
  };
  if (details.skillName !== undefined) metadata.skill = details.skillName;
  if (details.unknownTools !== undefined && details.unknownTools.length > 0)
    metadata.unknownTools = details.unknownTools;
  if (run.error !== undefined) metadata.error = run.error;
  const failed = run.stoppedBy === "error" || run.stoppedBy === "aborted";
  return failed ? { content, isError: true, metadata } : { content, metadata };
}

function describeStop(run: AgentRunResult, maxSteps: number): string {
  switch (run.stoppedBy) {
    case "end":
      return "";
    case "max-steps":
      return `\n[note: the sub-agent reached its limit of ${maxSteps} steps before finishing; the result above may be incomplete.]`;
    case "aborted":
      return "\n[note: the sub-agent was aborted; the result above is what it produced until then.]";
    case "error":
      return `\n[note: the sub-agent failed: ${withoutFinalStop(run.error ?? "unknown error")}. The result above is what it produced until then.]`;
  }
}

/**
 * Every text the sub-agent wrote, in order: a run cut short has no final answer, so what it said
 * along the way (findings between tool calls) is the result and must not be dropped.
 */
function collectText(run: AgentRunResult): string {
  const texts = run.messages
    .filter((message) => message.role === "assistant")
    .map((message) => message.content.trim())
    .filter((content) => content !== "");
  return texts.length > 0 ? texts.join("\n\n") : run.text.trim();
}

/** The error without its closing full stop, so the sentence around it ends with exactly one. */
function withoutFinalStop(text: string): string {
  return text.trim().replace(/[.\s]+$/, "");
}

/** When the sub-agent wrote no text: its last tool calls and what they returned, briefly. */
function describeProgress(run: AgentRunResult): string {
  const results = run.messages.filter((message) => message.role === "tool").slice(-3);
  if (results.length === 0) return "(the sub-agent produced no output)";
  const lines = results.map((message) => {
    const preview = message.content.length > 300 ? `${message.content.slice(0, 300)}…` : message.content;
    return `- ${message.toolName}${message.isError ? " (error)" : ""}: ${preview}`;
  });
  return `(no final answer; its last tool results were:)\n${lines.join("\n")}`;
}
