// The HTTP API's wire shapes (docs/http-api.md), types only: the routes build their answers with them
// and the settings page (web/) imports them. Only import leaf type modules here (no Node, no values),
// so web/'s type check never reaches server code; api-types.test.ts checks the mirrored unions.
import type { Diagnostic } from "../skills/diagnostic.js";
import type { SkillContext, SkillMetadata } from "../skills/skill-metadata.js";

export type { Diagnostic, SkillContext, SkillMetadata };

/** How visible a skill is: listed with description, by name only, only for the person, or off. */
export type SkillState = "on" | "name-only" | "user-only" | "off";

/**
 * What the model gets of a skill: `listed` (in Layer 1, and the load tool takes it), or why it is
 * hidden: its `state`, `shadowed`, `disable-model-invocation`, or `waiting-for-paths`.
 */
export type ModelVisibility =
  | "listed"
  | "state"
  | "shadowed"
  | "disable-model-invocation"
  | "waiting-for-paths";

/** A root folder skills are discovered in. */
export interface SkillRootSummary {
  label: string;
  path: string;
  scope: string;
}

/** A skill as `GET /api/skills` lists it. */
export interface SkillSummary {
  name: string;
  qualifiedName: string;
  description: string;
  whenToUse?: string;
  tags: string[];
  root: SkillRootSummary;
  path: string;
  directory: string;
  /** Effective state after scopes and session overrides. */
  state: SkillState;
  /** True when a higher root has a skill of the same name. */
  shadowed: boolean;
  /** Listed in Layer 1 (and loadable by the model): `modelVisibility` is `listed`. */
  modelInvocable: boolean;
  /** What the model gets of it, and if nothing, why. */
  modelVisibility: ModelVisibility;
  userInvocable: boolean;
  context: SkillContext;
  usage: { count: number; lastUsedAt: number | null; score: number };
  diagnostics: Diagnostic[];
}

/** One file of a skill folder: POSIX path relative to the folder, and its size. */
export interface SkillFileSummary {
  path: string;
  size: number;
}

/** A skill with its frontmatter, body and files, from `GET /api/skills/:name`. */
export interface SkillDetail extends SkillSummary {
  metadata: SkillMetadata;
  body: string;
  files: SkillFileSummary[];
}

/** `GET /api/skills`. */
export interface SkillListResponse {
  skills: SkillSummary[];
  roots: (SkillRootSummary & { exists: boolean })[];
  diagnostics: Diagnostic[];
}

/** Formats `GET /api/prompt` renders Layer 1 in. */
export type PromptFormat = "xml" | "markdown" | "plain" | "available-skills";

/** `GET /api/prompt`: the Layer 1 text, its tokens, and what the budget did. */
export interface PromptResponse {
  text: string;
  tokens: number;
  format: PromptFormat;
  stats: {
    /** Skills listed (with a description or by name only). */
    included: number;
    /** Listed descriptions that were cut short. */
    shortened: number;
    /** Skills listed by name only. */
    namesOnly: number;
    /** Skills not listed at all. */
    omitted: number;
    /** Tokens of each listed skill's own text, in listing order. */
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
export type ServerEventName =
  | "skill-added"
  | "skill-changed"
  | "skill-removed"
  | "skills-activated"
  | "state-changed";

/** Every error answer: `{ error: { code, message } }`. */
export interface ErrorBody {
  error: { code: string; message: string };
}
