// The key a skill's usage is recorded under.

import type { SkillRecord } from "./index/skill-record.js";

/** The plain name, or the qualified name for a shadowed skill (so a hidden copy keeps its own count). */
export function usageKeyOf(record: SkillRecord): string {
  return record.shadowed ? record.qualifiedName : record.name;
}
