// Skills from MCP servers for Skillbox's own agent (SEP-2640, host side): config, origins, verified
// loading and reading, the verified-file cache, content-bound approvals, the execution gate and the
// servers' own tools. Self-contained until the registry and the agent are wired to it.

export { createNodeMcpConnector, type McpConnection, type McpConnector } from "./connect-mcp-server.js";
export { createMcpSkillTools } from "./create-mcp-skill-tools.js";
export {
  CODE_EXECUTION_TOOLS,
  gateCodeExecution,
  type McpExecutionQuestion,
  mcpCodeExecutionOrigin,
} from "./gate-code-execution.js";
export { listMcpServerTools, mcpToolName } from "./list-mcp-server-tools.js";
export { mcpCatalogEntries } from "./mcp-catalog-entries.js";
export { type McpServerConfig, parseMcpServersConfig } from "./mcp-server-config.js";
export {
  createMcpSkillApprovals,
  createMemoryApprovalStorage,
  createSettingsApprovalStorage,
  type McpApprovalRecord,
  type McpApprovalStorage,
  type McpSkillApprovals,
} from "./mcp-skill-approvals.js";
export { createMcpSkillHost, type McpLoadApprovalRequest, type McpSkillHost } from "./mcp-skill-host.js";
export type { McpSkillEntry, McpSkillOrigin } from "./mcp-skill-origin.js";
export { mcpUserInvocation } from "./mcp-user-invocation.js";
export { createVerifiedFileCache, type VerifiedFileCache } from "./verified-file-cache.js";
