// The reminder a user turn carries: the suggested skills with their descriptions, inside a
// `<system-reminder>` block appended to the person's message (as Claude Code adds context to a turn),
// so the system prompt and the cached prefix stay as they were.

import { collapseToLine, truncateText } from "../../prompt/escape-text.js";
import { LOAD_SKILL_TOOL } from "../../tools/tool-names.js";

/** What a reminder needs of a suggestion. */
export interface ReminderSkill {
  name: string;
  description: string;
}

const MAX_DESCRIPTION = 300;

/** The reminder text for `skills`, or "" when there are none. */
export function renderSuggestionReminder(
  skills: readonly ReminderSkill[],
  loadToolName: string = LOAD_SKILL_TOOL,
): string {
  if (skills.length === 0) return "";
  const lines = skills.map(
    (skill) =>
      `- ${neutralise(skill.name)}: ${neutralise(truncateText(collapseToLine(skill.description), MAX_DESCRIPTION))}`,
  );
  return [
    "<system-reminder>",
    `Skills that may fit this request (from a search of the skill library; call ${loadToolName} with one before starting if it applies, ignore them if not):`,
    ...lines,
    "</system-reminder>",
  ].join("\n");
}

/** The message with the reminder after it (unchanged when the reminder is empty). */
export function appendReminder(message: string, reminder: string): string {
  return reminder === "" ? message : `${message}\n\n${reminder}`;
}

/** A description may not close the block early or open another. */
function neutralise(text: string): string {
  return text.replace(/<(\/?)system-reminder/gi, "‹$1system-reminder");
}
