// Recognises skill bodies in the history — load_skill tool results and `<skill name="…">` user
// messages from /name invocations — so they can be re-attached after compaction and scoped.
import type { ChatMessage } from "../providers/provider.js";

/** The name of the tool that loads a skill into the conversation. */
export const LOAD_SKILL_TOOL = "load_skill";

/** A skill body found in one message. */
export interface RecognizedSkillLoad {
  skill: string;
  content: string;
  metadata?: Record<string, unknown>;
}

/**
 * The skills whose bodies a message carries. A load_skill result counts unless it failed or ran
 * the skill in a fork (then it holds a report, not a body). The skill's name is read from the
 * metadata (`skill`, `skillName` or `name`), else from a `<skill name="…">` wrapper.
 */
export function recognizeSkillLoads(message: ChatMessage): RecognizedSkillLoad[] {
  if (message.role === "tool") {
    if (message.toolName !== LOAD_SKILL_TOOL || message.isError) return [];
    const metadata = message.metadata ?? {};
    if (metadata.context === "fork" || metadata.execution_mode === "subagent") return [];
    const named = [metadata.skill, metadata.skillName, metadata.skill_name, metadata.name].find(
      (value): value is string => typeof value === "string" && value !== "",
    );
    const skill = named ?? /<skill name="([^"]+)"/.exec(message.content)?.[1];
    if (skill === undefined) return [];
    return [{ skill, content: message.content, metadata }];
  }
  if (message.role !== "user" || !message.content.includes("<skill name=")) return [];
  const found: RecognizedSkillLoad[] = [];
  for (const match of message.content.matchAll(/<skill name="([^"]+)"[^>]*>[\s\S]*?<\/skill>/g)) {
    found.push({ skill: match[1] as string, content: match[0] });
  }
  return found;
}
