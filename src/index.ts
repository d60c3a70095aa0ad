// Skillbox's public library API: named exports only.
export { describeError, isSkillboxError, SkillboxError } from "./errors.js";
export type { SkillboxErrorCode, SkillboxErrorOptions } from "./errors.js";
export { formatDiagnostic, hasErrors } from "./skills/diagnostic.js";
export type { Diagnostic, DiagnosticSeverity } from "./skills/diagnostic.js";
export type { LoadedSkillText, SkillContext, SkillMetadata, SkillModel } from "./skills/skill-metadata.js";
export { defineTool, toolError } from "./tools/define-tool.js";
export type { JsonSchema, Tool, ToolContext, ToolResult } from "./tools/define-tool.js";
