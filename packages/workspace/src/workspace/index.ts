// @skillbox/workspace: the one composition root the CLI, the server and the MCP server open.
export type { CreateSkillAgentOptions, SkillAgent, SkillAgentProviderConfig } from "./create-skill-agent.js";
export { createSkillAgent } from "./create-skill-agent.js";
export { openPostgresStore, openWorkspaceWithStore } from "./fleet-mode.js";
export { openWorkspace, STORE_PATH_VARIABLE } from "./open-workspace.js";
export type { OpenWorkspaceWithStoreOptions, StoreBackedWorkspace } from "./open-workspace-with-store.js";
export type { OpenWorkspaceOptions, SkillboxConfig, Workspace, WorkspaceStores } from "./workspace.js";
export { DATABASE_URL_VARIABLE } from "./workspace.js";
