// Consent to an MCP skill, bound to its content: an approval records the entry's whole `{uri, digest}`
// set, so a skill whose files were rotated, added or removed asks again.

import type { McpSkillEntry } from "./mcp-skill-origin.js";

/** Where approvals live: a Map in memory, or the settings store when wired. Keys are `label\0uri`. */
export interface McpApprovalStorage {
  get(key: string): string | undefined;
  set(key: string, fingerprint: string): void;
  delete(key: string): void;
}

export interface McpSkillApprovals {
  /** True when this exact content (fingerprint) of the skill was approved. */
  isApproved(entry: McpSkillEntry): boolean;
  approve(entry: McpSkillEntry): void;
  /** Drops the approval when `entry` (a fresh one) no longer matches it; true when one was revoked. */
  revokeIfChanged(entry: McpSkillEntry): boolean;
  /** True when an approval of this skill was revoked because its content changed (and none given since). */
  wasRevoked(entry: McpSkillEntry): boolean;
  revoke(label: string, uri: string): void;
}

/** Approvals over `storage` (default: in memory, for this process). */
export function createMcpSkillApprovals(storage: McpApprovalStorage = new Map()): McpSkillApprovals {
  const keyOf = (label: string, uri: string) => `${label}\0${uri}`;
  // Kept in place of a revoked approval, so the next question can say the skill changed.
  const REVOKED = "\0revoked";
  return {
    isApproved: (entry) => storage.get(keyOf(entry.label, entry.uri)) === entry.fingerprint,
    approve: (entry) => storage.set(keyOf(entry.label, entry.uri), entry.fingerprint),
    revokeIfChanged(entry) {
      const key = keyOf(entry.label, entry.uri);
      const held = storage.get(key);
      if (held === undefined || held === REVOKED || held === entry.fingerprint) return false;
      storage.set(key, REVOKED);
      return true;
    },
    wasRevoked: (entry) => storage.get(keyOf(entry.label, entry.uri)) === REVOKED,
    revoke: (label, uri) => storage.delete(keyOf(label, uri)),
  };
}
