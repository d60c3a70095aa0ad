// SettingsStore on SQLite: scoped JSON settings, per-scope skill states and per-session overrides.

import {
  checkSkillSettings,
  collectLayers,
  encodeSettingValue,
  parseJsonOrUndefined,
  type SettingsStore,
  SKILL_SETTINGS_KEY,
  type SkillStateContext,
} from "@skillbox/core/store/settings-store";
import {
  applyBuiltinDefaults,
  decodeSkillSettings,
  isSameSkillSettings,
  type SkillSettings,
  type SkillSettingsReadResult,
} from "@skillbox/core/store/skill-settings";
import {
  checkSkillStateInput,
  isSkillState,
  type SkillState,
  type SkillStateLayers,
  type SkillStateTarget,
  toScopeKey,
} from "@skillbox/core/store/skill-state";
import type Database from "better-sqlite3";
import type { SkillboxStore } from "./open-store.js";
import { runStoreOperation } from "./store-errors.js";

const USER: SkillStateTarget = { scope: "user" };

interface StateRow {
  skill_name: string;
  state: string;
}

/** Settings kept in the `settings`, `skill_states` and `session_skill_states` tables. */
export class SqliteSettingsStore implements SettingsStore {
  private readonly path: string;
  private readonly database: Database.Database;
  private readonly now: () => number;

  /** `now` gives epoch milliseconds for `updated_at` columns (default `Date.now`). */
  constructor(store: SkillboxStore, options: { now?: () => number } = {}) {
    this.path = store.path;
    this.database = store.database;
    this.now = options.now ?? Date.now;
  }

  readSkillSettings(): SkillSettingsReadResult {
    return this.run(() =>
      decodeSkillSettings(this.readText(SKILL_SETTINGS_KEY, USER), `${this.path}#settings/skills`),
    );
  }

  writeSkillSettings(settings: SkillSettings): SkillSettings {
    const checked = checkSkillSettings(settings);
    this.writeSetting(SKILL_SETTINGS_KEY, checked);
    return checked;
  }

  updateSkillSettings(update: (current: SkillSettings) => SkillSettings): SkillSettings {
    return this.inWriteTransaction(() => this.writeSkillSettings(update(this.readSkillSettings().settings)));
  }

  applyBuiltinDefaults(presentDefaultBuiltins: readonly string[]): SkillSettings {
    return this.inWriteTransaction(() => {
      const current = this.readSkillSettings().settings;
      const next = applyBuiltinDefaults(current, presentDefaultBuiltins);
      return isSameSkillSettings(current, next) ? current : this.writeSkillSettings(next);
    });
  }

  readSetting(key: string, target: SkillStateTarget = USER): unknown {
    const text = this.run(() => this.readText(key, target));
    return text === undefined ? undefined : parseJsonOrUndefined(text);
  }

  writeSetting(key: string, value: unknown, target: SkillStateTarget = USER): void {
    const text = encodeSettingValue(key, value);
    const scopeKey = toScopeKey(target);
    this.run(() =>
      this.database
        .prepare(
          `INSERT INTO settings (scope, scope_key, key, value, updated_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (scope, scope_key, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
        )
        .run(target.scope, scopeKey, key, text, this.now()),
    );
  }

  deleteSetting(key: string, target: SkillStateTarget = USER): void {
    const scopeKey = toScopeKey(target);
    this.run(() =>
      this.database
        .prepare("DELETE FROM settings WHERE scope = ? AND scope_key = ? AND key = ?")
        .run(target.scope, scopeKey, key),
    );
  }

  getSkillStates(target: SkillStateTarget): Map<string, SkillState> {
    const scopeKey = toScopeKey(target);
    const rows = this.run(() =>
      this.database
        .prepare<[string, string], StateRow>(
          "SELECT skill_name, state FROM skill_states WHERE scope = ? AND scope_key = ? ORDER BY skill_name",
        )
        .all(target.scope, scopeKey),
    );
    return toStateMap(rows);
  }

  setSkillState(name: string, state: SkillState, target: SkillStateTarget): void {
    checkSkillStateInput(name, state);
    const scopeKey = toScopeKey(target);
    this.run(() =>
      this.database
        .prepare(
          `INSERT INTO skill_states (scope, scope_key, skill_name, state, updated_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (scope, scope_key, skill_name) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at`,
        )
        .run(target.scope, scopeKey, name, state, this.now()),
    );
  }

  clearSkillState(name: string, target: SkillStateTarget): void {
    const scopeKey = toScopeKey(target);
    this.run(() =>
      this.database
        .prepare("DELETE FROM skill_states WHERE scope = ? AND scope_key = ? AND skill_name = ?")
        .run(target.scope, scopeKey, name),
    );
  }

  getSessionOverrides(sessionId: string): Map<string, SkillState> {
    const rows = this.run(() =>
      this.database
        .prepare<[string], StateRow>(
          "SELECT skill_name, state FROM session_skill_states WHERE session_id = ? ORDER BY skill_name",
        )
        .all(sessionId),
    );
    return toStateMap(rows);
  }

  setSessionOverride(sessionId: string, name: string, state: SkillState): void {
    checkSkillStateInput(name, state, sessionId);
    this.run(() =>
      this.database
        .prepare(
          `INSERT INTO session_skill_states (session_id, skill_name, state, updated_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (session_id, skill_name) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at`,
        )
        .run(sessionId, name, state, this.now()),
    );
  }

  clearSessionOverrides(sessionId: string, name?: string): void {
    this.run(() =>
      name === undefined
        ? this.database.prepare("DELETE FROM session_skill_states WHERE session_id = ?").run(sessionId)
        : this.database
            .prepare("DELETE FROM session_skill_states WHERE session_id = ? AND skill_name = ?")
            .run(sessionId, name),
    );
  }

  /** All four layers read in one transaction, so they come from one consistent snapshot. */
  readSkillStateLayers(context: SkillStateContext): SkillStateLayers {
    return this.run(() => this.database.transaction(() => collectLayers(this, context))());
  }

  private readText(key: string, target: SkillStateTarget): string | undefined {
    const row = this.database
      .prepare<[string, string, string], { value: string }>(
        "SELECT value FROM settings WHERE scope = ? AND scope_key = ? AND key = ?",
      )
      .get(target.scope, toScopeKey(target), key);
    return row?.value;
  }

  /** BEGIN IMMEDIATE: take the write lock before reading, so a concurrent writer cannot slip in between. */
  private inWriteTransaction<T>(operation: () => T): T {
    if (this.database.inTransaction) return operation();
    return this.run(() => this.database.transaction(operation).immediate());
  }

  private run<T>(operation: () => T): T {
    return runStoreOperation(this.path, operation);
  }
}

function toStateMap(rows: readonly StateRow[]): Map<string, SkillState> {
  const map = new Map<string, SkillState>();
  // A state written by a newer Skillbox that this one does not know is skipped, not guessed at.
  for (const row of rows) if (isSkillState(row.state)) map.set(row.skill_name, row.state);
  return map;
}
