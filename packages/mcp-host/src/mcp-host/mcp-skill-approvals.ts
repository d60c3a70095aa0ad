// Consent to an MCP skill, bound to its content (SEP-2640's host rule): an approval records the
// server label, the skill's SKILL.md URI, the SKILL.md digest and a digest of the entry's whole
// `{uri, digest}` manifest, so a skill whose files were rotated, added or removed asks again. The
// persistent "allow" for running code while following the skill rides on the same record, so a
// change of content withdraws both. Kept in the settings store (SQLite, or PostgreSQL in fleet mode)
// when one is wired, so consent outlives the process.

import { createHash, randomUUID } from "node:crypto";
import type { SettingsStore } from "@skillbox/core/store/settings-store";
import type { McpSkillEntry } from "./mcp-skill-origin.js";

/** One approval as stored. `revoked` keeps its place so the next question can say the skill changed. */
export interface McpApprovalRecord {
  /** The entry's name when approved (`<label>:<name>`), for listings; identity is (label, uri). */
  skill: string;
  /** The SKILL.md digest the entry published (`sha256:…`). */
  skillDigest: string;
  /** sha256 of the sorted `uri digest` lines of the whole manifest. */
  manifestDigest: string;
  /** Epoch milliseconds. */
  approvedAt: number;
  /** Code-running tools the person allowed for good while following this content ("always"). */
  codeExecution?: string[];
  revoked?: true;
  /** The server's trust epoch this approval was given under (see revokeServer). */
  epoch?: string;
}

/** Where approvals live, by (label, SKILL.md URI). */
export interface McpApprovalStorage {
  get(label: string, uri: string): McpApprovalRecord | undefined;
  set(label: string, uri: string, record: McpApprovalRecord): void;
  delete(label: string, uri: string): void;
  /** The server's current trust epoch; approvals given under another one count for nothing. */
  epoch(label: string): string;
  /** Starts a new epoch for the server: every approval of its skills lapses at once. */
  newEpoch(label: string): void;
}

export interface McpSkillApprovals {
  /** True when this exact content (manifest) of the skill was approved and not revoked since. */
  isApproved(entry: McpSkillEntry): boolean;
  approve(entry: McpSkillEntry): void;
  /** Drops the approval when `entry` (a fresh one) no longer matches it; true when one was revoked. */
  revokeIfChanged(entry: McpSkillEntry): boolean;
  /** True when an approval of this skill was revoked because its content changed (and none given since). */
  wasRevoked(entry: McpSkillEntry): boolean;
  /** Forgets the approval of one skill (by its SKILL.md URI). */
  revoke(label: string, uri: string): void;
  /** Forgets every approval given for the server's skills (untrusting the server). */
  revokeServer(label: string): void;
  /** True when `tool` was allowed for good while following this exact content. */
  allowsCodeExecution(entry: McpSkillEntry, tool: string): boolean;
  /** Records that allow (an "always" answer); approves the content too. */
  allowCodeExecution(entry: McpSkillEntry, tool: string): void;
  /** The record for this skill when it is current (same content, current epoch), for listings. */
  recordOf(entry: McpSkillEntry): McpApprovalRecord | undefined;
  /** True when the skill was approved once but its content changed since (revoked or not yet noticed). */
  changedSinceApproval(entry: McpSkillEntry): boolean;
}

/** sha256 of the sorted `uri digest` lines: what an approval binds to. */
export function manifestDigestOf(entry: McpSkillEntry): string {
  return `sha256:${createHash("sha256").update(entry.fingerprint, "utf8").digest("hex")}`;
}

function skillDigestOf(entry: McpSkillEntry): string {
  const resources = entry.entry.resources === "dynamic" ? [] : entry.entry.resources;
  return resources.find((resource) => resource.uri === entry.uri)?.digest ?? "";
}

/** Approvals over `storage` (default: in memory, for this process). `now` stamps approvals. */
export function createMcpSkillApprovals(
  storage: McpApprovalStorage = createMemoryApprovalStorage(),
  options: { now?: () => number } = {},
): McpSkillApprovals {
  const now = options.now ?? Date.now;
  const held = (entry: McpSkillEntry) => {
    const record = storage.get(entry.label, entry.uri);
    // An approval from before the server was untrusted is no approval, not even a revoked one.
    return record !== undefined && (record.epoch ?? "") === storage.epoch(entry.label) ? record : undefined;
  };
  const matches = (record: McpApprovalRecord, entry: McpSkillEntry) =>
    record.revoked !== true &&
    record.manifestDigest === manifestDigestOf(entry) &&
    record.skillDigest === skillDigestOf(entry);
  const fresh = (entry: McpSkillEntry, codeExecution?: string[]): McpApprovalRecord => {
    const epoch = storage.epoch(entry.label);
    return {
      skill: entry.name,
      skillDigest: skillDigestOf(entry),
      manifestDigest: manifestDigestOf(entry),
      approvedAt: now(),
      ...(codeExecution === undefined || codeExecution.length === 0 ? {} : { codeExecution }),
      ...(epoch === "" ? {} : { epoch }),
    };
  };
  const current = (entry: McpSkillEntry) => {
    const record = held(entry);
    return record !== undefined && matches(record, entry) ? record : undefined;
  };
  return {
    isApproved: (entry) => current(entry) !== undefined,
    approve(entry) {
      const record = current(entry);
      if (record === undefined) storage.set(entry.label, entry.uri, fresh(entry));
    },
    revokeIfChanged(entry) {
      const record = held(entry);
      if (record === undefined || record.revoked === true || matches(record, entry)) return false;
      storage.set(entry.label, entry.uri, { ...record, revoked: true, codeExecution: [] });
      return true;
    },
    wasRevoked: (entry) => held(entry)?.revoked === true,
    revoke: (label, uri) => storage.delete(label, uri),
    revokeServer: (label) => storage.newEpoch(label),
    allowsCodeExecution: (entry, tool) => current(entry)?.codeExecution?.includes(tool) === true,
    allowCodeExecution(entry, tool) {
      const tools = new Set(current(entry)?.codeExecution ?? []);
      tools.add(tool);
      storage.set(entry.label, entry.uri, fresh(entry, [...tools].sort()));
    },
    recordOf: current,
    changedSinceApproval(entry) {
      const record = held(entry);
      return record !== undefined && !matches(record, entry);
    },
  };
}

/** Approvals that last as long as the process. */
export function createMemoryApprovalStorage(): McpApprovalStorage {
  const records = new Map<string, McpApprovalRecord>();
  const epochs = new Map<string, string>();
  const keyOf = (label: string, uri: string) => `${label}\0${uri}`;
  return {
    get: (label, uri) => records.get(keyOf(label, uri)),
    set: (label, uri, record) => void records.set(keyOf(label, uri), record),
    delete: (label, uri) => void records.delete(keyOf(label, uri)),
    epoch: (label) => epochs.get(label) ?? "",
    newEpoch: (label) => void epochs.set(label, randomUUID()),
  };
}

/**
 * `storage` read as it is, with writes kept in memory for this process: for runs with no one to ask,
 * whose loads must not leave an approval that a later interactive session would take as the user's.
 */
export function createUnconfirmedApprovalStorage(storage: McpApprovalStorage): McpApprovalStorage {
  const local = createMemoryApprovalStorage();
  const written = new Set<string>();
  const deleted = new Set<string>();
  const keyOf = (label: string, uri: string) => `${label}\0${uri}`;
  let epochs: Set<string> | undefined;
  return {
    get(label, uri) {
      const key = keyOf(label, uri);
      if (deleted.has(key)) return undefined;
      return written.has(key) ? local.get(label, uri) : storage.get(label, uri);
    },
    set(label, uri, record) {
      written.add(keyOf(label, uri));
      deleted.delete(keyOf(label, uri));
      local.set(label, uri, record);
    },
    delete(label, uri) {
      deleted.add(keyOf(label, uri));
      local.delete(label, uri);
    },
    epoch: (label) => (epochs?.has(label) ? local.epoch(label) : storage.epoch(label)),
    newEpoch(label) {
      epochs = (epochs ?? new Set()).add(label);
      local.newEpoch(label);
    },
  };
}

/** The settings key of one skill's approval: `mcpApproval:<label>:<SKILL.md URI>` (user scope). */
export function mcpApprovalSettingKey(label: string, uri: string): string {
  return `mcpApproval:${label}:${uri}`;
}

/** The settings key of a server's trust epoch. */
export function mcpEpochSettingKey(label: string): string {
  return `mcpApprovalEpoch:${label}`;
}

/**
 * Approvals in the settings store, one user-scope key per skill, so two processes approving two
 * skills never overwrite each other. Untrusting a server writes one key (a new epoch) instead of
 * deleting many: an approval racing it is recorded under the old epoch and lapses — the safe side.
 */
export function createSettingsApprovalStorage(settings: SettingsStore): McpApprovalStorage {
  return {
    get(label, uri) {
      const value = settings.readSetting(mcpApprovalSettingKey(label, uri));
      return isApprovalRecord(value) ? value : undefined;
    },
    set: (label, uri, record) => settings.writeSetting(mcpApprovalSettingKey(label, uri), record),
    delete: (label, uri) => settings.deleteSetting(mcpApprovalSettingKey(label, uri)),
    epoch(label) {
      const value = settings.readSetting(mcpEpochSettingKey(label));
      return typeof value === "string" ? value : "";
    },
    newEpoch: (label) => settings.writeSetting(mcpEpochSettingKey(label), randomUUID()),
  };
}

/** A stored value from an older or newer Skillbox that does not have this shape counts as no approval. */
function isApprovalRecord(value: unknown): value is McpApprovalRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.skill === "string" &&
    typeof record.skillDigest === "string" &&
    typeof record.manifestDigest === "string" &&
    typeof record.approvedAt === "number" &&
    (record.codeExecution === undefined ||
      (Array.isArray(record.codeExecution) && record.codeExecution.every((tool) => typeof tool === "string")))
  );
}
