// MCP skills as Layer 1 entries: the same listing the model sees for local skills, with the origin in
// every description so an MCP skill is never presented as a local one. States apply as to local
// skills: `off` and `user-only` skills are left out, `name-only` ones listed without a description.

import type { CatalogEntry } from "@skillbox/core/prompt/catalog-entry";
import type { SkillState } from "@skillbox/core/store/skill-state";
import type { McpSkillEntry } from "./mcp-skill-origin.js";

/** True when the model may see and load an MCP skill in this state (on, name-only). */
export function isMcpSkillModelVisible(state: SkillState): boolean {
  return state === "on" || state === "name-only";
}

/**
 * One catalog entry per MCP skill the model may see; `location` is its SKILL.md URI (nothing local to
 * point at). `stateOf` is the workspace's per-skill state, by `<label>:<name>`; default on.
 */
export function mcpCatalogEntries(
  entries: readonly McpSkillEntry[],
  stateOf: (name: string) => SkillState = () => "on",
): CatalogEntry[] {
  const listed: CatalogEntry[] = [];
  for (const entry of entries) {
    const state = stateOf(entry.name);
    if (!isMcpSkillModelVisible(state)) continue;
    listed.push({
      name: entry.name,
      description: `[from MCP server "${entry.label}"] ${entry.description}`,
      tags: [],
      location: entry.uri,
      score: 0,
      isNew: false,
      state,
    });
  }
  return listed;
}
