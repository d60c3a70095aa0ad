// @skillbox/core public API: named exports only. The skillbox package re-exports all of it.

export type { SkillboxErrorCode, SkillboxErrorOptions } from "./errors.js";
export { describeError, isSkillboxError, SkillboxError } from "./errors.js";
export type { AvailableSkillEntry } from "./prompt/available-skills-format.js";
export { renderAvailableSkillsXml } from "./prompt/available-skills-format.js";
export type {
  BuiltCatalog,
  CatalogBudget,
  CatalogOptions,
  CatalogPlacement,
  CatalogStats,
  CatalogStatsEntry,
} from "./prompt/budget.js";
export { buildBudgetedCatalog } from "./prompt/budget.js";
export type { CatalogEntry } from "./prompt/catalog-entry.js";
export { sortCatalogEntries } from "./prompt/catalog-entry.js";
// Option and helper types of the functions above, so callers can name them.
export type { CatalogFormatName } from "./prompt/catalog-format.js";
export { contextWindowOf } from "./prompt/context-window.js";
export type { SkillCatalogBudget } from "./prompt/default-catalog-budget.js";
export { defaultCatalogBudget } from "./prompt/default-catalog-budget.js";
export { escapeXml } from "./prompt/escape-text.js";
export type { RenderCatalogOptions } from "./prompt/render-catalog.js";
export {
  renderAvailableSkills,
  renderCatalog,
  renderMarkdownCatalog,
  renderPlainCatalog,
  renderXmlCatalog,
} from "./prompt/render-catalog.js";
export type { SkillCatalogOptions } from "./prompt/render-skill-catalog.js";
export { renderSkillCatalog } from "./prompt/render-skill-catalog.js";
export type { TokenEncodingName } from "./prompt/tokens.js";
export { countTokens } from "./prompt/tokens.js";
export type { ToolDescriptionOptions } from "./prompt/tool-description.js";
export { buildToolDescription } from "./prompt/tool-description.js";
export type { RegistryFileSystem } from "./registry/discovery/registry-file-system.js";
export type {
  ResolveDefaultRootsOptions,
  SkillRoot,
  SkillRootScope,
} from "./registry/discovery/skill-roots.js";
export { ensureSkillboxRoots, resolveDefaultRoots } from "./registry/discovery/skill-roots.js";
export type { SkillFileLocation } from "./registry/files/find-skill-file.js";
export { findSkillFile } from "./registry/files/find-skill-file.js";
export type { FindSkillFilesOptions, FoundSkillFiles } from "./registry/files/find-skill-files.js";
export { findSkillFiles } from "./registry/files/find-skill-files.js";
export { decodeSkillBytes, loadSkillBytes } from "./registry/files/load-skill-bytes.js";
export type { SkillProperties, SkillPropertiesResult } from "./registry/files/read-skill-properties.js";
export { readSkillProperties } from "./registry/files/read-skill-properties.js";
export type {
  SkillValidation,
  ValidateSkillDirectoryOptions,
} from "./registry/files/validate-skill-directory.js";
export { validateSkillDirectory } from "./registry/files/validate-skill-directory.js";
export type { RefreshSummary, SkillRecord } from "./registry/index/skill-record.js";
export { isListedForModel, isModelInvocable, isUserInvocable } from "./registry/invocation-flags.js";
export type { SkillRegistryEventName, SkillRegistryEvents } from "./registry/registry-events.js";
export type {
  SearchableSkill,
  SearchHit,
  SearchIndex,
  SearchIndexOptions,
} from "./registry/search/search-index.js";
export { createSearchIndex } from "./registry/search/search-index.js";
export type { SkillEntry } from "./registry/skill-entry.js";
export { createSkillRegistry } from "./registry/skill-registry.js";
export type {
  SkillContent,
  SkillRegistry,
  SkillRegistryOptions,
  SkillSearchResult,
} from "./registry/skill-registry-types.js";
export type { WaitForRegistryEventOptions } from "./registry/watch/wait-for-registry-event.js";
export { collectRegistryEvents, waitForRegistryEvent } from "./registry/watch/wait-for-registry-event.js";
export type { CheckSpecFieldsOptions } from "./skills/check-spec-fields.js";
export { checkSpecFields } from "./skills/check-spec-fields.js";
export type { Diagnostic, DiagnosticSeverity } from "./skills/diagnostic.js";
export { formatDiagnostic, hasErrors } from "./skills/diagnostic.js";
export type { FrontmatterField } from "./skills/frontmatter-fields.js";
export { KNOWN_FIELDS, SPEC_FIELDS } from "./skills/frontmatter-fields.js";
export type { SkillFrontmatter } from "./skills/frontmatter-schema.js";
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
export type { SplitListOptions } from "./skills/split-list.js";
export { splitList } from "./skills/split-list.js";
export type { SubstitutionOptions } from "./skills/substitute.js";
export { splitArguments, substituteSkillBody } from "./skills/substitute.js";
export type { SkillTextValidation, ValidateSkillTextOptions } from "./skills/validate-skill-text.js";
export { validateSkillText } from "./skills/validate-skill-text.js";
export type { UsageStat, UsageStore } from "./store/usage-store.js";
export { computeUsageScore, InMemoryUsageStore } from "./store/usage-store.js";
export type { CreateSkillToolsOptions } from "./tools/create-skill-tools.js";
export { createSkillTools } from "./tools/create-skill-tools.js";
export type { JsonSchema, Tool, ToolContext, ToolDefinition, ToolResult } from "./tools/define-tool.js";
export { defineTool, toolError } from "./tools/define-tool.js";
export type { LoadSkillToolOptions } from "./tools/load-skill.js";
export { createLoadSkillTool } from "./tools/load-skill.js";
export type { ReadSkillFileToolOptions } from "./tools/read-skill-file.js";
export { createReadSkillFileTool } from "./tools/read-skill-file.js";
export type { RunSkillScriptToolOptions } from "./tools/run-skill-script-tool.js";
export { createRunSkillScriptTool } from "./tools/run-skill-script-tool.js";
export type { SearchSkillsToolOptions } from "./tools/search-skills.js";
export { createSearchSkillsTool } from "./tools/search-skills.js";
