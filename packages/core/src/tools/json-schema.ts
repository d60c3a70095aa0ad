// The JSON Schema of a tool's input, as providers take it, and the zod schemas a user's tool may
// declare its input with — recognised by their shape and read through their own methods, so core
// never loads zod itself (issue 19).

import type { z } from "zod";
import { SkillboxError } from "../errors.js";

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

/** Whether `value` is a zod 4 schema (its Standard Schema vendor says so, and it has zod's internals). */
export function isZodSchema(value: unknown): value is z.ZodType {
  if (typeof value !== "object" || value === null || !("_zod" in value)) return false;
  const standard = (value as { "~standard"?: { vendor?: unknown } })["~standard"];
  return standard?.vendor === "zod" && typeof (value as { safeParse?: unknown }).safeParse === "function";
}

/** The JSON Schema of a zod input schema, as providers take it (no `$schema` key). */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  if (typeof schema.toJSONSchema !== "function") {
    throw new SkillboxError(
      "invalid-argument",
      "A tool's zod input schema must be a schema from zod 4's main API (import { z } from \"zod\"), which has toJSONSchema(); zod/mini schemas are not supported.",
    );
  }
  // "output": a field that coerces (a number clamped into range) is described by what it accepts in the end.
  const { $schema: _dialect, ...json } = schema.toJSONSchema({ io: "output" }) as JsonSchema;
  return json;
}
