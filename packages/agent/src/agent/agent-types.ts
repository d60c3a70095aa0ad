// The shapes an agent run takes and gives back: options, events, results.

import type { HookBus, HookFailure } from "@skillbox/core/agent/hooks/hooks";
import type {
  PermissionAnswer,
  PermissionPolicy,
  PermissionQuestion,
  PermissionScope,
} from "@skillbox/core/agent/permissions/permissions";
import type {
  ChatMessage,
  ChatProvider,
  TokenUsage,
  ToolCall,
} from "@skillbox/core/agent/providers/provider";
import type {
  SkillSuggestion,
  SuggestOptions,
} from "@skillbox/core/agent/suggestions/create-skill-suggester";
import type { SystemSection } from "@skillbox/core/agent/system-prompt";
import type { AuditLog, AuditStatus } from "@skillbox/core/store/audit-log";
import type { Tool, ToolResult } from "@skillbox/core/tools/define-tool";
import type { SubAgentRunner } from "@skillbox/core/tools/sub-agent-runner";
import type { LOAD_SKILL_TOOL } from "@skillbox/core/tools/tool-names";
import type { CompactionOptions } from "./compaction/compact-history.js";
import type { SkillSource, UserInvocationOptions } from "./invocation/user-invocation.js";

/** How a skill came into the conversation: the model's load_skill call, or the user's `/name`. */
export type SkillActivationSource = typeof LOAD_SKILL_TOOL | "user";

/** Why a run ended. */
export type StopReason = "end" | "max-steps" | "aborted" | "error";

/** Something that happened during a run, for progress displays and logs. */
export type AgentEvent =
  | { type: "session-start"; sessionId: string }
  | { type: "turn-start"; step: number }
  | { type: "text-delta"; step: number; delta: string }
  | { type: "turn-end"; step: number; text: string; toolCalls: ToolCall[]; usage: TokenUsage }
  | { type: "tool-start"; step: number; call: ToolCall }
  | {
      type: "tool-end";
      step: number;
      call: ToolCall;
      result: ToolResult;
      status: AuditStatus;
      durationMs: number;
    }
  | { type: "skill-activated"; skill: string; via: SkillActivationSource }
  /** Skills offered in a reminder appended to this user turn's message. */
  | { type: "skills-suggested"; skills: string[] }
  | {
      type: "compacted";
      removedMessages: number;
      reattachedSkills: string[];
      tokensBefore: number;
      tokensAfter: number;
    }
  | { type: "hook-failed"; failure: HookFailure }
  | { type: "run-end"; stoppedBy: StopReason; error?: string };

/** Everything `createAgent` takes. Only `provider` and `model` are required. */
export interface AgentOptions {
  provider: ChatProvider;
  model: string;
  tools?: Tool[];
  /** Rendered into the system prompt every turn, in order. */
  systemSections?: SystemSection[];
  /** Model calls per run; default 25. */
  maxSteps?: number;
  /** Passed to the provider as the answer's token limit. */
  maxTokens?: number;
  hooks?: HookBus;
  /**
   * Default: a policy with no rules, so tools that run code (bash) are asked about through `onAsk`
   * and every other tool is allowed.
   */
  permissions?: PermissionPolicy;
  /**
   * Asked about `ask` decisions of the default policy (ignored when `permissions` is given: a policy
   * brings its own). Without it such calls are refused with a hint naming the rule that allows them.
   */
  onAsk?: (question: PermissionQuestion) => Promise<PermissionAnswer>;
  audit?: AuditLog;
  /** Default: a random UUID. */
  sessionId?: string;
  /** Default "main". */
  agentName?: string;
  /** Working directory handed to tools and hooks. */
  cwd?: string;
  onEvent?: (event: AgentEvent) => void;
  /** History compaction; on by default with the defaults of CompactionOptions, `false` turns it off. */
  compaction?: CompactionOptions | false;
  /** Where `/name` invocations are looked up (loaded skills bring their allowed-tools and hooks as data). */
  skills?: SkillSource;
  /** Runs forked skills invoked with `/name`. */
  subAgents?: SubAgentRunner;
  /** Settings for `/name` invocations (shell lines, timeouts). */
  userInvocation?: Omit<UserInvocationOptions, "skills" | "runner" | "sessionId">;
  /**
   * Suggests skills for each user turn (see createSkillSuggester): the chosen skills go in a
   * `<system-reminder>` after the person's message, never in the system prompt. Skills loaded or
   * already suggested in the session are not suggested again.
   */
  suggestions?: { suggest(text: string, options: SuggestOptions): readonly SkillSuggestion[] };
  /** Skill scopes active for the whole session from the start (sub-agents get their skill's scope here). */
  permissionScopes?: PermissionScope[];
  /** Fire session-start, session-end and user-prompt-submit; default true (sub-agents turn it off). */
  lifecycleHooks?: boolean;
  /** Clock for durations; injectable for tests. */
  now?: () => number;
}

/** Token usage of every model call in a run and their sum. */
export interface RunUsage {
  perTurn: TokenUsage[];
  total: TokenUsage;
}

/** What `agent.run` resolves to. It never rejects for model or tool failures; those end with `stoppedBy: "error"`. */
export interface AgentRunResult {
  /** The final answer: the last assistant text (for max-steps or errors, the last non-empty one). */
  text: string;
  /** The whole conversation after the run. */
  messages: ChatMessage[];
  /** Model calls made. */
  steps: number;
  usage: RunUsage;
  stoppedBy: StopReason;
  /** Set when stoppedBy is "error": what went wrong, in a sentence. */
  error?: string;
}

export interface RunOptions {
  signal?: AbortSignal;
}

/** A conversation with a model that can call tools. Runs are sequential; history carries over. */
export interface Agent {
  readonly sessionId: string;
  readonly agentName: string;
  /** The conversation so far. */
  readonly messages: readonly ChatMessage[];
  /** A string is a new user message appended to the history; an array replaces the history. */
  run(input: string | ChatMessage[], options?: RunOptions): Promise<AgentRunResult>;
  /** Compacts the history now (pre-compact hook with trigger "manual"). */
  compact(): Promise<void>;
  /** Ends the session: fires session-end and drops the grants and hooks of skills loaded in it. */
  close(reason?: string): Promise<void>;
}
