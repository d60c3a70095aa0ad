// The shapes of docs/http-api.md as the settings page sees them.

/** How visible a skill is: listed with description, by name only, only for the person, or off. */
export type SkillState = "on" | "name-only" | "user-only" | "off";

/** Every state, in the order the controls show them. */
export const skillStates: readonly SkillState[] = ["on", "name-only", "user-only", "off"];

/** One finding about a skill file (mirrors src/skills/diagnostic.ts). */
export interface Diagnostic {
  severity: "error" | "warning" | "info";
  code: string;
  message: string;
  path: string;
  line?: number;
  column?: number;
}

/** A root folder skills are discovered in. */
export interface SkillRoot {
  label: string;
  path: string;
  scope: string;
}

/** What the model gets of a skill, and if nothing, why (mirrors src/registry/model-visibility.ts). */
export type ModelVisibility =
  | "listed"
  | "state"
  | "shadowed"
  | "disable-model-invocation"
  | "waiting-for-paths";

/** A skill as listed by `GET /api/skills`. */
export interface SkillSummary {
  name: string;
  qualifiedName: string;
  description: string;
  whenToUse?: string;
  tags: string[];
  root: SkillRoot;
  path: string;
  directory: string;
  state: SkillState;
  shadowed: boolean;
  modelInvocable: boolean;
  modelVisibility: ModelVisibility;
  userInvocable: boolean;
  context: "inline" | "fork";
  usage: { count: number; lastUsedAt: number | null; score: number };
  diagnostics: Diagnostic[];
}

/** A skill with its body and files, from `GET /api/skills/:name`. */
export interface SkillDetail extends SkillSummary {
  metadata: Record<string, unknown>;
  body: string;
  files: { path: string; size: number }[];
}

/** `GET /api/skills`. */
export interface SkillListResponse {
  skills: SkillSummary[];
  roots: (SkillRoot & { exists: boolean })[];
  diagnostics: Diagnostic[];
}

/** Formats `GET /api/prompt` can render Layer 1 in. */
export type PromptFormat = "xml" | "markdown" | "plain" | "available-skills";

/** `GET /api/prompt`. */
export interface PromptResponse {
  text: string;
  tokens: number;
  format: PromptFormat;
  stats: {
    included: number;
    shortened: number;
    namesOnly: number;
    omitted: number;
    perEntry: { name: string; tokens: number }[];
  };
}

/** `POST /api/refresh`. */
export interface RefreshResponse {
  added: string[];
  changed: string[];
  removed: string[];
}

/** `POST /api/directory/open`. */
export interface OpenDirectoryResponse {
  opened: boolean;
  path: string;
}

/** Server-sent event names on `/api/events`. */
export type SkillEventName =
  | "skill-added"
  | "skill-changed"
  | "skill-removed"
  | "skills-activated"
  | "state-changed";
