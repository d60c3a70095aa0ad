// The one tool shape every Skillbox tool uses (skill tools and the agent's built-ins), in the
// `tool({ inputSchema, execute(input, { abortSignal }) })` form the Vercel AI SDK made familiar.
// A tool's input is a schema — a user's zod object schema, or one built with input-schema.ts (core's
// own tools, which keeps zod off core's import path): the JSON Schema providers get and the
// TypeScript type of `execute`'s input are derived from it, and every call is checked against it whole.
// Provider adapters translate the shape; nothing else needs to know a wire format.

import type { z } from "zod";
import { describeInputIssues } from "./describe-input-issues.js";
import {
  type InputIssue,
  type InputObject,
  type InputOf,
  type InputShape,
  isInputObject,
  type OutputOf,
} from "./input-schema.js";
import { isZodSchema, type JsonSchema, toJsonSchema } from "./json-schema.js";
import type { SkillLoaded } from "./skill-loaded.js";

export type { JsonSchema } from "./json-schema.js";

/** Typed facts a tool hands the runtime beside the text the model sees. */
export type ToolResultData = SkillLoaded;

/** What a tool call returns to the model. Failures the model can act on are `isError` results, not throws. */
export interface ToolResult {
  content: string;
  isError?: boolean;
  /** Loose details for logs, audit and front ends (the skill's name, counts, `auditStatus`). */
  metadata?: Record<string, unknown>;
  /** What the agent loop acts on without reading `content` (a loaded skill's scope); never sent to the model. */
  data?: ToolResultData;
}

/** Per-call context handed to `execute`. */
export interface ToolContext {
  sessionId?: string;
  agentName?: string;
  abortSignal?: AbortSignal;
  /** Working directory of the agent, for tools that touch files. */
  cwd?: string;
}

/** A checked input to run the tool with, or the error result that tells the model what to fix. */
export type ToolInputCheck<Input> = { ok: true; input: Input } | { ok: false; error: ToolResult };

export interface Tool<Input = Record<string, unknown>> {
  name: string;
  description: string;
  /** The JSON Schema sent to providers; for tools defined with a zod schema, derived from it. */
  inputSchema: JsonSchema;
  /**
   * Checks the whole input: types, required keys, no unknown keys. Tools described by a JSON
   * Schema alone (a remote MCP server's, a caller's own) lack it; see checkToolInput.
   */
  parseInput?(input: unknown): ToolInputCheck<Input>;
  execute(input: Input, context: ToolContext): Promise<ToolResult>;
}

/** A tool's input schema: a zod object schema, or an object built with input-schema.ts. */
export type ToolInputSchema = z.ZodObject | InputObject<InputShape>;

type SchemaInput<Schema> = Schema extends z.ZodType
  ? z.input<Schema>
  : Schema extends ToolInputSchema
    ? InputOf<Exclude<Schema, z.ZodType>>
    : never;
type SchemaOutput<Schema> = Schema extends z.ZodType
  ? z.output<Schema>
  : Schema extends ToolInputSchema
    ? OutputOf<Exclude<Schema, z.ZodType>>
    : never;

/** How a tool with an input schema is declared. */
export interface ToolDefinition<Schema extends ToolInputSchema> {
  name: string;
  description: string;
  /** The input schema, or a function that builds it anew (an enum that follows live data). */
  inputSchema: Schema | (() => Schema);
  /** Runs with input that passed the schema; a call that did not is answered before it gets here. */
  execute(input: SchemaOutput<Schema>, context: ToolContext): Promise<ToolResult>;
}

/**
 * Declares a tool. With an input schema (zod's or input-schema.ts's), the JSON Schema and the input
 * type are derived from it and `execute` (and `parseInput`) check every input whole, whoever calls
 * them. With a JSON Schema it is the identity, for tools whose input is checked elsewhere (a remote server's).
 */
export function defineTool<Schema extends ToolInputSchema>(
  definition: ToolDefinition<Schema>,
): Tool<SchemaInput<Schema>>;
export function defineTool<Input = Record<string, unknown>>(tool: Tool<Input>): Tool<Input>;
export function defineTool(definition: ToolDefinition<ToolInputSchema> | Tool<unknown>): Tool<unknown> {
  if (!isSchemaDefinition(definition)) return definition;
  const source = definition.inputSchema;
  const schemaOf = typeof source === "function" ? source : () => source;
  // A fixed schema is converted once; one built by a function, on every read.
  let fixedJson: JsonSchema | undefined;
  const jsonOf = (schema: ToolInputSchema): JsonSchema => {
    if (typeof source === "function") return jsonSchemaOf(schema);
    fixedJson ??= jsonSchemaOf(schema);
    return fixedJson;
  };
  // Inputs this tool's parseInput produced, so execute right after it (the agent's path) does not
  // check them twice; anything else handed to execute is checked there.
  const checkedInputs = new WeakSet<object>();
  const parseInput = (input: unknown): ToolInputCheck<unknown> => {
    const schema = schemaOf();
    const parsed = parseWith(schema, input);
    if (parsed.success) {
      checkedInputs.add(parsed.data);
      return { ok: true, input: parsed.data };
    }
    return {
      ok: false,
      error: toolError(describeInputIssues(definition.name, parsed.issues, jsonOf(schema))),
    };
  };
  return {
    name: definition.name,
    // Getters: a definition may compute its description (load_skill lists the current skills).
    get description() {
      return definition.description;
    },
    get inputSchema() {
      return jsonOf(schemaOf());
    },
    parseInput,
    async execute(input, context) {
      if (typeof input === "object" && input !== null && checkedInputs.has(input)) {
        return definition.execute(input as Record<string, unknown>, context);
      }
      const checked = parseInput(input);
      if (!checked.ok) return checked.error;
      return definition.execute(checked.input as Record<string, unknown>, context);
    },
  };
}

/** A tool result that tells the model what went wrong and how to recover. */
export function toolError(message: string, metadata?: Record<string, unknown>): ToolResult {
  return metadata === undefined
    ? { content: message, isError: true }
    : { content: message, isError: true, metadata };
}

function isSchemaDefinition(
  definition: ToolDefinition<ToolInputSchema> | Tool<unknown>,
): definition is ToolDefinition<ToolInputSchema> {
  const schema = definition.inputSchema;
  return typeof schema === "function" || isZodSchema(schema) || isInputObject(schema);
}

function jsonSchemaOf(schema: ToolInputSchema): JsonSchema {
  return isInputObject(schema) ? schema.jsonSchema : toJsonSchema(schema);
}

function parseWith(
  schema: ToolInputSchema,
  input: unknown,
): { success: true; data: object } | { success: false; issues: readonly InputIssue[] } {
  if (isInputObject(schema)) return schema.parse(input);
  const parsed = schema.safeParse(input, { reportInput: true });
  return parsed.success ? parsed : { success: false, issues: parsed.error.issues };
}
