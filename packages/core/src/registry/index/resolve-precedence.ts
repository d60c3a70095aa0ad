// Name collisions: the higher root wins; within a root the first folder in path order wins.

import type { Diagnostic } from "../../skills/diagnostic.js";
import type { SkillFileEntry } from "../discovery/load-skill-entry.js";
import type { SkillRoot } from "../discovery/skill-roots.js";
import type { SkillRecord } from "./skill-record.js";

/** A record and the index entry it was made from. */
export interface ResolvedSkill {
  record: SkillRecord;
  entry: SkillFileEntry;
}

/** Precedence order: root first, then depth-first path order inside the root. */
export function compareEntries(left: SkillFileEntry, right: SkillFileEntry): number {
  if (left.rootIndex !== right.rootIndex) return left.rootIndex - right.rootIndex;
  return left.orderKey < right.orderKey ? -1 : left.orderKey > right.orderKey ? 1 : 0;
}

/**
 * The records for every loadable entry sharing one `name`, winner first. A previous record is
 * reused (same object) when nothing about it changed, so listeners can compare by identity.
 */
export function resolveNameGroup(
  name: string,
  entries: readonly SkillFileEntry[],
  roots: readonly SkillRoot[],
  isActivated: (file: string) => boolean,
  previous: (qualifiedName: string) => ResolvedSkill | undefined,
): ResolvedSkill[] {
  const sorted = entries.length > 1 ? [...entries].sort(compareEntries) : entries;
  const winner = sorted[0];
  if (winner === undefined) return [];
  // Names are nearly always unique: a count per root is needed only when several entries share one.
  const perRoot = sorted.length > 1 ? new Map<number, number>() : undefined;
  const resolved: ResolvedSkill[] = [];
  let winnerQualified = "";
  let rootWinnerFile = "";
  for (const entry of sorted) {
    const root = roots[entry.rootIndex] ?? { label: "root", path: "", scope: "custom" as const };
    const seen = perRoot === undefined ? 1 : (perRoot.get(entry.rootIndex) ?? 0) + 1;
    perRoot?.set(entry.rootIndex, seen);
    const qualifiedName = seen === 1 ? `${root.label}:${name}` : `${root.label}:${name}#${seen}`;
    if (seen === 1) rootWinnerFile = entry.file;
    if (entry === winner) winnerQualified = qualifiedName;
    const shadowed = entry !== winner;
    const extra: Diagnostic[] = [];
    if (seen > 1) {
      extra.push({
        severity: "warning",
        code: "duplicate-name",
        message: `Another skill in the same root, ${rootWinnerFile}, is also named \`${name}\` and comes first in path order; rename one of them. This one stays reachable as \`${qualifiedName}\`.`,
        path: entry.file,
      });
    } else if (shadowed) {
      extra.push({
        severity: "warning",
        code: "shadowed",
        message: `A skill named \`${name}\` in a higher-precedence root (${winner.file}) wins; this one stays reachable as \`${qualifiedName}\`.`,
        path: entry.file,
      });
    }
    const activated = entry.metadata.paths.length > 0 && isActivated(entry.file);
    const shadowedBy = shadowed ? winnerQualified : undefined;
    const old = previous(qualifiedName);
    if (
      old !== undefined &&
      old.entry === entry &&
      old.record.shadowedBy === shadowedBy &&
      old.record.activated === activated &&
      sameDiagnostics(old.record.diagnostics.slice(entry.diagnostics.length), extra)
    ) {
      resolved.push(old);
      continue;
    }
    const record: SkillRecord = {
      name,
      qualifiedName,
      metadata: entry.metadata,
      directory: entry.directory,
      file: entry.file,
      root,
      diagnostics: extra.length === 0 ? entry.diagnostics : [...entry.diagnostics, ...extra],
      shadowed,
      shadowedBy,
      conditional: entry.metadata.paths.length > 0,
      activated,
      size: entry.stamp.size,
      modifiedAt: entry.stamp.mtimeMs,
      firstSeenAt: entry.firstSeenAt,
    };
    resolved.push({ record, entry });
  }
  return resolved;
}

function sameDiagnostics(left: readonly Diagnostic[], right: readonly Diagnostic[]): boolean {
  if (left.length !== right.length) return false;
  return left.every(
    (item, index) => item.code === right[index]?.code && item.message === right[index]?.message,
  );
}
