import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkToolInput } from "./check-tool-input.js";
import { defineTool, type Tool } from "./define-tool.js";

// A user's own zod field that clamps a number into 1..5 rather than refusing it.
const clampedCount = z.preprocess(
  (value) => (typeof value === "number" ? Math.min(5, Math.max(1, Math.floor(value))) : value),
  z.int().min(1).max(5),
);

const runs: unknown[] = [];
const copy = defineTool({
  name: "copy",
  description: "Copy files.",
  inputSchema: z.strictObject({
    from: z.string().describe("Source path."),
    to: z.array(z.string()).describe("Destinations."),
    count: clampedCount.meta({ default: 1 }).optional(),
  }),
  async execute(input) {
    runs.push(input);
    return { content: `${input.from} -> ${input.to.join(", ")} x${input.count ?? 1}` };
  },
});

describe("defineTool with a zod schema", () => {
  it("derives the JSON Schema providers get from the zod schema", () => {
    expect(copy.inputSchema).toEqual({
      type: "object",
      properties: {
        from: { type: "string", description: "Source path." },
        to: { type: "array", items: { type: "string" }, description: "Destinations." },
        count: { type: "integer", minimum: 1, maximum: 5, default: 1 },
      },
      required: ["from", "to"],
      additionalProperties: false,
    });
  });

  it("answers a wrong type, a missing key and unknown keys with one line per problem and the shape of a valid call", async () => {
    runs.length = 0;
    const result = await copy.execute({ from: 3, extra: true, mode: "x" } as never, {});
    expect(result.isError).toBe(true);
    expect(result.content).toBe(
      [
        "Invalid arguments for copy:",
        "- from must be a string; got the number 3.",
        "- to is required (an array).",
        '- "extra" is not a parameter of copy; leave it out.',
        '- "mode" is not a parameter of copy; leave it out.',
        "Call copy again with { from: string, to: array of strings, count?: integer }.",
      ].join("\n"),
    );
    expect(runs).toEqual([]);
  });

  it("names the item of an array that is wrong, and an input that is not an object", async () => {
    const item = await copy.execute({ from: "a", to: ["b", null] } as never, {});
    expect(item.content).toContain("- to[1] must be a string; got null.");
    const notObject = copy.parseInput?.("a.txt");
    expect(notObject).toMatchObject({ ok: false });
    expect(notObject?.ok === false && notObject.error.content).toContain(
      "- The arguments must be an object; got a string.",
    );
  });

  it("runs with the parsed input: numbers out of range are clamped rather than refused", async () => {
    runs.length = 0;
    const result = await copy.execute({ from: "a", to: ["b"], count: 40 }, {});
    expect(result).toEqual({ content: "a -> b x5" });
    expect(runs).toEqual([{ from: "a", to: ["b"], count: 5 }]);
  });

  it("reads a schema built by a function on every use, for inputs that follow live data", () => {
    let names = ["one"];
    const pick = defineTool({
      name: "pick",
      description: "Pick a name.",
      inputSchema: () => z.strictObject({ name: z.string().meta({ enum: [...names] }) }),
      async execute(input) {
        return { content: input.name };
      },
    });
    expect(pick.inputSchema.properties?.name?.enum).toEqual(["one"]);
    names = ["one", "two"];
    expect(pick.inputSchema.properties?.name?.enum).toEqual(["one", "two"]);
  });
});

describe("checkToolInput", () => {
  it("uses a zod tool's whole check, and only required keys for a tool described by a JSON Schema alone", () => {
    const legacy = defineTool<{ text: string }>({
      name: "echo",
      description: "Echo.",
      inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
      async execute(input) {
        return { content: input.text };
      },
    });
    expect(legacy.parseInput).toBeUndefined();
    expect(checkToolInput(legacy as Tool, { text: 1, extra: true })).toEqual({
      ok: true,
      input: { text: 1, extra: true },
    });
    expect(checkToolInput(legacy as Tool, {})).toMatchObject({
      ok: false,
      error: {
        content: "echo is missing required argument(s): text. Call it again with them.",
        isError: true,
      },
    });
    expect(checkToolInput(copy as Tool, { from: "a", to: [] })).toEqual({
      ok: true,
      input: { from: "a", to: [] },
    });
  });
});
