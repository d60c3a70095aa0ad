// The one tool shape every Skillbox tool uses (skill tools and the agent's built-ins), in the
// `tool({ inputSchema, execute(input, { abortSignal }) })` form the Vercel AI SDK made familiar.
// Provider adapters translate it; nothing else needs to know a wire format.

/** A JSON Schema object any provider accepts for tool parameters. */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: readonly (string | number)[];
  additionalProperties?: boolean | JsonSchema;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  [key: string]: unknown;
}

/** What a tool call returns to the model. Failures the model can act on are `isError` results, not throws. */
export interface ToolResult {
  content: string;
  isError?: boolean;
  metadata?: Record<string, unknown>;
}

/** Per-call context handed to `execute`. */
export interface ToolContext {
  sessionId?: string;
  agentName?: string;
  abortSignal?: AbortSignal;
  /** Working directory of the agent, for tools that touch files. */
  cwd?: string;
}

export interface Tool<Input = Record<string, unknown>> {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  execute(input: Input, context: ToolContext): Promise<ToolResult>;
}

/** Identity helper that fixes the input type; kept so every tool is declared the same way. */
export function defineTool<Input>(tool: Tool<Input>): Tool<Input> {
  return tool;
}

/** A tool result that tells the model what went wrong and how to recover. */
export function toolError(message: string, metadata?: Record<string, unknown>): ToolResult {
  return metadata === undefined
    ? { content: message, isError: true }
    : { content: message, isError: true, metadata };
}
