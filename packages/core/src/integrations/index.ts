// The `skillbox/integrations` subpath: skills for agents built on other SDKs (Vercel AI SDK, OpenAI,
// Anthropic, the OpenAI Agents SDK, LangChain.js, Mastra). Named exports only.

export type { ToolCall } from "../agent/providers/provider.js";
export type { SkillSuggestion, SuggestionSetting } from "../agent/suggestions/create-skill-suggester.js";
export { renderSuggestionReminder } from "../agent/suggestions/suggestion-reminder.js";
export type {
  AiSdkHelpers,
  AiSdkInputSchema,
  AiSdkTool,
  AiSdkToolCallOptions,
  AiSdkToolOutput,
  AiSdkToolSet,
} from "./ai-sdk-tools.js";
export { toAiSdkTools } from "./ai-sdk-tools.js";
export type {
  AnthropicContentBlock,
  AnthropicTool,
  AnthropicToolResultBlock,
  AnthropicToolUseBlock,
} from "./anthropic-tools.js";
export { handleAnthropicToolUse, toAnthropicTools } from "./anthropic-tools.js";
export type { CreateSkillsOptions, Skills } from "./create-skills.js";
export { createSkills } from "./create-skills.js";
export type { LangChainHelpers, LangChainToolFields } from "./langchain-tools.js";
export { toLangChainTools } from "./langchain-tools.js";
export type { MastraHelpers, MastraToolOptions } from "./mastra-tools.js";
export { toMastraTools } from "./mastra-tools.js";
export type { OpenAIAgentsHelpers, OpenAIAgentsToolOptions } from "./openai-agents-tools.js";
export { toOpenAIAgentsTools } from "./openai-agents-tools.js";
export type { OpenAIFunctionTool, OpenAIToolCall, OpenAIToolMessage } from "./openai-tools.js";
export { handleOpenAIToolCalls, toOpenAITools } from "./openai-tools.js";
export type { ToolCallOptions, ToolSource } from "./run-tool-call.js";
export { readTools, runToolCall } from "./run-tool-call.js";
