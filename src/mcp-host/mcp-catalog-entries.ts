// MCP skills as Layer 1 entries: the same listing the model sees for local skills, with the origin in
// every description so an MCP skill is never presented as a local one.

import type { CatalogEntry } from "../prompt/catalog-entry.js";
import type { McpSkillEntry } from "./mcp-skill-origin.js";

/** One catalog entry per MCP skill; `location` is its SKILL.md URI (nothing local to point at). */
export function mcpCatalogEntries(entries: readonly McpSkillEntry[]): CatalogEntry[] {
  return entries.map((entry) => ({
    name: entry.name,
    description: `[from MCP server "${entry.label}"] ${entry.description}`,
    tags: [],
    location: entry.uri,
    score: 0,
    isNew: false,
  }));
}
