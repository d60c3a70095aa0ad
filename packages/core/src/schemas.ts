// The frontmatter's zod schemas and the JSON Schema generated from them, for programs that validate
// frontmatter themselves or ship a schema to editors. A separate entry point (`@skillbox/core/schemas`)
// so that importing `@skillbox/core` never loads zod: Skillbox itself asks for these only to word a
// value a plain check rejected.
export { createFrontmatterJsonSchema } from "./skills/frontmatter-json-schema.js";
export { frontmatterFieldSchemas, skillFrontmatterSchema } from "./skills/frontmatter-schema.js";
