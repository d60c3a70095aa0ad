// What the skill tools need to run a `context: fork` skill: a runner that starts a sub-agent. The
// agent implements it (agent/sub-agents/create-sub-agent-runner.ts); tools only call it.

import type { SkillHookEntry } from "../skills/skill-metadata.js";
import type { ToolResult } from "./define-tool.js";

/** One sub-agent job: a forked skill (skillName + body) or a general task. */
export interface SubAgentRequest {
  skillName?: string;
  /** The skill body after substitution; becomes the system prompt. */
  body?: string;
  /** The skill's folder, named in the prompt so relative paths in the body resolve. */
  baseDirectory?: string;
  /** What to do; the first user message. Defaults to following the skill's instructions. */
  task?: string;
  /** Claude Code or Skillbox names; empty means every tool (except `task`). */
  allowedTools?: string[];
  disallowedTools?: string[];
  /** Default 5, clamped to 1..10 (see clampSubAgentSteps). */
  maxSteps?: number;
  /** A model alias (`haiku`, `sonnet`, `opus`, `inherit`) or a model id. */
  model?: string;
  /** The parent's session, so the audit log groups the sub-agent's calls with it. */
  sessionId?: string;
  /** The skill's `hooks:`, registered while the sub-agent runs. */
  hooks?: Record<string, SkillHookEntry[]>;
  signal?: AbortSignal;
}

/** Runs sub-agents. The load_skill tool, the task tool and `/name` invocations take one of these. */
export interface SubAgentRunner {
  run(request: SubAgentRequest): Promise<ToolResult>;
}

/** Default and ceiling of a sub-agent's steps. */
export const SUB_AGENT_DEFAULT_STEPS = 5;
export const SUB_AGENT_MAX_STEPS = 10;

/** A step count as a sub-agent gets it: whole numbers from 1 to 10, default 5 for anything else. */
export function clampSubAgentSteps(requested: unknown): number {
  if (typeof requested !== "number" || !Number.isFinite(requested)) return SUB_AGENT_DEFAULT_STEPS;
  return Math.min(SUB_AGENT_MAX_STEPS, Math.max(1, Math.floor(requested)));
}
