// Renders the zod frontmatter schema as the JSON Schema file shipped for editors (pure).
import { z } from "zod";
import { skillFrontmatterSchema } from "./frontmatter-schema.js";

/** Where the JSON Schema file lives, relative to the package root. */
export const FRONTMATTER_JSON_SCHEMA_PATH = "schema/skill-frontmatter.schema.json";

/** The frontmatter JSON Schema (draft-07, the draft editors support best), generated from the zod source. */
export function createFrontmatterJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(skillFrontmatterSchema, { target: "draft-7", io: "input" });
  const { $schema, ...rest } = generated;
  return {
    $schema,
    $id: "https://unpkg.com/skillbox/schema/skill-frontmatter.schema.json",
    title: "Agent Skills SKILL.md frontmatter",
    ...rest,
  };
}

/** The file's exact text: two-space JSON and a final newline. */
export function serializeFrontmatterJsonSchema(): string {
  return `${JSON.stringify(createFrontmatterJsonSchema(), null, 2)}\n`;
}
