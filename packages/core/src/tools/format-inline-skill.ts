// The text an inline load_skill returns: seed 000's heading, base directory, body and allowed-tools
// note, wrapped in seed 004's `<skill name="…">` tag, with a short list of the skill's other files.

import type { SkillFileListing } from "./list-skill-files.js";

/** What goes into an inline skill load. */
export interface InlineSkillParts {
  name: string;
  description: string;
  /** The skill's base: its folder on disk, or the location a front end presents (a `skill://` URI). */
  directory: string;
  /** Said before the body (e.g. that a fork skill is meant for a sub-agent). */
  note?: string;
  /** The body after substitution. */
  body: string;
  allowedTools: readonly string[];
  /** Other files of the skill (Layer 3), or undefined to leave the section out. */
  files?: SkillFileListing;
  /** The tool that reads them; default `read_skill_file`. */
  readToolName?: string;
}

/** Renders the inline load result (see the module comment). */
export function formatInlineSkill(parts: InlineSkillParts): string {
  const description = parts.description.replace(/\s+/g, " ").trim();
  const heading = description === "" ? `# Skill: ${parts.name}` : `# Skill: ${parts.name} (${description})`;
  const sections = [
    `${heading}\n\nBase directory for this skill: ${parts.directory}\nRelative paths in this skill refer to that directory.`,
    ...(parts.note === undefined ? [] : [parts.note]),
    parts.body.trim(),
  ];
  if (parts.allowedTools.length > 0) {
    sections.push(
      `Allowed tools for this skill: ${parts.allowedTools.join(", ")}. Use these tools to follow its instructions.`,
    );
  }
  const files = parts.files;
  if (files !== undefined && files.files.length > 0) {
    const readTool = parts.readToolName ?? "read_skill_file";
    const lines = files.files.map((file) => `- ${file}`);
    if (files.more > 0) lines.push(`- … and ${files.more} more`);
    sections.push(
      `Other files in this skill (read one with ${readTool} when the instructions call for it):\n${lines.join("\n")}`,
    );
  }
  return `<skill name="${escapeAttribute(parts.name)}">\n${sections.filter((section) => section !== "").join("\n\n")}\n</skill>`;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
