// Picks a sub-agent's tools from a skill's allowed-tools and disallowed-tools, in either Skillbox
// or Claude Code spelling (`Bash`, `Read`, `Bash(git:*)` …).

import { normalizeToolName } from "@skillbox/core/agent/permissions/claude-tool-names";
import type { Tool } from "@skillbox/core/tools/define-tool";
import { TASK_TOOL } from "@skillbox/core/tools/tool-names";

/** The chosen tools, and allowed-tools entries that named no tool this runtime has. */
export interface SelectedTools {
  tools: Tool[];
  unknown: string[];
}

/** The bare tool name of an entry: `Bash(git:*)` -> `bash`, `Read` -> `read_file`. */
export function toolNameOfEntry(entry: string): string {
  const name = entry.trim().replace(/\(.*\)$/s, "");
  return normalizeToolName(name);
}

/**
 * Allowed minus disallowed. An empty allowed list means every tool; `task` is left out unless
 * named, so sub-agents do not spawn sub-agents by default. A disallowed entry with a pattern
 * (`Bash(rm:*)`) keeps the tool: the permission scope refuses the matching calls instead.
 */
export function selectSubAgentTools(
  available: readonly Tool[],
  allowedTools: readonly string[] = [],
  disallowedTools: readonly string[] = [],
): SelectedTools {
  const allowed = new Set(allowedTools.map(toolNameOfEntry));
  const everything = allowed.size === 0 || allowed.has("*");
  const removed = new Set(disallowedTools.filter((entry) => !entry.includes("(")).map(toolNameOfEntry));
  const byName = new Map(available.map((tool) => [tool.name.toLowerCase(), tool]));
  const tools = available.filter((tool) => {
    const name = tool.name.toLowerCase();
    if (removed.has(name)) return false;
    if (everything) return name !== TASK_TOOL;
    return allowed.has(name);
  });
  const unknown = allowedTools.filter((entry) => {
    const name = toolNameOfEntry(entry);
    return name !== "*" && !byName.has(name);
  });
  return { tools, unknown };
}
