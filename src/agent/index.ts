// The agent floor's public surface: the agent loop, providers, sub-agents, permissions, hooks, user
// invocation and the built-in tools. Named exports only. The `skillbox/agent` subpath is
// src/agent-entry.ts, which adds createSkillAgent from the workspace floor above.

export type { AuditEntry, AuditLog, AuditStatus } from "../store/audit-log.js";
export { InMemoryAuditLog } from "../store/audit-log.js";
export { estimateTokens } from "../text/estimate-tokens.js";
export type { BashInput, BashToolOptions, BuiltinToolOptions } from "../tools/builtin/bash-tool.js";
export { createBashTool } from "../tools/builtin/bash-tool.js";
export type { BuiltinToolsOptions } from "../tools/builtin/create-builtin-tools.js";
export { createBuiltinTools } from "../tools/builtin/create-builtin-tools.js";
export type { EditFileInput } from "../tools/builtin/edit-file-tool.js";
export { createEditFileTool } from "../tools/builtin/edit-file-tool.js";
export type { GlobInput, GlobToolOptions } from "../tools/builtin/glob-tool.js";
export { createGlobTool } from "../tools/builtin/glob-tool.js";
export type { GrepInput, GrepToolOptions } from "../tools/builtin/grep-tool.js";
export { createGrepTool } from "../tools/builtin/grep-tool.js";
export type { ReadFileInput, ReadFileToolOptions } from "../tools/builtin/read-file-tool.js";
export { createReadFileTool } from "../tools/builtin/read-file-tool.js";
export type { ShellCommandOptions, ShellCommandResult } from "../tools/builtin/run-shell-command.js";
export { runShellCommand } from "../tools/builtin/run-shell-command.js";
export type { WorkspacePath } from "../tools/builtin/workspace-path.js";
export { resolveWorkspacePath } from "../tools/builtin/workspace-path.js";
export type { WriteFileInput } from "../tools/builtin/write-file-tool.js";
export { createWriteFileTool } from "../tools/builtin/write-file-tool.js";
export type { SkillLoaded } from "../tools/skill-loaded.js";
export type { SubAgentRequest, SubAgentRunner } from "../tools/sub-agent-runner.js";
export { SUB_AGENT_DEFAULT_STEPS, SUB_AGENT_MAX_STEPS } from "../tools/sub-agent-runner.js";
export { LOAD_SKILL_TOOL } from "../tools/tool-names.js";
export type {
  Agent,
  AgentEvent,
  AgentOptions,
  AgentRunResult,
  RunOptions,
  RunUsage,
  SkillActivationSource,
  StopReason,
} from "./agent-types.js";
export type { CompactionOptions, CompactionResult, Summarizer } from "./compaction/compact-history.js";
export { compactHistory, needsCompaction, summarizeExtractively } from "./compaction/compact-history.js";
export { estimateMessagesTokens } from "./compaction/estimate-message-tokens.js";
export { createAgent, DEFAULT_MAX_STEPS } from "./create-agent.js";
export type { ExecutedToolCall, ToolCallContext } from "./execute-tool-call.js";
export { AUDIT_PREVIEW_CHARS, executeToolCall } from "./execute-tool-call.js";
export type {
  ClaudeHookGroup,
  HookBus,
  HookBusOptions,
  HookConfig,
  HookEvent,
  HookFailure,
  HookHandler,
  HookOutcome,
  HookPayload,
  HookResponse,
} from "./hooks/hooks.js";
export {
  createHookBus,
  HOOK_EVENT_NAMES,
  HOOK_EVENTS,
  matchesHookMatcher,
  parseHookEvent,
} from "./hooks/hooks.js";
export type { ShellExpansion, ShellExpansionOptions } from "./invocation/expand-shell-commands.js";
export { expandShellCommands, findShellCommands } from "./invocation/expand-shell-commands.js";
export type { RecognizedSkillLoad } from "./invocation/recognize-skill-load.js";
export { recognizeSkillLoad } from "./invocation/recognize-skill-load.js";
export type { SkillActivation, SkillActivations } from "./invocation/skill-activations.js";
export { activationOf, createSkillActivations } from "./invocation/skill-activations.js";
export type {
  ExternalSkillSource,
  SkillSource,
  SkillSourceEntry,
  UserInvocation,
  UserInvocationOptions,
} from "./invocation/user-invocation.js";
export { invokeUserSkill, parseSlashCommand } from "./invocation/user-invocation.js";
export { CLAUDE_TOOL_NAMES, claudeToolName, normalizeToolName } from "./permissions/claude-tool-names.js";
export type { PermissionRule } from "./permissions/permission-rule.js";
export { parsePermissionRule } from "./permissions/permission-rule.js";
export type {
  AllowAdvice,
  PermissionAnswer,
  PermissionDecision,
  PermissionOutcome,
  PermissionPolicy,
  PermissionPolicyOptions,
  PermissionQuestion,
  PermissionRequest,
  PermissionRules,
  PermissionScope,
  PermissionVerdict,
  UntrustedOrigin,
} from "./permissions/permissions.js";
export {
  createPermissionPolicy,
  describeAllowRules,
  TOOLS_THAT_RUN_CODE,
} from "./permissions/permissions.js";
export { suggestAllowRules } from "./permissions/suggest-allow-rules.js";
export { AnthropicMessagesProvider } from "./providers/anthropic-messages-provider.js";
export type { RetryOptions } from "./providers/call-with-retry.js";
export type { CreateProviderOptions } from "./providers/create-provider.js";
export { createProvider } from "./providers/create-provider.js";
export { OpenAIChatProvider } from "./providers/openai-chat-provider.js";
export type {
  ChatCallOptions,
  ChatMessage,
  ChatProvider,
  ChatRequest,
  ChatResponse,
  TokenUsage,
  ToolCall,
  ToolSpec,
} from "./providers/provider.js";
export type { ProviderChoice, SubAgentRunnerOptions } from "./sub-agents/create-sub-agent-runner.js";
export { buildSubAgentPrompt, createSubAgentRunner } from "./sub-agents/create-sub-agent-runner.js";
export { formatSubAgentResult, subAgentResultHeader } from "./sub-agents/format-sub-agent-result.js";
export type { SelectedTools } from "./sub-agents/select-sub-agent-tools.js";
export { selectSubAgentTools, toolNameOfEntry } from "./sub-agents/select-sub-agent-tools.js";
export type { TaskInput } from "./sub-agents/task-tool.js";
export { createTaskTool } from "./sub-agents/task-tool.js";
export type { GuideSectionOptions, SectionContext, SystemSection } from "./system-prompt.js";
export {
  createGuideSection,
  createSkillsSection,
  createTextSection,
  renderSystemPrompt,
} from "./system-prompt.js";
