// The size limits of local skills, applied to skills from MCP servers: a SKILL.md over 1 MiB is
// skipped with discovery's file-too-large diagnostic, and a supporting file gets read_skill_file's cap.
// Listings carry every file's size, so an oversized file is refused before any request for it.

import type { Skill } from "@modelcontextprotocol/client/ext/skills";
import { DEFAULT_MAX_SKILL_FILE_BYTES } from "@skillbox/core/skills/load-skill-text";
import { DEFAULT_MAX_FILE_BYTES } from "@skillbox/core/tools/read-skill-file";

/** The skill a file belongs to: its SKILL.md URI and its root (an McpSkillEntry fits). */
interface SkillPlace {
  readonly uri: string;
  readonly rootUri: string;
}

/**
 * The limits of local skills: a SKILL.md over 1 MiB is skipped (as discovery skips it), and a
 * supporting file gets read_skill_file's cap. Over MCP a file is verified whole, so past its cap it
 * is refused rather than cut.
 */
export function mcpFileLimit(held: SkillPlace, uri: string): number {
  return uri === held.uri ? DEFAULT_MAX_SKILL_FILE_BYTES : DEFAULT_MAX_FILE_BYTES;
}

/**
 * The local limits' wording (SKILL.md as discovery says it, a supporting file as read_skill_file's
 * cap), for a file an MCP entry lists over them; nothing of it is fetched.
 */
export function describeTooLarge(held: SkillPlace, uri: string, size: number, maxBytes: number): string {
  return uri === held.uri
    ? describeOversizedSkillFile(size)
    : `${uri.slice(held.rootUri.length + 1)} is ${size} bytes, over the ${maxBytes}-byte limit for a skill file; it is not fetched (a digest is checked on the whole file, so no part of it is shown)`;
}

/** Discovery's file-too-large message, for a SKILL.md an MCP server lists over the local limit. */
export function describeOversizedSkillFile(size: number): string {
  return `SKILL.md is ${size} bytes, over the ${DEFAULT_MAX_SKILL_FILE_BYTES}-byte limit; the skill is skipped (its server should move content to references/)`;
}

/** The listed size of a skill's SKILL.md, when the entry lists it over the local limit. */
export function oversizedSkillFile(skill: Skill): number | undefined {
  if (skill.resources === "dynamic") return undefined;
  const size = skill.resources.find((item) => item.uri === skill.uri)?.size;
  return size !== undefined && size > DEFAULT_MAX_SKILL_FILE_BYTES ? size : undefined;
}
