// `skillbox/mcp`: serve a workspace's skills over MCP — the skills extension (SEP-2640), the skill
// tools and prompts — from your own MCP server or from `skillbox mcp`.

// Re-exported so a server can open a workspace without reaching into Skillbox's internals.
export { openWorkspace } from "@skillbox/workspace/workspace/open-workspace";
export type { OpenWorkspaceOptions, Workspace } from "@skillbox/workspace/workspace/workspace";
export {
  type CreateSkillsMcpServerOptions,
  createSkillsMcpServer,
  skillsMcpServiceFor,
} from "./create-skills-mcp-server.js";
export { type ServeMcpStdioOptions, serveMcpStdio } from "./serve-mcp-stdio.js";
export {
  createSkillboxSkillSource,
  type ServedSkill,
  type SkillboxSkillSource,
  type SkillboxSkillSourceOptions,
  type SkillSourceWorkspace,
} from "./skillbox-skill-source.js";
export {
  createSkillsMcpService,
  type SkillsMcpChange,
  type SkillsMcpService,
  type SkillsMcpServiceOptions,
} from "./skills-mcp-service.js";
export {
  DEFAULT_MCP_HOST,
  DEFAULT_MCP_PORT,
  MCP_PATH,
  type RunningMcpHttpServer,
  type StartMcpHttpServerOptions,
  startMcpHttpServer,
} from "./start-mcp-http-server.js";
