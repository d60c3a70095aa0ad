// Runs one tool call the model asked for: lookup, pre-tool hooks, the input checked whole against
// the tool's schema, permission, execution, post-tool hooks and the audit entry. Every failure
// becomes an error result the model can act on; nothing here throws.
import { describeError } from "../errors.js";
import type { AuditLog, AuditStatus } from "../store/audit-log.js";
import { editDistance } from "../text/edit-distance.js";
import { capText } from "../text/preview-text.js";
import { checkToolInput } from "../tools/check-tool-input.js";
import type { Tool, ToolResult } from "../tools/define-tool.js";
import { toolError } from "../tools/define-tool.js";
import type { HookBus, HookFailure, HookOutcome } from "./hooks/hooks.js";
import { normalizeToolName } from "./permissions/claude-tool-names.js";
import type { PermissionPolicy, PermissionScope } from "./permissions/permissions.js";
import type { ChatMessage, ToolCall } from "./providers/provider.js";

/** What a tool call needs from the agent running it. */
export interface ToolCallContext {
  tools: ReadonlyMap<string, Tool>;
  sessionId: string;
  agentName: string;
  cwd?: string;
  hooks?: HookBus;
  permissions?: PermissionPolicy;
  /** The agent's active skill scopes, innermost last. */
  scopes?: readonly PermissionScope[];
  audit?: AuditLog;
  signal?: AbortSignal;
  now?: () => number;
  /** Told about each pre- or post-tool hook that failed (the call goes on, as in Claude Code). */
  onHookFailure?: (failure: HookFailure) => void;
}

/** A finished tool call: the message for the history, the result and how it ended. */
export interface ExecutedToolCall {
  message: Extract<ChatMessage, { role: "tool" }>;
  result: ToolResult;
  status: AuditStatus;
  durationMs: number;
}

/** Audit previews are capped at this many characters. */
export const AUDIT_PREVIEW_CHARS = 500;

/** Runs the call and records it in the audit log. */
export async function executeToolCall(call: ToolCall, context: ToolCallContext): Promise<ExecutedToolCall> {
  const now = context.now ?? Date.now;
  const started = now();
  let input = call.arguments;
  const { result, status } = await runCall();
  const durationMs = now() - started;
  context.audit?.record({
    agentName: context.agentName,
    sessionId: context.sessionId,
    tool: call.name,
    status,
    durationMs,
    inputPreview: capText(safeJson(input), AUDIT_PREVIEW_CHARS),
    outputPreview: capText(result.content, AUDIT_PREVIEW_CHARS),
    at: started,
  });
  const message: ExecutedToolCall["message"] = {
    role: "tool",
    toolCallId: call.id,
    toolName: call.name,
    content: result.content,
  };
  if (result.isError) message.isError = true;
  if (result.metadata !== undefined) message.metadata = result.metadata;
  if (result.data !== undefined) message.data = result.data;
  return { message, result, status, durationMs };

  async function runCall(): Promise<{ result: ToolResult; status: AuditStatus }> {
    const tool = context.tools.get(call.name);
    if (tool === undefined) return { result: unknownTool(call.name, context.tools), status: "error" };
    if (call.argumentsError !== undefined) {
      return {
        result: toolError(
          `The arguments for ${call.name} were not valid JSON (${call.argumentsError}). ` +
            `Call ${call.name} again with a single JSON object matching its input schema.`,
        ),
        status: "error",
      };
    }
    const hookBase = {
      sessionId: context.sessionId,
      agentName: context.agentName,
      cwd: context.cwd,
      tool: call.name,
    };
    if (context.hooks?.has("pre-tool-use")) {
      const pre = reportFailures(
        await context.hooks.emit("pre-tool-use", { ...hookBase, input }, { signal: context.signal }),
      );
      if (pre.blocked) {
        return {
          result: toolError(`A hook blocked this ${call.name} call: ${pre.blocked.reason}`),
          status: "blocked",
        };
      }
      if (pre.input !== undefined) input = pre.input;
    }
    // Checked after the hooks (they may rewrite the input) and before permissions, so rules and the
    // tool see input of the shape its schema promises; the audit entry keeps the input as sent.
    const checked = checkToolInput(tool, input);
    if (!checked.ok) return { result: checked.error, status: "error" };
    const valid = checked.input;
    if (context.permissions !== undefined) {
      const outcome = await context.permissions.check(
        { tool: call.name, input: valid, sessionId: context.sessionId },
        context.scopes ?? [],
      );
      if (!outcome.allowed) {
        const reason = outcome.reason ?? `${call.name} is not allowed.`;
        return {
          result: toolError(
            `Permission denied: ${reason} Do not retry this call; choose another way or ask the user.`,
            // The reason alone, for front ends that tell the person (the rest is advice to the model).
            { permissionDenied: reason },
          ),
          status: "denied",
        };
      }
    }
    let result: ToolResult;
    try {
      result = await tool.execute(valid, {
        sessionId: context.sessionId,
        agentName: context.agentName,
        abortSignal: context.signal,
        cwd: context.cwd,
      });
    } catch (error) {
      result = context.signal?.aborted
        ? toolError(`${call.name} was aborted.`)
        : toolError(
            `${call.name} failed: ${describeError(error)}. Check the arguments, or try another approach.`,
          );
    }
    if (typeof result?.content !== "string") {
      result = toolError(`${call.name} returned no usable result.`);
    }
    if (context.hooks?.has("post-tool-use")) {
      const post = reportFailures(
        await context.hooks.emit(
          "post-tool-use",
          { ...hookBase, input: valid, output: result.content, isError: result.isError === true },
          { signal: context.signal },
        ),
      );
      if (post.output !== undefined) result = { ...result, content: post.output };
    }
    return { result, status: statusOf(result) };
  }

  function reportFailures(outcome: HookOutcome): HookOutcome {
    for (const failure of outcome.failures) context.onHookFailure?.(failure);
    return outcome;
  }
}

/**
 * How a finished call is audited. A tool that refused on someone's behalf says so in
 * `metadata.auditStatus` (a hook stopped its sub-agent, a setting forbids the script), so metrics
 * count it as blocked or denied, apart from real errors.
 */
function statusOf(result: ToolResult): AuditStatus {
  if (!result.isError) return "ok";
  const declared = result.metadata?.auditStatus;
  return declared === "blocked" || declared === "denied" ? declared : "error";
}

/** The result for a tool the agent does not have: the names it does have, and a close match. */
function unknownTool(name: string, tools: ReadonlyMap<string, Tool>): ToolResult {
  const names = [...tools.keys()];
  const close = suggestToolName(name, names);
  const hint = close === undefined ? "" : ` Did you mean ${close}?`;
  const available = names.length === 0 ? "This agent has no tools." : `Available tools: ${names.join(", ")}.`;
  return toolError(`Unknown tool "${name}".${hint} ${available}`);
}

/** A Claude Code spelling (`Read` -> read_file), a case slip, or a name at most two edits away. */
function suggestToolName(name: string, names: string[]): string | undefined {
  const normalized = normalizeToolName(name);
  if (names.includes(normalized)) return normalized;
  let best: { name: string; distance: number } | undefined;
  for (const candidate of names) {
    const distance = editDistance(normalized, candidate.toLowerCase());
    if (distance <= 2 && (best === undefined || distance < best.distance))
      best = { name: candidate, distance };
  }
  return best?.name;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    // Circular or otherwise unserialisable input: the preview says so instead of failing the call.
    return "[unserialisable input]";
  }
}
