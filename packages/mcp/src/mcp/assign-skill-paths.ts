// Where each served skill lives under `skill://`: its plain name, or — when two served skills share a
// name — the registry's qualified form turned into a path prefix, so both stay reachable (SEP-2640:
// the last segment is always the skill's name; earlier segments are a free prefix).

import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";

/** The URI scheme every served skill uses. */
export const SKILL_SCHEME = "skill://";

/** One skill's place in the `skill://` namespace. */
export interface SkillPath {
  record: SkillRecord;
  /** Path segments, the last one the skill's name (`["bundled", "refunds"]`). */
  segments: string[];
  /** `skill://<segments>/SKILL.md`. */
  uri: string;
  /** `skill://<segments>`, the skill's root directory (no trailing slash). */
  rootUri: string;
}

/** A record that cannot be served over the extension, and why. */
export interface UnservableSkill {
  record: SkillRecord;
  reason: string;
}

/** The Agent Skills name rule the SDK enforces on the last path segment. */
const SPEC_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Paths for `records`, sorted by URI (code-unit order, as the SDK pages). Names that break the Agent
 * Skills naming rule cannot end a `skill://` path and come back in `unservable`. A name held by one
 * record maps to `skill://<name>`; a name held by several maps each to `skill://<label…>/<name>`, from
 * the record's root label (`project:.claude` → `project/claude`), numbered when still not unique.
 */
export function assignSkillPaths(records: readonly SkillRecord[]): {
  paths: SkillPath[];
  unservable: UnservableSkill[];
} {
  const unservable: UnservableSkill[] = [];
  const byName = new Map<string, SkillRecord[]>();
  for (const record of records) {
    if (record.name.length > 64 || !SPEC_NAME.test(record.name)) {
      unservable.push({
        record,
        reason: `"${record.name}" is not an Agent Skills name (1-64 lowercase letters, digits and single hyphens), so it cannot end a skill:// path`,
      });
      continue;
    }
    const group = byName.get(record.name);
    if (group === undefined) byName.set(record.name, [record]);
    else group.push(record);
  }
  const taken = new Set<string>();
  const paths: SkillPath[] = [];
  // Single names first, so a qualified prefix can never take a plain skill's place.
  for (const [name, group] of byName) {
    if (group.length === 1) paths.push(toPath(group[0] as SkillRecord, [name], taken));
  }
  for (const [name, group] of byName) {
    if (group.length === 1) continue;
    for (const record of group) paths.push(toPath(record, [...prefixOf(record), name], taken));
  }
  paths.sort((left, right) => (left.uri < right.uri ? -1 : left.uri > right.uri ? 1 : 0));
  return { paths, unservable };
}

function toPath(record: SkillRecord, wanted: string[], taken: Set<string>): SkillPath {
  let segments = wanted;
  for (let copy = 2; taken.has(segments.join("/")); copy++) {
    segments = [...wanted.slice(0, -1), `copy-${copy}`, wanted.at(-1) as string];
  }
  const key = segments.join("/");
  taken.add(key);
  const rootUri = `${SKILL_SCHEME}${key}`;
  return { record, segments, uri: `${rootUri}/SKILL.md`, rootUri };
}

/** Path segments from the record's root label (and its `#N` suffix within one root). */
function prefixOf(record: SkillRecord): string[] {
  const segments = record.root.label
    .split(/[:/\\]/)
    .map(slugSegment)
    .filter((segment) => segment !== "");
  if (segments.length === 0) segments.push("root");
  const copy = /#(\d+)$/.exec(record.qualifiedName)?.[1];
  if (copy !== undefined) segments.push(`copy-${copy}`);
  return segments;
}

/** Lowercase, URI-safe without escaping, no leading dots (`.claude` → `claude`). */
function slugSegment(segment: string): string {
  return segment
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, "-")
    .replace(/^[.-]+/, "")
    .replace(/-+$/, "");
}
