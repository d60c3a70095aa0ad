// Effective per-skill states for one project and session, read from the settings store once and
// re-read only when the database changed (another process wrote) or this process set a state.

import type { SettingsStore } from "@skillbox/core/store/settings-store";
import type { SkillSettings } from "@skillbox/core/store/skill-settings";
import {
  fallbackSkillState,
  resolveSkillState,
  type SkillState,
  type SkillStateLayers,
  type SkillStateScope,
} from "@skillbox/core/store/skill-state";

/** What the resolver reads. */
export interface StateResolverOptions {
  settings: SettingsStore;
  /** The project the project scopes belong to (absolute). */
  projectPath: string;
  sessionId?: string;
  /**
   * A value that changes when another connection wrote to the store (SQLite's `data_version`);
   * checked at most once per synchronous run of code. Omitted: the cache is kept until `invalidate`.
   */
  changeStamp?: () => unknown;
}

/** Resolves states fast enough to be asked once per skill for every Layer 1 build. */
export interface StateResolver {
  /** The state of `name`; `builtin` skills (bundled) default to off unless enabled in settings. */
  stateOf(name: string, builtin: boolean): SkillState;
  /** Writes a state at a scope and drops the cache. */
  setState(name: string, state: SkillState, scope: SkillStateScope): void;
  /** Removes a state set at a scope and drops the cache. */
  clearState(name: string, scope: SkillStateScope): void;
  /** Drops the cache so the next call reads the store again. */
  invalidate(): void;
}

/** Creates a resolver over a settings store. */
export function createStateResolver(options: StateResolverOptions): StateResolver {
  const { settings, projectPath } = options;
  let cached: { layers: SkillStateLayers; skillSettings: SkillSettings } | undefined;
  let stamp: unknown;
  let checkedThisTurn = false;

  const current = () => {
    if (cached !== undefined && options.changeStamp !== undefined && !checkedThisTurn) {
      checkedThisTurn = true;
      // One check per synchronous run: a Layer 1 build asks for thousands of states in one go.
      queueMicrotask(() => {
        checkedThisTurn = false;
      });
      if (options.changeStamp() !== stamp) cached = undefined;
    }
    if (cached === undefined) {
      stamp = options.changeStamp?.();
      const context =
        options.sessionId === undefined ? { projectPath } : { projectPath, sessionId: options.sessionId };
      cached = {
        layers: settings.readSkillStateLayers(context),
        skillSettings: settings.readSkillSettings().settings,
      };
    }
    return cached;
  };

  const target = (scope: SkillStateScope) => (scope === "user" ? { scope } : { scope, projectPath });

  return {
    stateOf(name, builtin) {
      const { layers, skillSettings } = current();
      return resolveSkillState(name, layers, fallbackSkillState(name, skillSettings, { builtin })).state;
    },
    setState(name, state, scope) {
      settings.setSkillState(name, state, target(scope));
      cached = undefined;
    },
    clearState(name, scope) {
      settings.clearSkillState(name, target(scope));
      cached = undefined;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
