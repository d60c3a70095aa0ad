// How the skill tools name a skill's folder to the model. Locally that is its path on disk; a front
// end that serves skills to someone else's machine (the MCP server) names the skill's `skill://`
// URI instead, so the answers never show the server's folders.

import type { SkillRecord } from "../registry/index/skill-record.js";

/**
 * The base the model resolves a skill's relative paths against: its folder on disk by default, or
 * what a front end supplies (e.g. `skill://notes/`). Used for "Base directory for this skill",
 * `${SKILL_DIR}` and every message that would otherwise name the folder.
 */
export type PresentSkillLocation = (record: SkillRecord) => string;

/** The local default: the folder itself. */
export const presentOnDisk: PresentSkillLocation = (record) => record.directory;

/**
 * `text` with the skill's folder on disk (as recorded, and as `realDirectory` when it differs)
 * replaced by its presented base: error messages from lower floors name absolute paths.
 */
export function presentPathsIn(
  text: string,
  record: SkillRecord,
  present: PresentSkillLocation,
  realDirectory?: string,
): string {
  const base = present(record);
  if (base === record.directory) return text;
  let result = text;
  // Longest first, so a folder whose real path extends the recorded one is replaced whole.
  const folders = [record.directory, realDirectory]
    .filter((folder): folder is string => folder !== undefined && folder !== "")
    .sort((left, right) => right.length - left.length);
  for (const folder of folders) {
    // The folder itself, or followed by a separator; never a longer name (`/s1` in `/s10`).
    const pattern = new RegExp(`${escapeRegExp(folder)}(?:[\\\\/]+|(?![\\w.-]))`, "g");
    result = result.replace(pattern, () => base);
  }
  return result;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
