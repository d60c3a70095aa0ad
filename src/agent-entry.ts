// The `skillbox/agent` subpath: everything of the agent floor (src/agent/index.ts) and
// createSkillAgent, the workspace's composition of a full skill agent. It sits at the top of src/
// so the agent floor itself never imports the workspace above it. Named exports only.

export * from "@skillbox/agent/agent/index";
export type {
  CreateSkillAgentOptions,
  SkillAgent,
  SkillAgentProviderConfig,
} from "@skillbox/workspace/workspace/create-skill-agent";
export { createSkillAgent } from "@skillbox/workspace/workspace/create-skill-agent";
