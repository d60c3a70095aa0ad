// The JSON Schema of a tool's input, as providers take it, and its derivation from a zod schema.

import { z } from "zod";

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

/** The JSON Schema of a zod input schema, as providers take it (no `$schema` key). */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  // "output": a field that coerces (a number clamped into range) is described by what it accepts in the end.
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: "output" }) as JsonSchema;
  return json;
}
