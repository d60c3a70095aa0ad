// The SettingsStore interface (skill settings, per-scope skill states, session overrides) and its in-memory version.

import { SkillboxError } from "../errors.js";
import { describeZodIssues } from "./describe-zod-issues.js";
import {
  applyBuiltinDefaults,
  checkStrictSkillSettings,
  decodeSkillSettings,
  isSameSkillSettings,
  type SkillSettings,
  type SkillSettingsReadResult,
} from "./skill-settings.js";
import {
  checkSkillStateInput,
  type SkillState,
  type SkillStateLayers,
  type SkillStateTarget,
  toScopeKey,
} from "./skill-state.js";

/** Which project and session to gather skill-state layers for. */
export interface SkillStateContext {
  projectPath?: string;
  sessionId?: string;
}

/** Persistent settings. Every write is atomic; reads never write. */
export interface SettingsStore {
  /** Current skill settings; a damaged stored value gives defaults and a warning without being overwritten. */
  readSkillSettings(): SkillSettingsReadResult;
  /** Replaces the skill settings; throws `invalid-argument` if they do not match the schema. */
  writeSkillSettings(settings: SkillSettings): SkillSettings;
  /** Read-modify-write in one transaction. */
  updateSkillSettings(update: (current: SkillSettings) => SkillSettings): SkillSettings;
  /** Runs the one-time built-in defaults rule and writes only when something changed. */
  applyBuiltinDefaults(presentDefaultBuiltins: readonly string[]): SkillSettings;
  /** Any JSON setting by key, or undefined when absent or unreadable. */
  readSetting(key: string, target?: SkillStateTarget): unknown;
  writeSetting(key: string, value: unknown, target?: SkillStateTarget): void;
  deleteSetting(key: string, target?: SkillStateTarget): void;
  /** States set at one scope, by skill name. */
  getSkillStates(target: SkillStateTarget): Map<string, SkillState>;
  setSkillState(name: string, state: SkillState, target: SkillStateTarget): void;
  clearSkillState(name: string, target: SkillStateTarget): void;
  /** Overrides for one session, by skill name. */
  getSessionOverrides(sessionId: string): Map<string, SkillState>;
  setSessionOverride(sessionId: string, name: string, state: SkillState): void;
  /** Clears one override, or every override of the session when `name` is omitted. */
  clearSessionOverrides(sessionId: string, name?: string): void;
  /** The user, project, project-local and session layers to pass to `resolveSkillState`. */
  readSkillStateLayers(context: SkillStateContext): SkillStateLayers;
}

/** The settings key under which skill settings are stored at user scope. */
export const SKILL_SETTINGS_KEY = "skills";

/**
 * Validates settings for writing. Throws `invalid-argument` whose message has one `path: message`
 * line per problem (`allowScripts[0]: "../../etc" is not a skill name: …`), also in `data.problems`.
 */
export function checkSkillSettings(settings: SkillSettings): SkillSettings {
  const checked = checkStrictSkillSettings(settings);
  if ("issues" in checked) {
    const problems = describeZodIssues(checked.issues, "(settings)");
    throw new SkillboxError("invalid-argument", `Skill settings are invalid:\n${problems.join("\n")}`, {
      data: { problems },
    });
  }
  return checked.settings;
}

/** Serializes a setting value, refusing values JSON cannot hold. */
export function encodeSettingValue(key: string, value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) {
    throw new SkillboxError("invalid-argument", `Setting ${key} must be a JSON value; got ${typeof value}.`);
  }
  return text;
}

/** A SettingsStore that lives as long as the process. `skillSettings` seeds the raw stored value. */
export class InMemorySettingsStore implements SettingsStore {
  private readonly settings = new Map<string, string>();
  private readonly states = new Map<string, Map<string, SkillState>>();
  private readonly sessions = new Map<string, Map<string, SkillState>>();

  constructor(options: { skillSettings?: unknown } = {}) {
    if (options.skillSettings !== undefined) {
      this.settings.set(
        settingId(SKILL_SETTINGS_KEY, { scope: "user" }),
        encodeSettingValue("skills", options.skillSettings),
      );
    }
  }

  readSkillSettings(): SkillSettingsReadResult {
    const text = this.settings.get(settingId(SKILL_SETTINGS_KEY, { scope: "user" }));
    return decodeSkillSettings(text, "memory:settings/skills");
  }

  writeSkillSettings(settings: SkillSettings): SkillSettings {
    const checked = checkSkillSettings(settings);
    this.writeSetting(SKILL_SETTINGS_KEY, checked);
    return checked;
  }

  updateSkillSettings(update: (current: SkillSettings) => SkillSettings): SkillSettings {
    return this.writeSkillSettings(update(this.readSkillSettings().settings));
  }

  applyBuiltinDefaults(presentDefaultBuiltins: readonly string[]): SkillSettings {
    const current = this.readSkillSettings().settings;
    const next = applyBuiltinDefaults(current, presentDefaultBuiltins);
    return isSameSkillSettings(current, next) ? current : this.writeSkillSettings(next);
  }

  readSetting(key: string, target: SkillStateTarget = { scope: "user" }): unknown {
    const text = this.settings.get(settingId(key, target));
    return text === undefined ? undefined : parseJsonOrUndefined(text);
  }

  writeSetting(key: string, value: unknown, target: SkillStateTarget = { scope: "user" }): void {
    this.settings.set(settingId(key, target), encodeSettingValue(key, value));
  }

  deleteSetting(key: string, target: SkillStateTarget = { scope: "user" }): void {
    this.settings.delete(settingId(key, target));
  }

  getSkillStates(target: SkillStateTarget): Map<string, SkillState> {
    return new Map(this.states.get(stateId(target)));
  }

  setSkillState(name: string, state: SkillState, target: SkillStateTarget): void {
    checkSkillStateInput(name, state);
    const id = stateId(target);
    const map = this.states.get(id) ?? new Map<string, SkillState>();
    map.set(name, state);
    this.states.set(id, map);
  }

  clearSkillState(name: string, target: SkillStateTarget): void {
    this.states.get(stateId(target))?.delete(name);
  }

  getSessionOverrides(sessionId: string): Map<string, SkillState> {
    return new Map(this.sessions.get(sessionId));
  }

  setSessionOverride(sessionId: string, name: string, state: SkillState): void {
    checkSkillStateInput(name, state, sessionId);
    const map = this.sessions.get(sessionId) ?? new Map<string, SkillState>();
    map.set(name, state);
    this.sessions.set(sessionId, map);
  }

  clearSessionOverrides(sessionId: string, name?: string): void {
    if (name === undefined) this.sessions.delete(sessionId);
    else this.sessions.get(sessionId)?.delete(name);
  }

  readSkillStateLayers(context: SkillStateContext): SkillStateLayers {
    return collectLayers(this, context);
  }
}

/** Gathers the four layers from any store. */
export function collectLayers(store: SettingsStore, context: SkillStateContext): SkillStateLayers {
  const layers: SkillStateLayers = { user: store.getSkillStates({ scope: "user" }) };
  if (context.projectPath !== undefined) {
    layers.project = store.getSkillStates({ scope: "project", projectPath: context.projectPath });
    layers.projectLocal = store.getSkillStates({ scope: "project-local", projectPath: context.projectPath });
  }
  if (context.sessionId !== undefined) layers.session = store.getSessionOverrides(context.sessionId);
  return layers;
}

/** JSON.parse that gives undefined for text that is not JSON. */
export function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Damaged stored text reads as "not set"; the caller reports it and never overwrites it unasked.
    return undefined;
  }
}

function settingId(key: string, target: SkillStateTarget): string {
  return `${stateId(target)}\0${key}`;
}

function stateId(target: SkillStateTarget): string {
  return `${target.scope}\0${toScopeKey(target)}`;
}
