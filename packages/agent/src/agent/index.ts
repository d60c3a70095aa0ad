// The agent floor's public surface: the agent loop, providers, sub-agents, permissions, hooks, user
// invocation and the built-in tools. Named exports only. The `skillbox/agent` subpath is
// src/agent-entry.ts, which adds createSkillAgent from the workspace floor above.

export type { ExecutedToolCall, ToolCallContext } from "@skillbox/core/agent/execute-tool-call";
export { AUDIT_PREVIEW_CHARS, executeToolCall } from "@skillbox/core/agent/execute-tool-call";
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
} from "@skillbox/core/agent/hooks/hooks";
export {
  createHookBus,
  HOOK_EVENT_NAMES,
  HOOK_EVENTS,
  matchesHookMatcher,
  parseHookEvent,
} from "@skillbox/core/agent/hooks/hooks";
export {
  CLAUDE_TOOL_NAMES,
  claudeToolName,
  normalizeToolName,
} from "@skillbox/core/agent/permissions/claude-tool-names";
export type { PermissionRule } from "@skillbox/core/agent/permissions/permission-rule";
export { parsePermissionRule } from "@skillbox/core/agent/permissions/permission-rule";
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
} from "@skillbox/core/agent/permissions/permissions";
export {
  createPermissionPolicy,
  describeAllowRules,
  TOOLS_THAT_RUN_CODE,
} from "@skillbox/core/agent/permissions/permissions";
export { suggestAllowRules } from "@skillbox/core/agent/permissions/suggest-allow-rules";
export type {
  ChatCallOptions,
  ChatMessage,
  ChatProvider,
  ChatRequest,
  ChatResponse,
  TokenUsage,
  ToolCall,
  ToolSpec,
} from "@skillbox/core/agent/providers/provider";
export type { GuideSectionOptions, SectionContext, SystemSection } from "@skillbox/core/agent/system-prompt";
export {
  createGuideSection,
  createSkillsSection,
  createTextSection,
  renderSystemPrompt,
} from "@skillbox/core/agent/system-prompt";
export type { AuditEntry, AuditLog, AuditStatus } from "@skillbox/core/store/audit-log";
export { InMemoryAuditLog } from "@skillbox/core/store/audit-log";
export { estimateTokens } from "@skillbox/core/text/estimate-tokens";
export type { BashInput, BashToolOptions, BuiltinToolOptions } from "@skillbox/core/tools/builtin/bash-tool";
export { createBashTool } from "@skillbox/core/tools/builtin/bash-tool";
export type { BuiltinToolsOptions } from "@skillbox/core/tools/builtin/create-builtin-tools";
export { createBuiltinTools } from "@skillbox/core/tools/builtin/create-builtin-tools";
export type { EditFileInput } from "@skillbox/core/tools/builtin/edit-file-tool";
export { createEditFileTool } from "@skillbox/core/tools/builtin/edit-file-tool";
export type { GlobInput, GlobToolOptions } from "@skillbox/core/tools/builtin/glob-tool";
export { createGlobTool } from "@skillbox/core/tools/builtin/glob-tool";
export type { GrepInput, GrepToolOptions } from "@skillbox/core/tools/builtin/grep-tool";
export { createGrepTool } from "@skillbox/core/tools/builtin/grep-tool";
export type { ReadFileInput, ReadFileToolOptions } from "@skillbox/core/tools/builtin/read-file-tool";
export { createReadFileTool } from "@skillbox/core/tools/builtin/read-file-tool";
export type { ShellCommandOptions, ShellCommandResult } from "@skillbox/core/tools/builtin/run-shell-command";
export { runShellCommand } from "@skillbox/core/tools/builtin/run-shell-command";
export type { WorkspacePath } from "@skillbox/core/tools/builtin/workspace-path";
export { resolveWorkspacePath } from "@skillbox/core/tools/builtin/workspace-path";
export type { WriteFileInput } from "@skillbox/core/tools/builtin/write-file-tool";
export { createWriteFileTool } from "@skillbox/core/tools/builtin/write-file-tool";
export type { Tool, ToolResult } from "@skillbox/core/tools/define-tool";
export type { SkillLoaded } from "@skillbox/core/tools/skill-loaded";
export type { SubAgentRequest, SubAgentRunner } from "@skillbox/core/tools/sub-agent-runner";
export { SUB_AGENT_DEFAULT_STEPS, SUB_AGENT_MAX_STEPS } from "@skillbox/core/tools/sub-agent-runner";
export { LOAD_SKILL_TOOL } from "@skillbox/core/tools/tool-names";
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
export {
  AnthropicMessagesProvider,
  type AnthropicMessagesProviderOptions,
} from "./providers/anthropic-messages-provider.js";
export type { RetryOptions } from "./providers/call-with-retry.js";
export type { CreateProviderOptions } from "./providers/create-provider.js";
export { createProvider } from "./providers/create-provider.js";
export { OpenAIChatProvider, type OpenAIChatProviderOptions } from "./providers/openai-chat-provider.js";
export type { ProviderChoice, SubAgentRunnerOptions } from "./sub-agents/create-sub-agent-runner.js";
export { buildSubAgentPrompt, createSubAgentRunner } from "./sub-agents/create-sub-agent-runner.js";
export { formatSubAgentResult, subAgentResultHeader } from "./sub-agents/format-sub-agent-result.js";
export type { SelectedTools } from "./sub-agents/select-sub-agent-tools.js";
export { selectSubAgentTools, toolNameOfEntry } from "./sub-agents/select-sub-agent-tools.js";
export type { TaskInput } from "./sub-agents/task-tool.js";
export { createTaskTool } from "./sub-agents/task-tool.js";
