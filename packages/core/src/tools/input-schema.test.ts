import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "./define-tool.js";
import { describeInputIssues } from "./describe-input-issues.js";
import {
  arrayField,
  booleanField,
  enumField,
  inputObject,
  integerField,
  isInputObject,
  numberField,
  scalarStringField,
  stringField,
} from "./input-schema.js";

const schema = inputObject({
  name: stringField({ description: "A name." }),
  mode: enumField(["fast", "slow"]).optional(),
  force: booleanField().optional(),
  ratio: numberField({ min: 0, max: 1 }).optional(),
  count: integerField({ min: 1, max: 5 }).optional(),
  limit: integerField({ min: 1, max: 50, clamp: true, default: 10 }).optional(),
  args: arrayField(scalarStringField()).optional(),
});

// The same input, written with zod: the builder must word every problem as zod's issues are worded.
const zodSchema = z.strictObject({
  name: z.string().describe("A name."),
  mode: z.enum(["fast", "slow"]).optional(),
  force: z.boolean().optional(),
  ratio: z.number().min(0).max(1).optional(),
  count: z.int().min(1).max(5).optional(),
  limit: z
    .preprocess(
      (value) =>
        typeof value === "number" && Number.isFinite(value)
          ? Math.min(50, Math.max(1, Math.floor(value)))
          : value,
      z.int().min(1).max(50),
    )
    .meta({ default: 10 })
    .optional(),
  args: z
    .array(
      z.preprocess(
        (value) => (typeof value === "number" || typeof value === "boolean" ? String(value) : value),
        z.string(),
      ),
    )
    .optional(),
});

function issuesOf(input: unknown) {
  const parsed = schema.parse(input);
  return parsed.success ? [] : parsed.issues;
}

describe("inputObject", () => {
  it("describes itself to providers as a strict object, required keys listed", () => {
    expect(schema.jsonSchema).toEqual({
      type: "object",
      properties: {
        name: { type: "string", description: "A name." },
        mode: { type: "string", enum: ["fast", "slow"] },
        force: { type: "boolean" },
        ratio: { type: "number", minimum: 0, maximum: 1 },
        count: { type: "integer", minimum: 1, maximum: 5 },
        limit: { type: "integer", minimum: 1, maximum: 50, default: 10 },
        args: { type: "array", items: { type: "string" } },
      },
      required: ["name"],
      additionalProperties: false,
    });
    expect(inputObject({ note: stringField().optional() }).jsonSchema).toEqual({
      type: "object",
      properties: { note: { type: "string" } },
      additionalProperties: false,
    });
  });

  it("lists an enum hint to providers without refusing other values", () => {
    const hinted = inputObject({ skill: stringField({ enumHint: ["pdf", "docx"] }) });
    expect(hinted.jsonSchema.properties?.skill).toEqual({ type: "string", enum: ["pdf", "docx"] });
    expect(hinted.parse({ skill: "xlsx" })).toEqual({ success: true, data: { skill: "xlsx" } });
  });

  it("refuses unknown keys, in one issue after the fields' issues", () => {
    expect(issuesOf({ name: 1, extra: true, other: undefined })).toMatchObject([
      { code: "invalid_type", expected: "string", path: ["name"], input: 1 },
      { code: "unrecognized_keys", keys: ["extra", "other"], path: [] },
    ]);
  });

  it("reports a missing key, a wrong type, a value out of range, a fraction and a value outside an enum, each at its path", () => {
    expect(issuesOf({ mode: "medium", force: "yes", ratio: 2, count: 1.5 })).toMatchObject([
      { code: "invalid_type", expected: "string", path: ["name"], input: undefined },
      { code: "invalid_value", values: ["fast", "slow"], path: ["mode"], input: "medium" },
      { code: "invalid_type", expected: "boolean", path: ["force"], input: "yes" },
      { code: "too_big", origin: "number", maximum: 1, path: ["ratio"], input: 2 },
      { code: "invalid_type", expected: "int", path: ["count"], input: 1.5 },
    ]);
    expect(issuesOf({ name: "a", ratio: -1, count: 0 })).toMatchObject([
      { code: "too_small", origin: "number", minimum: 0, path: ["ratio"] },
      { code: "too_small", origin: "number", minimum: 1, path: ["count"] },
    ]);
    expect(issuesOf({ name: "a", args: ["x", null, {}] })).toMatchObject([
      { code: "invalid_type", expected: "string", path: ["args", 1], input: null },
      { code: "invalid_type", expected: "string", path: ["args", 2] },
    ]);
  });

  it("refuses an input that is not an object, with that one issue", () => {
    for (const input of ["text", null, [], 3, undefined]) {
      expect(issuesOf(input)).toEqual([
        expect.objectContaining({ code: "invalid_type", expected: "object", path: [] }),
      ]);
    }
  });

  it("clamps a clamped integer into range (a fraction rounded down) and refuses what is not a finite number", () => {
    const limitOf = (limit: unknown) => {
      const parsed = schema.parse({ name: "a", limit });
      return parsed.success ? parsed.data.limit : parsed.issues.map((issue) => issue.code);
    };
    expect([limitOf(0), limitOf(-3), limitOf(7.9), limitOf(1e9)]).toEqual([1, 1, 7, 50]);
    expect([limitOf("5"), limitOf(Number.NaN), limitOf(Number.POSITIVE_INFINITY), limitOf(null)]).toEqual([
      ["invalid_type"],
      ["invalid_type"],
      ["invalid_type"],
      ["invalid_type"],
    ]);
  });

  it("returns a new object with the declared keys in order, scalars turned to strings, a key given as undefined kept", () => {
    const input = { args: [1, true, "x"], force: undefined, name: "a" };
    const parsed = schema.parse(input);
    expect(parsed).toEqual({
      success: true,
      data: { name: "a", force: undefined, args: ["1", "true", "x"] },
    });
    expect(parsed.success && Object.keys(parsed.data)).toEqual(["name", "force", "args"]);
    expect(parsed.success && parsed.data).not.toBe(input);
  });

  it("words every problem exactly as the same schema written with zod", () => {
    const inputs: unknown[] = [
      {},
      "text",
      null,
      undefined,
      { name: "a", extra: 1, more: 2 },
      { name: 3, mode: 1, force: 0, ratio: Number.NaN, count: 9, limit: "x", args: "x" },
      { name: "a", ratio: -0.5, count: 2.5, limit: Number.NEGATIVE_INFINITY, args: [1, null, [], false] },
      { name: null, mode: "fast", count: 0, limit: 400 },
    ];
    for (const input of inputs) {
      const ours = schema.parse(input);
      const theirs = zodSchema.safeParse(input, { reportInput: true });
      expect(ours.success).toBe(theirs.success);
      if (ours.success || theirs.success) {
        expect(ours.success && ours.data).toEqual(theirs.success && theirs.data);
        continue;
      }
      expect(describeInputIssues("demo", ours.issues, schema.jsonSchema)).toBe(
        describeInputIssues("demo", theirs.error.issues, schema.jsonSchema),
      );
    }
  });

  it("is told apart from a JSON Schema and from a zod schema", () => {
    expect(isInputObject(schema)).toBe(true);
    expect(isInputObject(schema.jsonSchema)).toBe(false);
    expect(isInputObject(zodSchema)).toBe(false);
  });
});

describe("defineTool with an input-schema object", () => {
  it("checks each call whole and runs with the checked input", async () => {
    const runs: unknown[] = [];
    const pick = defineTool({
      name: "pick",
      description: "Pick a mode.",
      inputSchema: inputObject({
        mode: enumField(["fast", "slow"]),
        times: integerField({ min: 1, max: 3, clamp: true }).optional(),
      }),
      async execute(input) {
        runs.push(input);
        return { content: `${input.mode} x${input.times ?? 1}` };
      },
    });
    expect(await pick.execute({ mode: "fast", times: 9 }, {})).toEqual({ content: "fast x3" });
    const refused = await pick.execute({ mode: "medium", loud: true } as never, {});
    expect(refused).toEqual({
      isError: true,
      content: [
        "Invalid arguments for pick:",
        '- mode must be one of "fast", "slow".',
        '- "loud" is not a parameter of pick; leave it out.',
        'Call pick again with { mode: "fast" | "slow", times?: integer }.',
      ].join("\n"),
    });
    expect(runs).toEqual([{ mode: "fast", times: 3 }]);
  });
});
