// A small builder for the input schemas of Skillbox's own tools: strict objects of plain fields.
// One declaration gives the JSON Schema providers get, a whole check of each call whose issues have
// zod's shape (so describeInputIssues words them as it words a user's zod schema), and the
// TypeScript types of the input. It exists so importing @skillbox/core does not load zod (issue 19);
// a user's tool may still declare its input with zod (see defineTool).

import type { z } from "zod";
import type { JsonSchema } from "./json-schema.js";

/** One problem with an input, shaped as zod reports it. */
export type InputIssue = z.core.$ZodIssue;

/** Returned by a field's check for a value that failed (its issues were pushed). */
const INVALID: unique symbol = Symbol("invalid");

/** One field of an input object. */
export interface InputField<Input, Output, IsOptional extends boolean = boolean> {
  /** What providers see for this field. */
  readonly json: JsonSchema;
  readonly isOptional: IsOptional;
  /** The value to run with, or INVALID after pushing the value's issues, located at `path`. */
  check(value: unknown, path: readonly PropertyKey[], issues: InputIssue[]): Output | typeof INVALID;
  /** The same field, which may be left out (or given as undefined). */
  optional(): InputField<Input | undefined, Output | undefined, true>;
  /** Types only; never set. */
  readonly "~types"?: { input: Input; output: Output };
}

export type InputShape = Record<string, InputField<unknown, unknown>>;

/** The checked outcome of an input: the value to run with, or every problem found. */
export type InputParse<Output> = { success: true; data: Output } | { success: false; issues: InputIssue[] };

const INPUT_OBJECT = Symbol.for("skillbox.input-object");

/** A tool's whole input: an object with these fields and no others. */
export interface InputObject<Shape extends InputShape> {
  readonly [INPUT_OBJECT]: true;
  readonly shape: Shape;
  /** The JSON Schema providers get. */
  readonly jsonSchema: JsonSchema;
  /** Checks the whole input: the coerced value (a new object), or every issue, fields first. */
  parse(input: unknown): InputParse<ShapeOutput<Shape>>;
  /** Types only; never set. */
  readonly "~types"?: { input: ShapeInput<Shape>; output: ShapeOutput<Shape> };
}

/** The input type of an InputObject, as callers give it (like zod's `z.input`). */
export type InputOf<Schema extends InputObject<InputShape>> = NonNullable<Schema["~types"]>["input"];
/** The type an InputObject's check yields, clamped and coerced (like zod's `z.output`). */
export type OutputOf<Schema extends InputObject<InputShape>> = NonNullable<Schema["~types"]>["output"];

type OptionalKeys<Shape extends InputShape> = {
  [Key in keyof Shape]: Shape[Key]["isOptional"] extends true ? Key : never;
}[keyof Shape];
type Flatten<T> = { [Key in keyof T]: T[Key] };
type FieldTypes<Field> = NonNullable<Field extends { "~types"?: infer Types } ? Types : never>;
type ShapeInput<Shape extends InputShape> = Flatten<
  { [Key in Exclude<keyof Shape, OptionalKeys<Shape>>]: FieldTypes<Shape[Key]>["input"] } & {
    [Key in OptionalKeys<Shape>]?: FieldTypes<Shape[Key]>["input"];
  }
>;
type ShapeOutput<Shape extends InputShape> = Flatten<
  { [Key in Exclude<keyof Shape, OptionalKeys<Shape>>]: FieldTypes<Shape[Key]>["output"] } & {
    [Key in OptionalKeys<Shape>]?: FieldTypes<Shape[Key]>["output"];
  }
>;

/** Whether `value` was built by inputObject. */
export function isInputObject(value: unknown): value is InputObject<InputShape> {
  return typeof value === "object" && value !== null && INPUT_OBJECT in value;
}

/**
 * A strict object of `shape`: unknown keys are refused. Each field's issues come in the order the
 * fields are declared, then one for all unknown keys; the checked value has the declared keys only.
 */
export function inputObject<Shape extends InputShape>(shape: Shape): InputObject<Shape> {
  const required = Object.keys(shape).filter((key) => !shape[key]?.isOptional);
  const properties = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, field.json]));
  const jsonSchema: JsonSchema = {
    type: "object",
    properties,
    ...(required.length === 0 ? {} : { required }),
    additionalProperties: false,
  };
  return {
    [INPUT_OBJECT]: true,
    shape,
    jsonSchema,
    parse(input) {
      if (typeof input !== "object" || input === null || Array.isArray(input)) {
        return { success: false, issues: [invalidType("object", input, [])] };
      }
      const record = input as Record<string, unknown>;
      const issues: InputIssue[] = [];
      const data: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape)) {
        const value = field.check(record[key], [key], issues);
        // As zod does: a key given as undefined stays in the checked input, a key left out does not.
        if (value !== INVALID && (value !== undefined || key in record)) data[key] = value;
      }
      const unknownKeys = Object.keys(record).filter((key) => !Object.hasOwn(shape, key));
      if (unknownKeys.length > 0) {
        issues.push({
          code: "unrecognized_keys",
          keys: unknownKeys,
          path: [],
          input: record,
          message: `Unrecognized key${unknownKeys.length === 1 ? "" : "s"}: ${unknownKeys.map((key) => `"${key}"`).join(", ")}`,
        });
      }
      return issues.length === 0
        ? { success: true, data: data as ShapeOutput<Shape> }
        : { success: false, issues };
    },
  };
}

/** What every field may say to providers. */
interface FieldOptions {
  description?: string;
}

/**
 * A string. `enumHint` lists values in the JSON Schema only (a value outside still passes: the tool
 * answers it, e.g. with a did-you-mean); use enumField to refuse values outside a list.
 */
export function stringField(options: FieldOptions & { enumHint?: readonly string[] } = {}) {
  return makeField<string, string>(
    {
      type: "string",
      ...describedBy(options),
      ...(options.enumHint === undefined ? {} : { enum: [...options.enumHint] }),
    },
    (value, path, issues) =>
      typeof value === "string" ? value : fail(issues, invalidType("string", value, path)),
  );
}

/** A string that also takes a number or a boolean, as its text (models often send `3` for `"3"`). */
export function scalarStringField(options: FieldOptions = {}) {
  return makeField<unknown, string>({ type: "string", ...describedBy(options) }, (value, path, issues) => {
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    return typeof value === "string" ? value : fail(issues, invalidType("string", value, path));
  });
}

export function booleanField(options: FieldOptions = {}) {
  return makeField<boolean, boolean>({ type: "boolean", ...describedBy(options) }, (value, path, issues) =>
    typeof value === "boolean" ? value : fail(issues, invalidType("boolean", value, path)),
  );
}

/** A finite number, within `min` and `max` where given. */
export function numberField(options: FieldOptions & { min?: number; max?: number } = {}) {
  const { min, max } = options;
  return makeField<number, number>(
    {
      type: "number",
      ...(min === undefined ? {} : { minimum: min }),
      ...(max === undefined ? {} : { maximum: max }),
      ...describedBy(options),
    },
    (value, path, issues) => {
      if (!isFiniteNumber(value)) return fail(issues, invalidType("number", value, path));
      return checkRange(value, min, max, path, issues);
    },
  );
}

/**
 * A whole number from `min` to `max`. With `clamp`, a number outside is clamped (a fraction rounded
 * down) rather than refused, so "as many as possible" costs no retry; anything but a finite number
 * is refused either way. `default` is what the tool uses when the field is left out, shown to providers.
 */
export function integerField(
  options: FieldOptions & { min: number; max: number; clamp?: boolean; default?: number },
) {
  const { min, max } = options;
  // Key order as the zod schemas these replaced sent it, so the text providers get is unchanged.
  const json: JsonSchema = {
    ...(options.default === undefined ? {} : { default: options.default }),
    ...describedBy(options),
    type: "integer",
    minimum: min,
    maximum: max,
  };
  if (options.clamp === true) {
    return makeField<unknown, number>(json, (value, path, issues) =>
      isFiniteNumber(value)
        ? Math.min(max, Math.max(min, Math.floor(value)))
        : fail(issues, invalidType("number", value, path)),
    );
  }
  return makeField<number, number>(json, (value, path, issues) => {
    if (!isFiniteNumber(value)) return fail(issues, invalidType("number", value, path));
    if (!Number.isInteger(value)) return fail(issues, invalidType("int", value, path));
    return checkRange(value, min, max, path, issues);
  });
}

/** One of `values`, exactly. */
export function enumField<const Value extends string>(
  values: readonly [Value, ...Value[]],
  options: FieldOptions = {},
) {
  return makeField<Value, Value>(
    { type: "string", enum: [...values], ...describedBy(options) },
    (value, path, issues) =>
      values.includes(value as Value)
        ? (value as Value)
        : fail(issues, {
            code: "invalid_value",
            values: [...values],
            path: [...path],
            input: value,
            message: `Invalid option: expected one of ${values.map((item) => JSON.stringify(item)).join("|")}`,
          }),
  );
}

/** An array whose every item is an `items` (an item that fails is named by its index). */
export function arrayField<Input, Output>(
  items: InputField<Input, Output, false>,
  options: FieldOptions = {},
) {
  return makeField<Input[], Output[]>(
    { type: "array", items: items.json, ...describedBy(options) },
    (value, path, issues) => {
      if (!Array.isArray(value)) return fail(issues, invalidType("array", value, path));
      const before = issues.length;
      const checked = value.map((item, index) => items.check(item, [...path, index], issues));
      return issues.length === before ? (checked as Output[]) : INVALID;
    },
  );
}

function makeField<Input, Output>(
  json: JsonSchema,
  check: (value: unknown, path: readonly PropertyKey[], issues: InputIssue[]) => Output | typeof INVALID,
): InputField<Input, Output, false> {
  return {
    json,
    isOptional: false,
    // A missing value fails the field's own check, as zod words it (a string "is required").
    check,
    optional() {
      return {
        json,
        isOptional: true,
        check: (value, path, issues) => (value === undefined ? undefined : check(value, path, issues)),
        optional() {
          return this;
        },
      };
    },
  };
}

function checkRange(
  value: number,
  min: number | undefined,
  max: number | undefined,
  path: readonly PropertyKey[],
  issues: InputIssue[],
): number | typeof INVALID {
  const before = issues.length;
  if (min !== undefined && value < min) {
    issues.push({
      code: "too_small",
      origin: "number",
      minimum: min,
      inclusive: true,
      path: [...path],
      input: value,
      message: `Too small: expected number to be >=${min}`,
    });
  }
  if (max !== undefined && value > max) {
    issues.push({
      code: "too_big",
      origin: "number",
      maximum: max,
      inclusive: true,
      path: [...path],
      input: value,
      message: `Too big: expected number to be <=${max}`,
    });
  }
  return issues.length === before ? value : INVALID;
}

function invalidType(expected: string, input: unknown, path: readonly PropertyKey[]): InputIssue {
  return {
    code: "invalid_type",
    expected,
    path: [...path],
    input,
    message: `Invalid input: expected ${expected}`,
  };
}

function fail(issues: InputIssue[], issue: InputIssue): typeof INVALID {
  issues.push(issue);
  return INVALID;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function describedBy(options: FieldOptions): JsonSchema {
  return options.description === undefined ? {} : { description: options.description };
}
