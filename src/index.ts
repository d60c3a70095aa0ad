// Skillbox's public library API: named exports only.

export type { SkillboxErrorCode, SkillboxErrorOptions } from "./errors.js";
export { describeError, isSkillboxError, SkillboxError } from "./errors.js";
export { checkSpecFields } from "./skills/check-spec-fields.js";
export type { Diagnostic, DiagnosticSeverity } from "./skills/diagnostic.js";
export { formatDiagnostic, hasErrors } from "./skills/diagnostic.js";
export type { SkillFileLocation } from "./skills/find-skill-file.js";
export { findSkillFile } from "./skills/find-skill-file.js";
export type { FindSkillFilesOptions, FoundSkillFiles } from "./skills/find-skill-files.js";
export { findSkillFiles } from "./skills/find-skill-files.js";
export { createFrontmatterJsonSchema } from "./skills/frontmatter-json-schema.js";
export type { FrontmatterField, SkillFrontmatter } from "./skills/frontmatter-schema.js";
export {
  frontmatterFieldSchemas,
  KNOWN_FIELDS,
  SPEC_FIELDS,
  skillFrontmatterSchema,
} from "./skills/frontmatter-schema.js";
export type { ListedSkill, ListSkillsOptions, SkillListing } from "./skills/list-skills.js";
export { listSkills, loadSkillFile } from "./skills/list-skills.js";
export { decodeSkillBytes, loadSkillBytes } from "./skills/load-skill-bytes.js";
export type { LoadSkillTextOptions } from "./skills/load-skill-text.js";
export {
  createDefaultSkillMetadata,
  DEFAULT_MAX_SKILL_FILE_BYTES,
  loadSkillText,
} from "./skills/load-skill-text.js";
export { NO_DESCRIPTION } from "./skills/normalize-skill-metadata.js";
export type {
  ParsedFrontmatter,
  ParseFrontmatterOptions,
  ValidationMode,
} from "./skills/parse-frontmatter.js";
export { FRONTMATTER_MESSAGES, parseFrontmatter } from "./skills/parse-frontmatter.js";
export type { SkillProperties, SkillPropertiesResult } from "./skills/read-skill-properties.js";
export { readSkillProperties } from "./skills/read-skill-properties.js";
export type { AvailableSkillEntry } from "./skills/render-available-skills-xml.js";
export { escapeXml, renderAvailableSkillsXml } from "./skills/render-available-skills-xml.js";
export type {
  LoadedSkillText,
  SkillContext,
  SkillHookEntry,
  SkillMetadata,
  SkillModel,
} from "./skills/skill-metadata.js";
export { checkSkillName, findUnsafeNameReason, normalizeSkillName } from "./skills/skill-name.js";
export type { FrontmatterSplit } from "./skills/split-frontmatter.js";
export { splitFrontmatter } from "./skills/split-frontmatter.js";
export { splitList } from "./skills/split-list.js";
export type { SkillValidation, ValidateSkillDirectoryOptions } from "./skills/validate-skill-directory.js";
export { validateSkillDirectory } from "./skills/validate-skill-directory.js";
export type { SkillTextValidation, ValidateSkillTextOptions } from "./skills/validate-skill-text.js";
export { validateSkillText } from "./skills/validate-skill-text.js";
export type { JsonSchema, Tool, ToolContext, ToolResult } from "./tools/define-tool.js";
export { defineTool, toolError } from "./tools/define-tool.js";
