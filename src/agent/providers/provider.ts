// The provider interface: one chat-completion call with tools, streaming text as it arrives.
// Adapters (OpenAI Chat Completions, Anthropic Messages) implement it through their official SDKs.

import type { JsonSchema } from "../../tools/define-tool.js";

export interface ToolCall {
  id: string;
  name: string;
  /** Parsed arguments; when the model sent malformed JSON, `{}` with `argumentsError` set. */
  arguments: Record<string, unknown>;
  argumentsError?: string;
}

export type ChatMessage =
  | { role: "user"; content: string }
  | { role: "assistant"; content: string; toolCalls?: ToolCall[] }
  | {
      role: "tool";
      toolCallId: string;
      toolName: string;
      content: string;
      isError?: boolean;
      /** The tool result's metadata, kept for the runtime (skill re-attachment); adapters do not send it. */
      metadata?: Record<string, unknown>;
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
