// The agent: a tool loop over a ChatProvider with a system prompt rebuilt from sections every turn,
// a step limit, abort, hooks, permissions, audit, compaction and `/name` skill invocation.
import { randomUUID } from "node:crypto";
import type { HookEvent, HookOutcome, HookPayload } from "@skillbox/core/agent/hooks/hooks";
import { createPermissionPolicy } from "@skillbox/core/agent/permissions/permissions";
import type { ChatMessage, TokenUsage } from "@skillbox/core/agent/providers/provider";
import {
  appendReminder,
  renderSuggestionReminder,
} from "@skillbox/core/agent/suggestions/suggestion-reminder";
import { SkillboxError } from "@skillbox/core/errors";
import type { SkillLoaded } from "@skillbox/core/tools/skill-loaded";
import type {
  Agent,
  AgentEvent,
  AgentOptions,
  AgentRunResult,
  RunOptions,
  SkillActivationSource,
} from "./agent-types.js";
import { compactHistory, needsCompaction } from "./compaction/compact-history.js";
import { activationOf, createSkillActivations } from "./invocation/skill-activations.js";
import { invokeUserSkill } from "./invocation/user-invocation.js";
import { runAgentLoop } from "./run-agent-loop.js";

/** Default model calls per run. */
export const DEFAULT_MAX_STEPS = 25;

/** Creates an agent session. Nothing runs until `run`. */
export function createAgent(options: AgentOptions): Agent {
  const sessionId = options.sessionId ?? randomUUID();
  const agentName = options.agentName ?? "main";
  const lifecycleHooks = options.lifecycleHooks !== false;
  const activations = createSkillActivations({ hooks: options.hooks, cwd: options.cwd });
  // Every agent checks permissions: without a policy of its own, bash is asked about, never just run.
  const permissions =
    options.permissions ??
    createPermissionPolicy({
      ...(options.cwd === undefined ? {} : { root: options.cwd }),
      ...(options.onAsk === undefined ? {} : { onAsk: options.onAsk }),
    });
  let history: ChatMessage[] = [];
  // Skills suggested in this session: the reminder naming them stays in the history.
  const suggested = new Set<string>();
  let running = false;
  let started = false;
  let closed = false;

  const emitEvent = (event: AgentEvent): void => {
    try {
      options.onEvent?.(event);
    } catch {
      // A broken listener must not break the run it is watching.
    }
  };
  const emitHook = async (
    event: HookEvent,
    payload: Partial<HookPayload> = {},
    signal?: AbortSignal,
  ): Promise<HookOutcome | undefined> => {
    if (options.hooks === undefined || !options.hooks.has(event)) return undefined;
    const outcome = await options.hooks.emit(
      event,
      { sessionId, agentName, cwd: options.cwd, ...payload },
      { signal },
    );
    for (const failure of outcome.failures) emitEvent({ type: "hook-failed", failure });
    return outcome;
  };
  /** Puts a loaded skill's scope and hooks in force for the rest of the session (once per skill). */
  const activateSkill = async (
    loaded: SkillLoaded,
    via: SkillActivationSource,
    signal?: AbortSignal,
  ): Promise<void> => {
    if (!activations.activate(activationOf(loaded))) return;
    await emitHook("skill-load", { skill: loaded.name }, signal);
    emitEvent({ type: "skill-activated", skill: loaded.name, via });
  };
  const compact = async (trigger: "auto" | "manual", signal?: AbortSignal): Promise<void> => {
    if (options.compaction === false) return;
    const settings = options.compaction ?? {};
    if (trigger === "auto" && !needsCompaction(history, settings)) return;
    await emitHook("pre-compact", { trigger }, signal);
    let result = await compactHistory(history, settings, signal).catch(() => undefined);
    // A custom summariser that fails falls back to the built-in one rather than losing the turn.
    if (result === undefined && settings.summarize !== undefined) {
      result = await compactHistory(history, { ...settings, summarize: undefined });
    }
    if (result === undefined) return;
    history = result.messages;
    // The summary may have dropped the reminders: a skill may be suggested again.
    suggested.clear();
    emitEvent({
      type: "compacted",
      removedMessages: result.removedMessages,
      reattachedSkills: result.reattachedSkills,
      tokensBefore: result.tokensBefore,
      tokensAfter: result.tokensAfter,
    });
  };
  const finishEarly = (
    text: string,
    stoppedBy: AgentRunResult["stoppedBy"],
    error?: string,
    total: TokenUsage = { inputTokens: 0, outputTokens: 0 },
  ): AgentRunResult => {
    emitEvent(error === undefined ? { type: "run-end", stoppedBy } : { type: "run-end", stoppedBy, error });
    const result: AgentRunResult = {
      text,
      messages: [...history],
      steps: 0,
      usage: { perTurn: [], total },
      stoppedBy,
    };
    if (error !== undefined) result.error = error;
    return result;
  };

  /**
   * The person's message with this turn's skill suggestions after it. Called once per user turn:
   * tool-result turns and the provider's retries never come back here.
   */
  const withSuggestions = (prompt: string): string => {
    if (options.suggestions === undefined) return prompt;
    try {
      const skills = options.suggestions.suggest(prompt, {
        exclude: (name) => activations.isActive(name) || suggested.has(name),
      });
      if (skills.length === 0) return prompt;
      for (const skill of skills) suggested.add(skill.name);
      emitEvent({ type: "skills-suggested", skills: skills.map((skill) => skill.name) });
      return appendReminder(prompt, renderSuggestionReminder(skills));
    } catch {
      // Suggestions are a help: a failing search must not cost the person their turn.
      return prompt;
    }
  };

  /** Adds the prompt to the history; returns an early result when the run should not reach the model. */
  const acceptPrompt = async (prompt: string, signal?: AbortSignal): Promise<AgentRunResult | undefined> => {
    if (lifecycleHooks) {
      const outcome = await emitHook("user-prompt-submit", { prompt }, signal);
      if (outcome?.blocked) {
        const message = `The prompt was blocked by a hook: ${outcome.blocked.reason}`;
        return finishEarly(message, "error", message);
      }
    }
    if (options.skills === undefined) {
      history.push({ role: "user", content: withSuggestions(prompt) });
      return undefined;
    }
    const invocation = await invokeUserSkill(prompt, {
      ...options.userInvocation,
      skills: options.skills,
      runner: options.subAgents,
      sessionId,
      cwd: options.userInvocation?.cwd ?? options.cwd,
      signal,
    });
    switch (invocation.kind) {
      case "none":
        history.push({ role: "user", content: withSuggestions(prompt) });
        return undefined;
      case "refused":
        return finishEarly(invocation.message, "error", invocation.message);
      case "fork": {
        history.push(
          { role: "user", content: prompt },
          { role: "assistant", content: invocation.result.content },
        );
        const failed = invocation.result.isError === true;
        // The sub-agent's tokens, so callers counting usage see what the fork cost.
        const usage = invocation.result.metadata?.usage as TokenUsage | undefined;
        // A fork cut off by its step limit ends like a run that hit its own: callers (the CLI's exit code) tell.
        const stoppedBy: AgentRunResult["stoppedBy"] = failed
          ? "error"
          : invocation.result.metadata?.stoppedBy === "max-steps"
            ? "max-steps"
            : "end";
        return finishEarly(
          invocation.result.content,
          stoppedBy,
          failed ? invocation.result.content : undefined,
          usage,
        );
      }
      case "inline":
        await activateSkill(invocation.message.data, "user", signal);
        history.push(invocation.message);
        return undefined;
    }
  };

  return {
    sessionId,
    agentName,
    get messages() {
      return history;
    },
    async run(input, runOptions: RunOptions = {}) {
      if (closed) throw new SkillboxError("conflict", "This agent session is closed; create a new agent.");
      if (running) {
        throw new SkillboxError(
          "conflict",
          "This agent is already running; wait for the run to finish or create another agent.",
        );
      }
      running = true;
      const { signal } = runOptions;
      try {
        if (!started) {
          started = true;
          emitEvent({ type: "session-start", sessionId });
          if (lifecycleHooks) await emitHook("session-start", {}, signal);
        }
        if (typeof input === "string") {
          const early = await acceptPrompt(input, signal);
          if (early !== undefined) return early;
        } else {
          history = [...input];
        }
        return await runAgentLoop({
          options,
          permissions,
          sessionId,
          agentName,
          maxSteps: options.maxSteps ?? DEFAULT_MAX_STEPS,
          history: () => history,
          scopes: () => [...(options.permissionScopes ?? []), ...activations.scopes()],
          activateSkill,
          compact,
          emitEvent,
          signal,
        });
      } finally {
        running = false;
      }
    },
    compact: () => compact("manual"),
    async close(reason = "closed") {
      if (closed) return;
      closed = true;
      if (started && lifecycleHooks) await emitHook("session-end", { reason });
      activations.disposeAll();
    },
  };
}
