// The nine hook events, their Claude Code names, and the payload and answer every hook shares.

/**
 * Lifecycle events, noun-verb. Claude Code spells them in PascalCase; both spellings are accepted
 * in configuration: session-start = SessionStart, session-end = SessionEnd, user-prompt-submit =
 * UserPromptSubmit, pre-tool-use = PreToolUse, post-tool-use = PostToolUse, subagent-start =
 * SubagentStart, subagent-stop = SubagentStop, pre-compact = PreCompact, and skill-load = SkillLoad
 * (a Skillbox event with no Claude Code counterpart).
 */
export type HookEvent =
  | "session-start"
  | "session-end"
  | "user-prompt-submit"
  | "pre-tool-use"
  | "post-tool-use"
  | "skill-load"
  | "subagent-start"
  | "subagent-stop"
  | "pre-compact";

/** Every hook event with its Claude Code (PascalCase) name. */
export const HOOK_EVENT_NAMES: Readonly<Record<HookEvent, string>> = {
  "session-start": "SessionStart",
  "session-end": "SessionEnd",
  "user-prompt-submit": "UserPromptSubmit",
  "pre-tool-use": "PreToolUse",
  "post-tool-use": "PostToolUse",
  "skill-load": "SkillLoad",
  "subagent-start": "SubagentStart",
  "subagent-stop": "SubagentStop",
  "pre-compact": "PreCompact",
};

/** The nine events in lifecycle order. */
export const HOOK_EVENTS = Object.keys(HOOK_EVENT_NAMES) as HookEvent[];

/** Reads an event name in either spelling (`pre-tool-use`, `PreToolUse`, `preToolUse`); undefined when unknown. */
export function parseHookEvent(name: string): HookEvent | undefined {
  const key = name.replace(/[-_\s]/g, "").toLowerCase();
  return HOOK_EVENTS.find((event) => event.replace(/-/g, "") === key);
}

/** What a hook is told. Fields beyond `event`, `sessionId` and `agentName` depend on the event. */
export interface HookPayload {
  event: HookEvent;
  sessionId: string;
  agentName: string;
  cwd?: string;
  /** pre-tool-use, post-tool-use. */
  tool?: string;
  input?: Record<string, unknown>;
  /** post-tool-use: the result the model will see. */
  output?: string;
  isError?: boolean;
  /** user-prompt-submit. */
  prompt?: string;
  /** skill-load, subagent-start, subagent-stop: the skill, when there is one. */
  skill?: string;
  /** subagent-start: the task given to the sub-agent. */
  task?: string;
  /** subagent-stop: the sub-agent's result, and why it stopped. */
  result?: string;
  stoppedBy?: string;
  /** pre-compact: "auto" (budget exceeded) or "manual". */
  trigger?: "auto" | "manual";
  /** session-end: why the session ended. */
  reason?: string;
}

/**
 * What a hook may answer. `decision: "block"` stops a tool call (pre-tool-use), a prompt
 * (user-prompt-submit) or a sub-agent (subagent-start); `input` rewrites a tool's input
 * (pre-tool-use); `output` rewrites its result (post-tool-use).
 */
export interface HookResponse {
  decision?: "block" | "allow";
  reason?: string;
  input?: Record<string, unknown>;
  output?: string;
}

/** A hook written in code. Returning nothing means "carry on". */
export type HookHandler = (
  payload: HookPayload,
) => HookResponse | undefined | Promise<HookResponse | undefined>;

/** A hook that failed (threw, timed out, exited non-zero or answered nonsense); reported, never fatal. */
export interface HookFailure {
  /** The event, or the unknown name as written in configuration. */
  event: HookEvent | (string & {});
  /** The command line, or "function" for code hooks. */
  source: string;
  message: string;
}
