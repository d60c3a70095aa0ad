// Search and grouping for the skill list: pure functions over SkillSummary.
import type {
  McpServerSummary,
  SkillListResponse,
  SkillRootSummary,
  SkillSummary,
} from "@skillbox/server/server/api-types";

/** Skills whose name, qualified name, description or tags contain every word of the query. */
export function filterSkills(skills: readonly SkillSummary[], query: string): SkillSummary[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...skills];
  return skills.filter((skill) => {
    const haystack = [skill.name, skill.qualifiedName, skill.description, ...skill.tags]
      .join("\n")
      .toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** One root (or MCP server) and the skills shown under it. */
export interface SkillGroup {
  root: SkillRootSummary & { exists: boolean };
  skills: SkillSummary[];
  /** Set for the group of an MCP server's skills (root label `mcp:<label>`). */
  mcpServer?: McpServerSummary;
}

/**
 * Groups skills by root label in the server's root order (highest precedence first), skills sorted by
 * name. Roots with no matching skill are kept only when `keepEmpty` (no search is active).
 */
export function groupSkillsByRoot(
  roots: SkillListResponse["roots"],
  skills: readonly SkillSummary[],
  keepEmpty: boolean,
  mcpServers: readonly McpServerSummary[] = [],
): SkillGroup[] {
  const groups = new Map<string, SkillGroup>();
  for (const root of roots) groups.set(root.label, { root, skills: [] });
  // After the folders, one group per MCP server (its skills' base URIs differ, so the group names the server).
  for (const server of mcpServers) {
    const label = `mcp:${server.label}`;
    groups.set(label, {
      root: {
        label,
        path: `MCP server "${server.label}"`,
        scope: "mcp",
        exists: server.status === "connected",
      },
      skills: [],
      mcpServer: server,
    });
  }
  for (const skill of skills) {
    let group = groups.get(skill.root.label);
    if (group === undefined) {
      // A skill whose root the list did not name still has to be shown somewhere.
      group = { root: { ...skill.root, exists: true }, skills: [] };
      groups.set(skill.root.label, group);
    }
    group.skills.push(skill);
  }
  const result = [...groups.values()].filter((group) => keepEmpty || group.skills.length > 0);
  for (const group of result) group.skills.sort(compareSkills);
  return result;
}

function compareSkills(left: SkillSummary, right: SkillSummary): number {
  return left.name.localeCompare(right.name) || left.qualifiedName.localeCompare(right.qualifiedName);
}

/** A key unique across roots: the name, or the qualified name for a shadowed copy. */
export function skillKey(skill: SkillSummary): string {
  return skill.shadowed ? skill.qualifiedName : skill.name;
}
