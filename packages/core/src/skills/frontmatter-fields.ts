// The frontmatter's field names without their zod schemas (frontmatter-schema.ts): loading and
// checking skills needs the names on every run, the schemas only to word a value a plain check rejects.

/** The six fields the Agent Skills specification defines. */
export const SPEC_FIELDS = [
  "name",
  "description",
  "license",
  "compatibility",
  "metadata",
  "allowed-tools",
] as const;

/** Every field the schema knows, in its order: the spec's six, then the extensions. */
export const FRONTMATTER_FIELDS = [
  ...SPEC_FIELDS,
  "context",
  "model",
  "argument-hint",
  "when_to_use",
  "disable-model-invocation",
  "user-invocable",
  "version",
  "paths",
  "agent",
  "effort",
  "tags",
  "arguments",
  "disallowed-tools",
  "hooks",
  "shell",
] as const;

/** Every known field name: the spec's six and the extensions. */
export type FrontmatterField = (typeof FRONTMATTER_FIELDS)[number];

/** Every field the schema knows. */
export const KNOWN_FIELDS: ReadonlySet<string> = new Set(FRONTMATTER_FIELDS);

/** Fields whose YAML value is a boolean; the failsafe parse leaves them as text to coerce. */
export const BOOLEAN_FIELDS: ReadonlySet<string> = new Set(["disable-model-invocation", "user-invocable"]);
