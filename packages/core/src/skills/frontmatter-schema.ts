// The SKILL.md frontmatter schema, written once in zod: it gives the TypeScript type, the runtime type
// checks of the loader, and the JSON Schema file shipped for editors (schema/skill-frontmatter.schema.json).
// The field names live in frontmatter-fields.ts, so loading skills evaluates zod only when a value
// fails a plain check (see load-frontmatter-schema.ts).
import { z } from "zod";
import { type FrontmatterField, KNOWN_FIELDS, SPEC_FIELDS } from "./frontmatter-fields.js";

export { type FrontmatterField, KNOWN_FIELDS, SPEC_FIELDS };

const toolList = z
  .union([z.string(), z.array(z.string())])
  .describe("Tools as a space-separated string (spec), a comma-separated string or a YAML list.");

const stringList = z.union([z.string(), z.array(z.string())]);

const hookCommand = z.object({
  type: z.literal("command"),
  command: z.string().describe("Shell command to run."),
  timeout: z.number().positive().optional().describe("Timeout in seconds."),
});

/** One matcher group of a hook event: a matcher and its commands (Claude Code's shape). */
export const hookMatcherSchema = z.object({
  matcher: z.string().optional().describe("Tool-name matcher for tool events, e.g. `Bash` or `Edit|Write`."),
  hooks: z.array(hookCommand),
});

/** Per-field schemas; each is checked on its own so one bad field never discards the others. */
export const frontmatterFieldSchemas = {
  name: z
    .string()
    .min(1)
    .max(64)
    .describe(
      "Required. 1-64 lowercase letters, digits and hyphens; no leading, trailing or double hyphen; must match the folder name.",
    ),
  description: z
    .string()
    .min(1)
    .max(1024)
    .describe("Required. What the skill does and when to use it (1-1024 characters)."),
  license: z.string().describe("License name or the name of a bundled license file."),
  compatibility: z
    .string()
    .min(1)
    .max(500)
    .describe(
      "Environment requirements: target product, system packages, network access (1-500 characters).",
    ),
  metadata: z
    .record(z.string(), z.string())
    .describe("String keys to string values, for client-specific properties."),
  "allowed-tools": toolList.describe(
    "Pre-approved tools, space-separated, e.g. `Bash(git:*) Read` (experimental in the spec).",
  ),
  context: z
    .enum(["inline", "fork"])
    .default("inline")
    .describe("Run inline (default) or in a forked sub-agent."),
  model: z.enum(["haiku", "sonnet", "opus", "inherit"]).describe("Recommended model."),
  "argument-hint": z.string().describe("Hint for the arguments, e.g. `<research question>`."),
  when_to_use: z.string().describe("When to use the skill; shown after the description in the catalog."),
  "disable-model-invocation": z
    .boolean()
    .default(false)
    .describe("True: the model cannot load the skill on its own, only the user can."),
  "user-invocable": z.boolean().default(true).describe("False: hidden from the user's skill list."),
  version: z.string().describe("Version of the skill."),
  paths: stringList.describe(
    "Glob patterns; the skill starts hidden and activates when a matching file is touched.",
  ),
  agent: z.string().describe("Agent type for fork mode, e.g. `code-reviewer`."),
  effort: z.string().describe("Effort level for fork mode."),
  tags: stringList.describe("Tags, as a YAML list or a comma-separated string."),
  arguments: stringList.describe(
    "Named positional arguments, space-separated or a list, for `$name` substitution.",
  ),
  "disallowed-tools": toolList.describe("Tools the skill must not use."),
  hooks: z
    .record(z.string(), z.array(hookMatcherSchema))
    .describe(
      "Hooks active while the skill runs, keyed by event (e.g. `PreToolUse`), in Claude Code's shape.",
    ),
  shell: z.enum(["bash", "powershell"]).describe("Shell for the skill's commands."),
} satisfies Record<FrontmatterField, z.ZodType>;

/** The whole frontmatter; keys outside the known set are allowed (and kept as `extra`). */
export const skillFrontmatterSchema = z
  .looseObject(frontmatterFieldSchemas)
  .partial()
  .required({ name: true, description: true })
  .describe(
    "Frontmatter of an Agent Skills SKILL.md file, with Skillbox's and Claude Code's extension fields.",
  );

/** The frontmatter as written, after YAML typing of booleans and numbers. */
export type SkillFrontmatter = z.input<typeof skillFrontmatterSchema>;
