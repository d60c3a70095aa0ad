// The skill tools an agent gets: load_skill, read_skill_file and search_skills over one registry.

import type { SubAgentRunner } from "../agent/sub-agents/sub-agent-runner.js";
import type { SkillRegistry } from "../registry/skill-registry-types.js";
import type { Tool } from "./define-tool.js";
import { createLoadSkillTool } from "./load-skill.js";
import { createReadSkillFileTool } from "./read-skill-file.js";
import { listLoadableNames, type SkillStateLookup } from "./resolve-loadable-skill.js";
import { createSearchSkillsTool } from "./search-skills.js";
import type { SessionLoadTracker } from "./session-loads.js";

/** What the skill tools work from. */
export interface CreateSkillToolsOptions {
  registry: SkillRegistry;
  /** Runs `context: fork` skills; without one they fail with a clear error. */
  subAgentRunner?: SubAgentRunner;
  /** Per-skill states (a workspace's `stateOf`); default the registry's own. */
  stateOf?: SkillStateLookup;
  /** Remembers what each session already received, so repeated loads return a short note. */
  sessionLoads?: SessionLoadTracker;
}

/**
 * The three skill tools, or none when the model may load no skill right now (the spec: omit the
 * catalog and the tool entirely). Descriptions and the `skill_name` enum follow the registry as it
 * changes; call again to add the tools once skills appear. Inputs arrive unchecked from the model,
 * so each tool validates its own (hence the erased input type).
 */
export function createSkillTools(options: CreateSkillToolsOptions): Tool[] {
  if (listLoadableNames(options.registry, options.stateOf).length === 0) return [];
  const shared = {
    registry: options.registry,
    ...(options.stateOf === undefined ? {} : { stateOf: options.stateOf }),
  };
  return [
    createLoadSkillTool({
      ...shared,
      ...(options.subAgentRunner === undefined ? {} : { subAgentRunner: options.subAgentRunner }),
      ...(options.sessionLoads === undefined ? {} : { sessionLoads: options.sessionLoads }),
    }),
    createReadSkillFileTool(shared),
    createSearchSkillsTool(shared),
  ] as unknown as Tool[];
}
