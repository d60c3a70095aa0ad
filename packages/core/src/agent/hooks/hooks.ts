// The hook bus: code and command hooks for the nine lifecycle events, run in registration order.
// Pre-tool hooks can block or rewrite a call's input, post-tool hooks rewrite its output; a hook
// that fails is reported and skipped, never fatal.
import type { SkillHookEntry } from "../../skills/skill-metadata.js";
import { claudeToolName, normalizeToolName } from "../permissions/claude-tool-names.js";
import { runCommandHook } from "./command-hook.js";
import {
  type HookEvent,
  type HookFailure,
  type HookHandler,
  type HookPayload,
  type HookResponse,
  parseHookEvent,
} from "./hook-events.js";

export type { HookEvent, HookFailure, HookHandler, HookPayload, HookResponse } from "./hook-events.js";
export { HOOK_EVENT_NAMES, HOOK_EVENTS, parseHookEvent } from "./hook-events.js";

/** A command entry in Claude Code's settings shape: `{ matcher, hooks: [{ type: "command", command, timeout }] }`. */
export interface ClaudeHookGroup {
  matcher?: string;
  hooks: { type?: string; command: string; timeout?: number }[];
}

/** Hooks from configuration, keyed by event in either spelling; entries in the skill or Claude Code shape. */
export type HookConfig = Record<string, (SkillHookEntry | ClaudeHookGroup)[]>;

/** Everything the handlers of one event decided. */
export interface HookOutcome {
  /** Set when a hook blocked; later hooks did not run. */
  blocked?: { reason: string; source: string };
  /** The input after every rewrite (pre-tool-use), when some hook rewrote it. */
  input?: Record<string, unknown>;
  /** The output after every rewrite (post-tool-use), when some hook rewrote it. */
  output?: string;
  failures: HookFailure[];
}

export interface HookBusOptions {
  /** Where command hooks run; default `process.cwd()`. */
  cwd?: string;
  /** Extra environment for command hooks. */
  env?: NodeJS.ProcessEnv;
  /** For command hooks without their own timeout; default 60 000 ms. */
  defaultTimeoutMs?: number;
  /** Told about each failed hook (and unknown event names in configuration). */
  onFailure?: (failure: HookFailure) => void;
  /**
   * Whether a skill's own `hooks:` may run. A skill's hooks are commands from whoever wrote the
   * skill (a cloned repository, say), so the workspace passes the person's "allow scripts" trust;
   * an untrusted skill's hooks are not registered and `onFailure` says so once. Default: trusted,
   * for library users who build their own bus from skills they control.
   */
  trustsSkill?: (name: string) => boolean;
}

/** Registers and runs hooks. Every `register…`/`on` returns a function that removes what it added. */
export interface HookBus {
  on(
    event: HookEvent | string,
    handler: HookHandler,
    options?: { matcher?: string; source?: string },
  ): () => void;
  /** Adds command hooks from settings. */
  registerConfig(config: HookConfig, options?: { cwd?: string; env?: NodeJS.ProcessEnv }): () => void;
  /** Adds a skill's `hooks:` for as long as the skill is active; dispose when it ends. */
  registerScoped(
    hooks: Record<string, SkillHookEntry[]>,
    options?: { skill?: string; skillDirectory?: string; cwd?: string },
  ): () => void;
  emit(
    event: HookEvent,
    payload: Omit<HookPayload, "event">,
    options?: { signal?: AbortSignal },
  ): Promise<HookOutcome>;
  /** True when at least one hook listens to the event. */
  has(event: HookEvent): boolean;
}

interface Registration {
  event: HookEvent;
  matcher?: string;
  source: string;
  handler: (payload: HookPayload, signal: AbortSignal | undefined) => Promise<HookOutcomeStep>;
}

type HookOutcomeStep = { response?: HookResponse } | { failure: string };

/** Creates an empty HookBus. */
export function createHookBus(options: HookBusOptions = {}): HookBus {
  const registrations: Registration[] = [];
  const defaultTimeoutMs = options.defaultTimeoutMs ?? 60_000;

  const add = (registration: Registration): (() => void) => {
    registrations.push(registration);
    return () => {
      const index = registrations.indexOf(registration);
      if (index >= 0) registrations.splice(index, 1);
    };
  };
  const resolveEvent = (name: string, source: string): HookEvent | undefined => {
    const event = parseHookEvent(name);
    if (event === undefined) {
      options.onFailure?.({ event: name, source, message: `Unknown hook event "${name}"; it was ignored.` });
    }
    return event;
  };
  const addCommand = (
    event: HookEvent,
    entry: { matcher?: string; command: string; timeoutMs?: number },
    context: { cwd?: string; env?: NodeJS.ProcessEnv },
  ): (() => void) =>
    add({
      event,
      matcher: entry.matcher,
      source: entry.command,
      handler: (payload, signal) =>
        runCommandHook(payload, {
          command: entry.command,
          timeoutMs: entry.timeoutMs ?? defaultTimeoutMs,
          cwd: context.cwd ?? options.cwd ?? process.cwd(),
          env: { ...options.env, ...context.env },
          signal,
        }),
    });
  const addEntries = (
    config: HookConfig,
    context: { cwd?: string; env?: NodeJS.ProcessEnv },
  ): (() => void) => {
    const disposers: (() => void)[] = [];
    for (const [name, entries] of Object.entries(config)) {
      const event = resolveEvent(name, "configuration");
      if (event === undefined || !Array.isArray(entries)) continue;
      for (const entry of entries) {
        if ("hooks" in entry && Array.isArray(entry.hooks)) {
          for (const hook of entry.hooks) {
            if (typeof hook?.command !== "string") continue;
            const timeoutMs = typeof hook.timeout === "number" ? hook.timeout * 1000 : undefined;
            disposers.push(
              addCommand(event, { matcher: entry.matcher, command: hook.command, timeoutMs }, context),
            );
          }
        } else if ("command" in entry && typeof entry.command === "string") {
          const timeoutMs =
            typeof entry.timeoutSeconds === "number" ? entry.timeoutSeconds * 1000 : undefined;
          disposers.push(
            addCommand(event, { matcher: entry.matcher, command: entry.command, timeoutMs }, context),
          );
        }
      }
    }
    return () => {
      for (const dispose of disposers) dispose();
    };
  };

  return {
    on(name, handler, handlerOptions = {}) {
      const event = resolveEvent(name, handlerOptions.source ?? "function");
      if (event === undefined) return () => undefined;
      return add({
        event,
        matcher: handlerOptions.matcher,
        source: handlerOptions.source ?? "function",
        handler: async (payload) => {
          try {
            return { response: (await handler(payload)) ?? undefined };
          } catch (error) {
            return { failure: `threw: ${error instanceof Error ? error.message : String(error)}` };
          }
        },
      });
    },
    registerConfig(config, context = {}) {
      return addEntries(config, context);
    },
    registerScoped(hooks, scope = {}) {
      if (scope.skill !== undefined && options.trustsSkill?.(scope.skill) === false) {
        const events = Object.keys(hooks);
        if (events.length > 0) {
          options.onFailure?.({
            event: events[0] ?? "",
            source: `skill ${scope.skill}`,
            message: `The hooks of skill "${scope.skill}" were not run: its code is not trusted. Run skillbox settings allow-scripts ${scope.skill} to trust it.`,
          });
        }
        return () => undefined;
      }
      const env: NodeJS.ProcessEnv = {};
      if (scope.skillDirectory !== undefined) {
        env.SKILL_DIR = scope.skillDirectory;
        env.CLAUDE_SKILL_DIR = scope.skillDirectory;
      }
      if (scope.skill !== undefined) env.SKILLBOX_SKILL = scope.skill;
      return addEntries(hooks, { cwd: scope.cwd, env });
    },
    has(event) {
      return registrations.some((registration) => registration.event === event);
    },
    async emit(event, base, emitOptions = {}) {
      const outcome: HookOutcome = { failures: [] };
      let payload: HookPayload = { ...base, event };
      // Snapshot: a hook that registers or disposes others does not change this round.
      for (const registration of registrations.filter((entry) => entry.event === event)) {
        if (!matchesHookMatcher(registration.matcher, matchTarget(payload))) continue;
        const step = await registration.handler(payload, emitOptions.signal);
        if ("failure" in step) {
          const failure = { event, source: registration.source, message: step.failure };
          outcome.failures.push(failure);
          options.onFailure?.(failure);
          continue;
        }
        const response = step.response;
        if (response === undefined) continue;
        if (response.decision === "block") {
          outcome.blocked = {
            reason: response.reason ?? `Blocked by hook ${registration.source}.`,
            source: registration.source,
          };
          return outcome;
        }
        if (response.input !== undefined && event === "pre-tool-use") {
          outcome.input = response.input;
          payload = { ...payload, input: response.input };
        }
        if (response.output !== undefined && event === "post-tool-use") {
          outcome.output = response.output;
          payload = { ...payload, output: response.output };
        }
      }
      return outcome;
    },
  };
}

/** What a matcher is compared with: the tool for tool events, the skill for skill and sub-agent events. */
function matchTarget(payload: HookPayload): string | undefined {
  if (payload.event === "pre-tool-use" || payload.event === "post-tool-use") return payload.tool;
  if (payload.event === "pre-compact") return payload.trigger;
  return payload.skill;
}

/**
 * Claude Code matchers: empty or `*` match everything; otherwise alternatives split on `|`, each a
 * tool name in either spelling (`Bash` matches `bash`) or a regular expression over the whole name.
 */
export function matchesHookMatcher(matcher: string | undefined, target: string | undefined): boolean {
  if (matcher === undefined || matcher.trim() === "" || matcher.trim() === "*") return true;
  if (target === undefined) return false;
  const candidates = [target, claudeToolName(target)];
  for (const alternative of matcher.split("|").map((part) => part.trim())) {
    if (alternative === "") continue;
    if (normalizeToolName(alternative) === target.toLowerCase()) return true;
    try {
      const expression = new RegExp(`^(?:${alternative})$`);
      if (candidates.some((candidate) => expression.test(candidate))) return true;
    } catch {
      // Not a valid regular expression: only the literal comparison above applies.
    }
  }
  return false;
}
