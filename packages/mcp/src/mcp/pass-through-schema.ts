// A Standard Schema that advertises a JSON Schema but accepts any object: Skillbox's tools check their
// own input and answer with `isError` and a hint, which an SDK-side validation error would replace.

import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";

/** Arguments as they arrived: the tool (or prompt) validates them itself. */
export type UncheckedArguments = Record<string, unknown>;

/** Advertises `jsonSchema()` (read on every tools/list, so it may change) and lets every object through. */
export function passThroughSchema(
  jsonSchema: () => Record<string, unknown>,
): StandardSchemaWithJSON<UncheckedArguments> {
  return {
    "~standard": {
      version: 1,
      vendor: "skillbox",
      validate: (value) => ({
        value:
          typeof value === "object" && value !== null && !Array.isArray(value)
            ? (value as UncheckedArguments)
            : {},
      }),
      jsonSchema: { input: () => jsonSchema(), output: () => jsonSchema() },
    },
  };
}
