// CONTRACT: the skills of the config's `mcpServers` as the listing front ends (`list`, `state`,
// `serve`) see them: provenance, states by `<label>:<name>`, diagnostics. Types and pure helpers only,
// so a front end can hold one without loading the MCP client (openMcpSkills, imported on demand, does).

import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import type { SkillState } from "@skillbox/core/store/skill-state";
import type { McpSkillEntry } from "@skillbox/mcp-host/mcp-host/mcp-skill-origin";
import type { SkillboxConfig } from "./workspace.js";

export type { McpSkillEntry };

/** A verified SKILL.md of an MCP skill, or why none could be had. */
export type McpSkillDocument =
  | { ok: true; text: string; body: string; fromCache: boolean }
  | { ok: false; message: string };

/** One configured server's connection, for listings. */
export interface McpServerStatus {
  label: string;
  status: "connecting" | "connected" | "unavailable";
  skills: number;
}

/** The configured MCP servers' skills, connected once; entries come from skills/list alone. */
export interface McpSkills {
  /** Labels of every configured server, connected or not. */
  readonly labels: readonly string[];
  /** Settles once every server connected and listed, or was given up (never rejects). */
  readonly ready: Promise<void>;
  /** The skills of the servers connected so far, named `<label>:<name>`. */
  entries(): McpSkillEntry[];
  get(name: string): McpSkillEntry | undefined;
  /** True when `name` is `<label>:…` for a configured server's label (even one that is down). */
  owns(name: string): boolean;
  /** Bad config entries, servers that failed or timed out, refused entries and refused reads. */
  diagnostics(): Diagnostic[];
  /** Each configured server: connecting, connected (with its number of skills) or unavailable. */
  servers(): McpServerStatus[];
  /** Fetches and verifies the skill's SKILL.md (for a detail view; never at list time). */
  readSkill(name: string): Promise<McpSkillDocument>;
  /** Disconnects (stops spawned servers). */
  close(): Promise<void>;
}

/** True when the config names MCP servers (an invalid value counts: opening it reports the problem). */
export function hasMcpServers(config: SkillboxConfig): boolean {
  const servers: unknown = config.mcpServers;
  if (servers === undefined) return false;
  return !(typeof servers === "object" && servers !== null && Object.keys(servers).length === 0);
}

/** `<label>:<name>` → its label, or undefined for a name without one. */
export function mcpLabelOf(name: string): string | undefined {
  const colon = name.indexOf(":");
  return colon <= 0 ? undefined : name.slice(0, colon);
}

/**
 * Whether a person may run an MCP skill with `/<label>:<name>` (as chat and run do): its frontmatter
 * does not say `user-invocable: false` and it is not off.
 */
export function isMcpSkillUserInvocable(entry: McpSkillEntry, state: SkillState): boolean {
  return (entry.entry.frontmatter as Record<string, unknown>)["user-invocable"] !== false && state !== "off";
}

/** What the model gets of an MCP skill in `state`: listed (on, name-only) or hidden by its state. */
export function mcpModelVisibility(state: SkillState): "listed" | "state" {
  return state === "on" || state === "name-only" ? "listed" : "state";
}
