// Per-skill states at user, project and project-local scope plus per-session overrides, and how they combine.

import { SkillboxError } from "../errors.js";
import type { SkillSettings } from "./skill-settings.js";

/**
 * `on`: listed and loadable by the model; `name-only`: listed by name without its description;
 * `user-only`: hidden from the model, invocable by the person; `off`: neither.
 */
export type SkillState = "on" | "name-only" | "user-only" | "off";

/** Every skill state, for validation and UIs. */
export const SKILL_STATES: readonly SkillState[] = ["on", "name-only", "user-only", "off"];

/** Where a state is set; project scopes belong to one project folder. */
export type SkillStateScope = "user" | "project" | "project-local";

/** Which scope a state is written to or read from. `projectPath` (absolute) is required for project scopes. */
export interface SkillStateTarget {
  scope: SkillStateScope;
  projectPath?: string;
}

/** A name-to-state table; a Map or a plain record both work. */
export type SkillStateMap = ReadonlyMap<string, SkillState> | Readonly<Record<string, SkillState>>;

/** The states set at each level, for one project and one session. */
export interface SkillStateLayers {
  user?: SkillStateMap;
  project?: SkillStateMap;
  projectLocal?: SkillStateMap;
  session?: SkillStateMap;
}

/** Which level decided a state; `default` when none set one. */
export type SkillStateSource = "session" | "project-local" | "project" | "user" | "default";

/** A skill's effective state and the level it came from. */
export interface ResolvedSkillState {
  state: SkillState;
  source: SkillStateSource;
}

/** True when `value` is one of the four skill states. */
export function isSkillState(value: unknown): value is SkillState {
  return typeof value === "string" && (SKILL_STATES as readonly string[]).includes(value);
}

/**
 * The effective state of `name`: a session override wins over everything, then project-local, then
 * project, then user; with none set, `fallback` (default `on`).
 */
export function resolveSkillState(
  name: string,
  layers: SkillStateLayers,
  fallback: SkillState = "on",
): ResolvedSkillState {
  const ordered: Array<[SkillStateSource, SkillStateMap | undefined]> = [
    ["session", layers.session],
    ["project-local", layers.projectLocal],
    ["project", layers.project],
    ["user", layers.user],
  ];
  for (const [source, map] of ordered) {
    const state = map === undefined ? undefined : lookUpState(map, name);
    if (state !== undefined) return { state, source };
  }
  return { state: fallback, source: "default" };
}

/**
 * The state a skill has when no scope sets one: built-ins are on only while listed in
 * `enabledSkillNames` (the one-time defaults rule puts them there); other skills are on.
 */
export function fallbackSkillState(
  name: string,
  settings: SkillSettings,
  options: { builtin: boolean },
): SkillState {
  if (!options.builtin) return "on";
  return settings.enabledSkillNames.includes(name) ? "on" : "off";
}

/** The `scope_key` column for a target: '' for user scope, the normalized project path otherwise. */
export function toScopeKey(target: SkillStateTarget): string {
  if (target.scope === "user") return "";
  const projectPath = target.projectPath;
  if (projectPath === undefined || !/^([A-Za-z]:)?[\\/]/.test(projectPath)) {
    throw new SkillboxError(
      "invalid-argument",
      `A ${target.scope} skill state needs the absolute path of the project folder; got ${JSON.stringify(projectPath)}.`,
    );
  }
  // One spelling per folder: a trailing separator must not create a second scope.
  return projectPath.replace(/(?<=.)[\\/]+$/, "");
}

/** Throws `invalid-argument` for a state outside the four, an empty name or an empty session id. */
export function checkSkillStateInput(name: string, state?: unknown, sessionId?: string): void {
  if (typeof name !== "string" || name.length === 0 || name.length > 256) {
    throw new SkillboxError("invalid-argument", `Skill name ${JSON.stringify(name)} is empty or too long.`);
  }
  if (state !== undefined && !isSkillState(state)) {
    throw new SkillboxError(
      "invalid-argument",
      `Skill state ${JSON.stringify(state)} is unknown; use one of ${SKILL_STATES.join(", ")}.`,
    );
  }
  if (sessionId !== undefined && sessionId.length === 0) {
    throw new SkillboxError("invalid-argument", "A session override needs a non-empty session id.");
  }
}

function lookUpState(map: SkillStateMap, name: string): SkillState | undefined {
  if (map instanceof Map) return map.get(name);
  const record = map as Readonly<Record<string, SkillState>>;
  return Object.hasOwn(record, name) ? record[name] : undefined;
}
