// The normalised shape of a skill's frontmatter, as the runtime uses it.
// CONTRACT (other modules import these names): the schema module may become the single source of
// these types (z.infer), but the exported names and field shapes stay as below.

export type SkillContext = "inline" | "fork";
export type SkillModel = "haiku" | "sonnet" | "opus" | "inherit";

/** One hook command registered by a skill while it is active (Claude Code's `hooks:` shape). */
export interface SkillHookEntry {
  /** Tool-name matcher for tool events (e.g. `Bash`, `Bash|Edit`, `*`); absent for other events. */
  matcher?: string;
  command: string;
  timeoutSeconds?: number;
}

/** Frontmatter after lenient normalisation: every field has its default, illegal values fell back. */
export interface SkillMetadata {
  name: string;
  description: string;
  license?: string;
  compatibility?: string;
  metadata?: Record<string, string>;
  /** Normalised from a space/comma-separated string or a YAML list; `Bash(git add:*)` is one entry. */
  allowedTools: string[];
  disallowedTools: string[];
  context: SkillContext;
  model?: SkillModel;
  argumentHint?: string;
  whenToUse?: string;
  disableModelInvocation: boolean;
  userInvocable: boolean;
  version?: string;
  /** Glob patterns; non-empty means the skill starts hidden and is activated by matching paths. */
  paths: string[];
  agent?: string;
  effort?: string;
  tags: string[];
  /** Named positional arguments (`arguments:`), for `$name` substitution. */
  arguments: string[];
  /** Hooks keyed by event name (e.g. `PreToolUse`). */
  hooks: Record<string, SkillHookEntry[]>;
  shell?: "bash" | "powershell";
  /** Keys outside the known set, kept as parsed. */
  extra: Record<string, unknown>;
}

/** The result of reading one SKILL.md text leniently (no I/O). */
export interface LoadedSkillText {
  metadata: SkillMetadata;
  /** The body, byte-exact after the closing delimiter line (the whole text when there is no frontmatter). */
  body: string;
  /** 1-based line in the file where the body starts. */
  bodyStartLine: number;
  /** Character offset of the body in the text (it is the text's tail); absent for a skipped file. */
  bodyOffset?: number;
  diagnostics: import("./diagnostic.js").Diagnostic[];
  /** False when the lenient policy skips this file (empty, binary, not UTF-8, too large). */
  loadable: boolean;
}
