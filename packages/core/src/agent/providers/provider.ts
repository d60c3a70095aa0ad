// The provider interface: one chat-completion call with tools, streaming text as it arrives.
// Adapters (OpenAI Chat Completions, Anthropic Messages) implement it through their official SDKs.

import type { JsonSchema, ToolResultData } from "../../tools/define-tool.js";
import type { SkillLoaded } from "../../tools/skill-loaded.js";

export interface ToolCall {
  id: string;
  name: string;
  /** Parsed arguments; when the model sent malformed JSON, `{}` with `argumentsError` set. */
  arguments: Record<string, unknown>;
  argumentsError?: string;
}

/**
 * One message of the history. `metadata` and `data` stay with the runtime (adapters send neither):
 * `data` says what a message put into the conversation — a skill, from load_skill or `/name` — so
 * activation and compaction never parse the text.
 */
export type ChatMessage =
  | { role: "user"; content: string; data?: SkillLoaded }
  | { role: "assistant"; content: string; toolCalls?: ToolCall[] }
  | {
      role: "tool";
      toolCallId: string;
      toolName: string;
      content: string;
      isError?: boolean;
      /** The tool result's metadata (display, audit). */
      metadata?: Record<string, unknown>;
      /** The tool result's typed data. */
      data?: ToolResultData;
    };

export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

export interface ChatRequest {
  model: string;
  system: string;
  messages: ChatMessage[];
  tools: ToolSpec[];
  maxTokens?: number;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ChatResponse {
  text: string;
  toolCalls: ToolCall[];
  stopReason: "end" | "tool-calls" | "max-tokens" | "other";
  usage: TokenUsage;
}

export interface ChatCallOptions {
  signal?: AbortSignal;
  /** Called with each streamed text delta. */
  onText?: (delta: string) => void;
}

export interface ChatProvider {
  readonly name: "openai" | "anthropic" | (string & {});
  /** False for models that cannot call tools: they get no skill tools and no skill list. */
  readonly supportsTools: boolean;
  complete(request: ChatRequest, options?: ChatCallOptions): Promise<ChatResponse>;
}
