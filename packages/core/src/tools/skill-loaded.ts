// What loading a skill put into the conversation, as typed data beside the text: the agent reads it
// to activate the skill (permission scope, hooks) and compaction to re-attach it, without parsing.

import type { SkillHookEntry } from "../skills/skill-metadata.js";

/** A skill whose instructions are now in the conversation (load_skill's result, or a `/name` message). */
export interface SkillLoaded {
  kind: "skill-loaded";
  name: string;
  /** The skill's folder (for MCP skills, the base URI its files are read against). */
  skillDir: string;
  /** The body as the model received it (variables and arguments substituted). */
  body: string;
  /** Tools the skill pre-approves while it is active, in Claude Code or Skillbox spelling. */
  allowedTools: string[];
  /** Tools the skill forbids while it is active. */
  disallowedTools: string[];
  /** The skill's `hooks:`, registered while it is active. */
  hooks?: Record<string, SkillHookEntry[]>;
}
