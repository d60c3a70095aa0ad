// The reference's `to-prompt` catalog format, exactly: one element per line, HTML-escaped like
// Python's html.escape, with the location escaped too (the reference forgets to) (pure).

import { escapeXml } from "./escape-text.js";

export { escapeXml };

/** One catalog entry. */
export interface AvailableSkillEntry {
  name: string;
  description: string;
  /** Absolute path of the SKILL.md. */
  location: string;
}

/** `<available_skills>` with one `<skill>` per entry, lines joined by `\n`, no trailing newline. */
export function renderAvailableSkillsXml(entries: readonly AvailableSkillEntry[]): string {
  const lines = ["<available_skills>"];
  for (const entry of entries) {
    lines.push(
      "<skill>",
      "<name>",
      escapeXml(entry.name),
      "</name>",
      "<description>",
      escapeXml(entry.description.trim()),
      "</description>",
      "<location>",
      escapeXml(entry.location),
      "</location>",
      "</skill>",
    );
  }
  lines.push("</available_skills>");
  return lines.join("\n");
}
