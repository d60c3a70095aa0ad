// The `skillbox/agent` subpath: everything of the agent floor (src/agent/index.ts) and
// createSkillAgent, the workspace's composition of a full skill agent. It sits at the top of src/
// so the agent floor itself never imports the workspace above it. Named exports only.

export * from "@skillbox/agent/agent/index";
export type {
  CreateSkillAgentOptions,
  SkillAgent,
  SkillAgentProviderConfig,
} from "./workspace/create-skill-agent.js";
export { createSkillAgent } from "./workspace/create-skill-agent.js";
