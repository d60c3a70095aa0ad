// The skill tools an agent gets: load_skill, read_skill_file and search_skills over one registry.

import type { SkillRegistry } from "../registry/skill-registry-types.js";
import type { Tool } from "./define-tool.js";
import { createLoadSkillTool, type LoadSkillToolOptions } from "./load-skill.js";
import { createReadSkillFileTool } from "./read-skill-file.js";
import { listLoadableNames } from "./resolve-loadable-skill.js";
import { createSearchSkillsTool } from "./search-skills.js";
import type { SessionLoadTracker } from "./session-loads.js";
import type { SubAgentRunner } from "./sub-agent-runner.js";

/** What the skill tools work from. */
export interface CreateSkillToolsOptions {
  /** The skills, with their states (a workspace's registry has the settings' states built in). */
  registry: SkillRegistry;
  /** Runs `context: fork` skills; without one they fail with a clear error. */
  subAgentRunner?: SubAgentRunner;
  /** Remembers what each session already received, so repeated loads return a short note. */
  sessionLoads?: SessionLoadTracker;
  /** Orders the skills load_skill's description lists (a session's fixed order); default by score. */
  orderEntries?: LoadSkillToolOptions["orderEntries"];
}

/**
 * The three skill tools, or none when the model may load no skill right now (the spec: omit the
 * catalog and the tool entirely). Descriptions and the `skill_name` enum follow the registry as it
 * changes; call again to add the tools once skills appear. Each tool checks its input against its
 * schema, so the list can hold them under the common `Tool` type.
 */
export function createSkillTools(options: CreateSkillToolsOptions): Tool[] {
  const { registry } = options;
  if (listLoadableNames(registry).length === 0) return [];
  return [
    createLoadSkillTool({
      registry,
      ...(options.subAgentRunner === undefined ? {} : { subAgentRunner: options.subAgentRunner }),
      ...(options.sessionLoads === undefined ? {} : { sessionLoads: options.sessionLoads }),
      ...(options.orderEntries === undefined ? {} : { orderEntries: options.orderEntries }),
    }),
    createReadSkillFileTool({ registry }),
    createSearchSkillsTool({ registry }),
  ];
}
