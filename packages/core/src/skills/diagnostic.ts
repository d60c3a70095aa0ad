// Diagnostics: how bad user content is reported. Never thrown; collected and returned.

export type DiagnosticSeverity = "error" | "warning" | "info";

/** One finding about a skill file, positioned in the SKILL.md file itself (1-based). */
export interface Diagnostic {
  severity: DiagnosticSeverity;
  /** Stable kebab-case code, e.g. `yaml-syntax`, `name-mismatch`, `shadowed`. */
  code: string;
  message: string;
  /** The file or folder the finding is about. */
  path: string;
  line?: number;
  column?: number;
}

/** True when any diagnostic is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((diagnostic) => diagnostic.severity === "error");
}

/** `path:line:column severity code message`, the CLI's one-line form. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const position =
    diagnostic.line === undefined
      ? ""
      : `:${diagnostic.line}${diagnostic.column === undefined ? "" : `:${diagnostic.column}`}`;
  return `${diagnostic.path}${position} ${diagnostic.severity} ${diagnostic.code} ${diagnostic.message}`;
}
