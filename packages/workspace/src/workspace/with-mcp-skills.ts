// The agent's skill tools with MCP skills folded in: load_skill and read_skill_file hand a name the
// MCP host owns (`<label>:<name>`) to the host, and the rest to the local tools unchanged. States
// apply by that name, as to local skills: `off` and `user-only` MCP skills are neither offered nor
// loaded, `name-only` ones are offered without their description.

import type { SkillState } from "@skillbox/core/store/skill-state";
import {
  type JsonSchema,
  type Tool,
  type ToolContext,
  type ToolResult,
  toolError,
} from "@skillbox/core/tools/define-tool";
import { LOAD_SKILL_TOOL, READ_SKILL_FILE_TOOL } from "@skillbox/core/tools/tool-names";
import { createMcpSkillTools } from "@skillbox/mcp-host/mcp-host/create-mcp-skill-tools";
import { isMcpSkillModelVisible } from "@skillbox/mcp-host/mcp-host/mcp-catalog-entries";
import type { McpSkillHost } from "@skillbox/mcp-host/mcp-host/mcp-skill-host";

/** Root labels and scopes an MCP server's label must not take (`user:x` is already a local name). */
export function reservedMcpLabels(roots: readonly { label: string; scope: string }[]): string[] {
  const labels = new Set<string>();
  for (const root of roots) {
    labels.add(root.label.split(":")[0] ?? root.label);
    labels.add(root.scope);
  }
  return [...labels];
}

const sessionOf = (context: ToolContext) =>
  context.sessionId === undefined ? {} : { sessionId: context.sessionId };

/**
 * `host` as the model may use it under the workspace's states: entries() leaves out `off` and
 * `user-only` skills and blanks `name-only` descriptions; loads and reads of hidden skills are refused.
 */
export function withMcpSkillStates(host: McpSkillHost, stateOf: (name: string) => SkillState): McpSkillHost {
  const refusal = (name: string): ToolResult | undefined => {
    if (!host.owns(name)) return undefined;
    const state = stateOf(name);
    if (isMcpSkillModelVisible(state)) return undefined;
    return toolError(
      state === "off"
        ? `Skill "${name}" is turned off in the settings; the user can turn it on.`
        : `Skill "${name}" is set to user-only in the settings, so the model may not load it; the user can change its state.`,
    );
  };
  return {
    origins: () => host.origins(),
    entries: () =>
      host.entries().flatMap((entry) => {
        const state = stateOf(entry.name);
        if (!isMcpSkillModelVisible(state)) return [];
        return [state === "name-only" ? { ...entry, description: "" } : entry];
      }),
    diagnostics: () => host.diagnostics(),
    owns: (name) => host.owns(name),
    loadSkill: async (name, options) => refusal(name) ?? host.loadSkill(name, options),
    readSkillFile: async (name, path, options) => refusal(name) ?? host.readSkillFile(name, path, options),
    activeSkills: (sessionId) => host.activeSkills(sessionId),
    endSession: (sessionId) => host.endSession(sessionId),
    serverTools: () => host.serverTools(),
    refresh: () => host.refresh(),
    close: () => host.close(),
  };
}

/**
 * `tools` (the local skill tools) with load_skill and read_skill_file delegating MCP names to `host`,
 * under the workspace's states when `stateOf` is given.
 */
export function withMcpSkills(
  tools: readonly Tool[],
  mcpHost: McpSkillHost,
  stateOf?: (name: string) => SkillState,
): Tool[] {
  const host = stateOf === undefined ? mcpHost : withMcpSkillStates(mcpHost, stateOf);
  // Hidden MCP skills still go to the host, whose refusal names the state instead of "unknown skill".
  if (mcpHost.entries().length === 0) return [...tools];
  const mcpNames = host.entries().map((entry) => entry.name);
  // No local skill may be loaded: the MCP-only tools stand in for the local ones.
  if (!tools.some((tool) => tool.name === LOAD_SKILL_TOOL)) return [...tools, ...createMcpSkillTools(host)];
  const note =
    mcpNames.length === 0
      ? ""
      : `\nSkills from MCP servers are named <server>:<skill>: ${mcpNames.join(", ")}.`;
  return tools.map((tool): Tool => {
    if (tool.name !== LOAD_SKILL_TOOL && tool.name !== READ_SKILL_FILE_TOOL) return tool;
    const wrapped: Tool = {
      name: tool.name,
      get description() {
        return tool.description + note;
      },
      get inputSchema() {
        return withMcpNames(tool.inputSchema, mcpNames);
      },
      async execute(input, context) {
        const name = input.skill_name;
        if (typeof name !== "string" || !host.owns(name)) return tool.execute(input, context);
        if (tool.name === LOAD_SKILL_TOOL) {
          const args = input.args;
          return host.loadSkill(name, {
            ...sessionOf(context),
            ...(typeof args === "string" ? { args } : {}),
          });
        }
        return host.readSkillFile(name, String(input.path ?? ""), sessionOf(context));
      },
    };
    if (tool.parseInput !== undefined) wrapped.parseInput = tool.parseInput.bind(tool);
    return wrapped;
  });
}

/** The JSON Schema with the MCP names added to a `skill_name` enum, when the schema has one. */
function withMcpNames(schema: JsonSchema, names: readonly string[]): JsonSchema {
  const properties = (schema as { properties?: Record<string, Record<string, unknown>> }).properties;
  const skillName = properties?.skill_name;
  if (skillName === undefined || !Array.isArray(skillName.enum)) return schema;
  return {
    ...schema,
    properties: { ...properties, skill_name: { ...skillName, enum: [...skillName.enum, ...names] } },
  } as JsonSchema;
}
