// The tool loop of one run: model call, tool calls, repeat — until the model stops calling tools,
// the step limit is reached, the signal aborts, or the provider fails for good.

import { executeToolCall } from "@skillbox/core/agent/execute-tool-call";
import type { PermissionPolicy, PermissionScope } from "@skillbox/core/agent/permissions/permissions";
import type {
  ChatMessage,
  ChatResponse,
  TokenUsage,
  ToolSpec,
} from "@skillbox/core/agent/providers/provider";
import { renderSystemPrompt, type SectionContext } from "@skillbox/core/agent/system-prompt";
import { describeError, isSkillboxError } from "@skillbox/core/errors";
import type { Tool } from "@skillbox/core/tools/define-tool";
import type { SkillLoaded } from "@skillbox/core/tools/skill-loaded";
import { LOAD_SKILL_TOOL } from "@skillbox/core/tools/tool-names";
import type {
  AgentEvent,
  AgentOptions,
  AgentRunResult,
  SkillActivationSource,
  StopReason,
} from "./agent-types.js";

/** What the loop needs from the agent that owns the session. */
export interface AgentLoopContext {
  options: AgentOptions;
  /** The agent's policy (its own default when `options.permissions` is unset). */
  permissions: PermissionPolicy;
  sessionId: string;
  agentName: string;
  maxSteps: number;
  /** The live history; the loop appends to it (compaction may replace it between turns). */
  history(): ChatMessage[];
  scopes(): readonly PermissionScope[];
  /** Puts a skill a tool loaded in force (scope, hooks) for the rest of the session. */
  activateSkill(loaded: SkillLoaded, via: SkillActivationSource, signal?: AbortSignal): Promise<void>;
  compact(trigger: "auto", signal?: AbortSignal): Promise<void>;
  emitEvent(event: AgentEvent): void;
  signal?: AbortSignal;
}

/** Runs model turns until a stop condition; never throws for model or tool failures. */
export async function runAgentLoop(context: AgentLoopContext): Promise<AgentRunResult> {
  const { options, signal } = context;
  const supportsTools = options.provider.supportsTools;
  const perTurn: TokenUsage[] = [];
  let steps = 0;
  let lastText = "";

  const finish = (stoppedBy: StopReason, text: string, error?: string): AgentRunResult => {
    context.emitEvent(
      error === undefined ? { type: "run-end", stoppedBy } : { type: "run-end", stoppedBy, error },
    );
    const total = perTurn.reduce(
      (sum, usage) => ({
        inputTokens: sum.inputTokens + usage.inputTokens,
        outputTokens: sum.outputTokens + usage.outputTokens,
      }),
      { inputTokens: 0, outputTokens: 0 },
    );
    const result: AgentRunResult = {
      text,
      messages: [...context.history()],
      steps,
      usage: { perTurn, total },
      stoppedBy,
    };
    if (error !== undefined) result.error = error;
    return result;
  };

  for (;;) {
    if (signal?.aborted) return finish("aborted", lastText);
    if (steps >= context.maxSteps) return finish("max-steps", lastText);
    await context.compact("auto", signal);
    steps += 1;
    const step = steps;
    context.emitEvent({ type: "turn-start", step });
    // Read every turn: a tool call may have changed them (a `paths` skill activated by a file the
    // model just read belongs in load_skill's description and name list on the very next request).
    const { toolMap, specs, sectionContext } = offerTools(options, supportsTools);
    let response: ChatResponse;
    try {
      response = await options.provider.complete(
        {
          model: options.model,
          system: renderSystemPrompt(options.systemSections ?? [], sectionContext),
          messages: context.history(),
          tools: specs,
          ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }),
        },
        { signal, onText: (delta) => context.emitEvent({ type: "text-delta", step, delta }) },
      );
    } catch (error) {
      if (signal?.aborted || isSkillboxError(error, "aborted")) return finish("aborted", lastText);
      return finish("error", lastText, `The model call failed at step ${step}: ${describeError(error)}`);
    }
    const usage = response.usage ?? { inputTokens: 0, outputTokens: 0 };
    perTurn.push(usage);
    const toolCalls = response.toolCalls ?? [];
    const text = response.text ?? "";
    const assistant: ChatMessage =
      toolCalls.length > 0
        ? { role: "assistant", content: text, toolCalls }
        : { role: "assistant", content: text };
    context.history().push(assistant);
    if (text.trim() !== "") lastText = text;
    context.emitEvent({ type: "turn-end", step, text, toolCalls, usage });
    if (toolCalls.length === 0) return finish("end", lastText);

    for (const call of toolCalls) {
      if (signal?.aborted) {
        // Every tool call needs a result, or the next request on this history is invalid.
        context.history().push({
          role: "tool",
          toolCallId: call.id,
          toolName: call.name,
          content: "Not run: the run was aborted.",
          isError: true,
        });
        continue;
      }
      context.emitEvent({ type: "tool-start", step, call });
      const executed = await executeToolCall(call, {
        tools: toolMap,
        sessionId: context.sessionId,
        agentName: context.agentName,
        cwd: options.cwd,
        hooks: options.hooks,
        permissions: context.permissions,
        scopes: context.scopes(),
        audit: options.audit,
        signal,
        now: options.now,
        onHookFailure: (failure) => context.emitEvent({ type: "hook-failed", failure }),
      });
      context.history().push(executed.message);
      context.emitEvent({
        type: "tool-end",
        step,
        call,
        result: executed.result,
        status: executed.status,
        durationMs: executed.durationMs,
      });
      // A skill's instructions are in the conversation now: its scope and hooks hold from here on.
      const { data } = executed.result;
      if (data?.kind === "skill-loaded" && !executed.result.isError) {
        await context.activateSkill(data, LOAD_SKILL_TOOL, signal);
      }
    }
    if (signal?.aborted) return finish("aborted", lastText);
  }
}

/** The tools this turn offers, their specs for the provider, and what system sections may look at. */
function offerTools(
  options: AgentOptions,
  supportsTools: boolean,
): { toolMap: Map<string, Tool>; specs: ToolSpec[]; sectionContext: SectionContext } {
  const tools: Tool[] = supportsTools ? (options.tools ?? []) : [];
  const toolMap = new Map(tools.map((tool) => [tool.name, tool]));
  const specs: ToolSpec[] = tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
  }));
  return { toolMap, specs, sectionContext: { toolNames: [...toolMap.keys()], supportsTools } };
}
