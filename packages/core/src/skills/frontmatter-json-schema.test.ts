import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FRONTMATTER_JSON_SCHEMA_PATH, serializeFrontmatterJsonSchema } from "./frontmatter-json-schema.js";
import { frontmatterFieldSchemas } from "./frontmatter-schema.js";

describe("the shipped JSON Schema", () => {
  it("equals what the zod source generates (regenerate: node --import tsx scripts/write-json-schema.ts)", () => {
    const shipped = readFileSync(
      new URL(`../../../../${FRONTMATTER_JSON_SCHEMA_PATH}`, import.meta.url),
      "utf8",
    );
    expect(shipped).toBe(serializeFrontmatterJsonSchema());
  });

  it("describes every known field, requires only name and description, and allows other keys", () => {
    const schema = JSON.parse(serializeFrontmatterJsonSchema());
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(frontmatterFieldSchemas).sort());
    expect(schema.required).toEqual(["name", "description"]);
    expect(schema.additionalProperties).toEqual({});
    expect(schema.properties.context).toMatchObject({ enum: ["inline", "fork"], default: "inline" });
  });
});
