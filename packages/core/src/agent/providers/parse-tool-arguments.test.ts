import { describe, expect, it } from "vitest";
import { parseToolArguments } from "./parse-tool-arguments.js";

describe("parseToolArguments", () => {
  it("accepts JSON object text, objects, and empty input", () => {
    expect(parseToolArguments('{"a":1}')).toEqual({ arguments: { a: 1 } });
    expect(parseToolArguments({ a: 1 })).toEqual({ arguments: { a: 1 } });
    expect(parseToolArguments("")).toEqual({ arguments: {} });
    expect(parseToolArguments(undefined)).toEqual({ arguments: {} });
  });

  it("reports malformed JSON and non-objects without throwing", () => {
    expect(parseToolArguments('{"a":')).toMatchObject({
      arguments: {},
      argumentsError: expect.stringContaining("not valid JSON"),
    });
    expect(parseToolArguments("[1,2]")).toEqual({
      arguments: {},
      argumentsError: "Tool arguments must be a JSON object, got an array.",
    });
    expect(parseToolArguments(42)).toEqual({
      arguments: {},
      argumentsError: "Tool arguments must be a JSON object, got a number.",
    });
  });
});
