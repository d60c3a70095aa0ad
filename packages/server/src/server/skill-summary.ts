// The API's view of one skill (SkillSummary of docs/http-api.md), built from a registry record through
// the registry's public methods, or from an MCP server's listing entry.
import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";
import { computeUsageScore } from "@skillbox/core/store/usage-store";
import {
  isMcpSkillUserInvocable,
  type McpSkillEntry,
  mcpModelVisibility,
} from "@skillbox/workspace/workspace/mcp-skills";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import type { SkillSummary } from "./api-types.js";

export type { SkillSummary };

/** Builds the summary of `record`; `description` replaces the original (a translation) when given. */
export function toSkillSummary(
  workspace: Workspace,
  record: SkillRecord,
  now: number,
  description?: string,
): SkillSummary {
  const { registry } = workspace;
  const stat = registry.usageOf(record);
  // States are kept by plain name, as the registry reads them for Layer 1.
  const state = workspace.stateOf(record.name);
  const modelVisibility = registry.modelVisibility(record);
  const summary: SkillSummary = {
    name: record.name,
    qualifiedName: record.qualifiedName,
    description: description ?? record.metadata.description,
    tags: [...record.metadata.tags],
    root: { label: record.root.label, path: record.root.path, scope: record.root.scope },
    path: record.file,
    directory: record.directory,
    state,
    shadowed: record.shadowed,
    modelInvocable: modelVisibility === "listed",
    modelVisibility,
    userInvocable: registry.isUserInvocable(record),
    context: record.metadata.context,
    usage: {
      count: stat?.count ?? 0,
      lastUsedAt: stat?.lastUsedAt ?? null,
      score: computeUsageScore(stat, now),
    },
    diagnostics: [...record.diagnostics],
  };
  if (record.metadata.whenToUse !== undefined) summary.whenToUse = record.metadata.whenToUse;
  return summary;
}

/** The summary of an MCP skill (`<label>:<name>`): its origin, its state by that name, no local usage. */
export function toMcpSkillSummary(
  workspace: Workspace,
  entry: McpSkillEntry,
  description?: string,
): SkillSummary {
  const state = workspace.stateOf(entry.name);
  const modelVisibility = mcpModelVisibility(state);
  return {
    name: entry.name,
    qualifiedName: entry.name,
    description: description ?? entry.description,
    tags: [],
    root: { label: `mcp:${entry.label}`, path: entry.rootUri, scope: "mcp" },
    path: entry.uri,
    directory: entry.rootUri,
    state,
    shadowed: false,
    modelInvocable: modelVisibility === "listed",
    modelVisibility,
    userInvocable: isMcpSkillUserInvocable(entry, state),
    context: "inline",
    usage: { count: 0, lastUsedAt: null, score: 0 },
    diagnostics: [],
    mcp: { server: entry.label, skillName: entry.skillName, uri: entry.uri, baseUri: entry.rootUri },
  };
}
