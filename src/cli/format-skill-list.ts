// The `/skills` listing of `skillbox chat`: the skills you can use first, each marked when only the
// model or only the person may use it, then the ones switched off.

import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";
import type { SkillRegistry } from "@skillbox/core/registry/skill-registry-types";
import type { SkillState } from "@skillbox/core/store/skill-state";
import { escapeTerminalLine } from "./escape-terminal-text.js";

/** `/name  description` lines; `stateOf` is the workspace's per-skill state. */
export function formatSkillList(registry: SkillRegistry, stateOf: (name: string) => SkillState): string {
  const records = registry.list({ includeShadowed: false });
  if (records.length === 0) return "No skills found. Add folders with SKILL.md files to a skill root.\n";
  const isOff = (record: SkillRecord) => stateOf(record.name) === "off";
  const ordered = [...records.filter((record) => !isOff(record)), ...records.filter(isOff)];
  const labels = ordered.map((record) =>
    escapeTerminalLine(registry.isUserInvocable(record) ? `/${record.name}` : record.name),
  );
  const width = Math.min(32, Math.max(...labels.map((label) => label.length)));
  const lines = ordered.map((record, index) => {
    const description = record.metadata.description.replace(/\s+/g, " ");
    const short = escapeTerminalLine(description.length > 80 ? `${description.slice(0, 79)}…` : description);
    return `  ${(labels[index] as string).padEnd(width)}  ${short}${describeAccess(registry, record, isOff(record))}`;
  });
  const usable = records.length - records.filter(isOff).length;
  return `Skills (${usable} on, ${records.length - usable} off):\n${lines.join("\n")}\n`;
}

/** How many skills are not switched off, for the chat's greeting. */
export function countUsableSkills(registry: SkillRegistry, stateOf: (name: string) => SkillState): number {
  return registry.list({ includeShadowed: false }).filter((record) => stateOf(record.name) !== "off").length;
}

function describeAccess(registry: SkillRegistry, record: SkillRecord, off: boolean): string {
  if (off) return " (off)";
  const userInvocable = registry.isUserInvocable(record);
  if (record.conditional && !record.activated)
    return " (offered to the model once matching files are touched)";
  if (!userInvocable) return " (model only)";
  if (!registry.isModelInvocable(record)) return " (only you can run it)";
  return "";
}
