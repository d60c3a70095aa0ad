import { describe, expect, it } from "vitest";
import { BOOLEAN_FIELDS, FRONTMATTER_FIELDS, KNOWN_FIELDS, SPEC_FIELDS } from "./frontmatter-fields.js";
import { frontmatterFieldSchemas } from "./frontmatter-schema.js";

describe("the frontmatter field names", () => {
  it("are the schema's fields, in its order, starting with the spec's six", () => {
    expect(FRONTMATTER_FIELDS).toEqual(Object.keys(frontmatterFieldSchemas));
    expect([...KNOWN_FIELDS]).toEqual(Object.keys(frontmatterFieldSchemas));
    expect(FRONTMATTER_FIELDS.slice(0, SPEC_FIELDS.length)).toEqual([...SPEC_FIELDS]);
  });

  it("mark as boolean exactly the fields whose schema takes a boolean", () => {
    const booleans = Object.entries(frontmatterFieldSchemas)
      .filter(([, schema]) => schema.safeParse(true).success && !schema.safeParse("true").success)
      .map(([field]) => field);
    expect([...BOOLEAN_FIELDS]).toEqual(booleans);
  });
});
