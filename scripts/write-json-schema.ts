// Script: regenerates schema/skill-frontmatter.schema.json from the zod source.
// Run with `node --import tsx scripts/write-json-schema.ts` after changing frontmatter-schema.ts.
import { rename, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import {
  FRONTMATTER_JSON_SCHEMA_PATH,
  serializeFrontmatterJsonSchema,
} from "@skillbox/core/skills/frontmatter-json-schema";

const target = fileURLToPath(new URL(`../${FRONTMATTER_JSON_SCHEMA_PATH}`, import.meta.url));
const temporary = `${target}.${process.pid}.tmp`;
await writeFile(temporary, serializeFrontmatterJsonSchema(), "utf8");
await rename(temporary, target);
