// Finds the skill bodies in the history — load_skill results and `/name` user messages — from the
// `skill-loaded` data they carry, so compaction can re-attach them. Nothing here reads the text.

import type { ChatMessage } from "@skillbox/core/agent/providers/provider";
import type { SkillLoaded } from "@skillbox/core/tools/skill-loaded";

/** A skill body found in one message: the skill, and the text the model saw. */
export interface RecognizedSkillLoad {
  skill: string;
  content: string;
  data: SkillLoaded;
  /** A load_skill result's metadata (for an MCP skill: its server and base URI), kept when re-attached. */
  metadata?: Record<string, unknown>;
}

/**
 * The skill whose body a message carries, or undefined. Failed results, fork reports and "already
 * loaded" notes carry no `skill-loaded` data, so they never count.
 */
export function recognizeSkillLoad(message: ChatMessage): RecognizedSkillLoad | undefined {
  if (message.role === "assistant" || message.data?.kind !== "skill-loaded") return undefined;
  if (message.role === "tool" && message.isError) return undefined;
  const load: RecognizedSkillLoad = {
    skill: message.data.name,
    content: message.content,
    data: message.data,
  };
  if (message.role === "tool" && message.metadata !== undefined) load.metadata = message.metadata;
  return load;
}
