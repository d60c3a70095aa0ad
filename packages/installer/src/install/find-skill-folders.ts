// Finds the skill folders of a source listing: every folder holding a SKILL.md (or skill.md), not
// below another skill, outside node_modules, at most 8 folders deep, limited to a subpath if given.
import { isInsideFolder } from "./check-entry-path.js";
import type { SnapshotEntry } from "./source-snapshot.js";

/** One skill folder (`""` = the source root) and the file that makes it one. */
export interface SkillFolder {
  folder: string;
  skillFile: string;
}

const SKIPPED_SEGMENTS = new Set(["node_modules", "__pycache__", ".git"]);
const MAX_DEPTH = 8;

/** The skill folders under `subpath` (default the root), outermost first, sorted by path. */
export function findSkillFolders(entries: readonly SnapshotEntry[], subpath = ""): SkillFolder[] {
  const byFolder = new Map<string, string>();
  for (const entry of entries) {
    if (entry.kind !== "file" && entry.kind !== "symlink") continue;
    const slash = entry.path.lastIndexOf("/");
    const base = entry.path.slice(slash + 1);
    if (base !== "SKILL.md" && base !== "skill.md") continue;
    const folder = slash === -1 ? "" : entry.path.slice(0, slash);
    const segments = folder === "" ? [] : folder.split("/");
    if (segments.length > MAX_DEPTH || segments.some((segment) => SKIPPED_SEGMENTS.has(segment))) continue;
    if (!isInsideFolder(folder, subpath)) continue;
    // SKILL.md wins over skill.md in the same folder.
    if (base === "SKILL.md" || !byFolder.has(folder)) byFolder.set(folder, entry.path);
  }
  const folders = [...byFolder.keys()].sort(
    (left, right) => depth(left) - depth(right) || compare(left, right),
  );
  const kept: SkillFolder[] = [];
  for (const folder of folders) {
    if (kept.some((outer) => folder !== outer.folder && isInsideFolder(folder, outer.folder))) continue;
    kept.push({ folder, skillFile: byFolder.get(folder) ?? `${folder}/SKILL.md` });
  }
  return kept.sort((left, right) => compare(left.folder, right.folder));
}

function depth(folder: string): number {
  return folder === "" ? 0 : folder.split("/").length;
}

function compare(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
