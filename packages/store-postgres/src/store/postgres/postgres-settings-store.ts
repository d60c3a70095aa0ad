// SettingsStore on PostgreSQL: reads answer from memory at once; writes go into memory and the
// ordered write pipeline, and other instances' changes arrive through re-reads on change notices.

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
  type SkillState,
  type SkillStateLayers,
  type SkillStateTarget,
  toScopeKey,
} from "@skillbox/core/store/skill-state";
import type { PoolClient } from "pg";
import { type ScopeGroup, SettingsModel } from "./settings-model.js";
import type { StoreTable } from "./store-change.js";
import type { WritePipeline } from "./write-pipeline.js";

/** What every PostgreSQL store shares. */
export interface PgStoreContext {
  pipeline: WritePipeline;
  /** `host:port/database`, for messages and diagnostics. */
  database: string;
  /** Epoch milliseconds for `updated_at` columns. */
  now: () => number;
}

const USER_GROUP: ScopeGroup = ["user", ""];
const USER: SkillStateTarget = { scope: "user" };

/** Settings, skill states and session overrides, kept in PostgreSQL and mirrored in memory. */
export class PostgresSettingsStore implements SettingsStore {
  private readonly model = new SettingsModel();

  constructor(private readonly context: PgStoreContext) {}

  readSkillSettings(): SkillSettingsReadResult {
    return decodeSkillSettings(
      this.model.getText(USER_GROUP, SKILL_SETTINGS_KEY),
      `${this.context.database}#settings/skills`,
    );
  }

  writeSkillSettings(settings: SkillSettings): SkillSettings {
    const checked = checkSkillSettings(settings);
    this.writeSetting(SKILL_SETTINGS_KEY, checked);
    return checked;
  }

  /** Applied to memory now; in PostgreSQL `update` runs again on the row locked with FOR UPDATE, so no instance's change is lost. */
  updateSkillSettings(update: (current: SkillSettings) => SkillSettings): SkillSettings {
    return this.updateAtomically(update, false);
  }

  applyBuiltinDefaults(presentDefaultBuiltins: readonly string[]): SkillSettings {
    const current = this.readSkillSettings().settings;
    const rule = (settings: SkillSettings) => applyBuiltinDefaults(settings, presentDefaultBuiltins);
    return isSameSkillSettings(current, rule(current)) ? current : this.updateAtomically(rule, true);
  }

  readSetting(key: string, target: SkillStateTarget = USER): unknown {
    const text = this.model.getText(toGroup(target), key);
    return text === undefined ? undefined : parseJsonOrUndefined(text);
  }

  writeSetting(key: string, value: unknown, target: SkillStateTarget = USER): void {
    const text = encodeSettingValue(key, value);
    const group = toGroup(target);
    this.write(
      "settings",
      () => this.model.setText(group, key, text),
      (client) =>
        client.query(
          `INSERT INTO settings (scope, scope_key, key, value, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (scope, scope_key, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
          [group[0], group[1], key, text, this.context.now()],
        ),
    );
  }

  deleteSetting(key: string, target: SkillStateTarget = USER): void {
    const group = toGroup(target);
    this.write(
      "settings",
      () => this.model.setText(group, key, undefined),
      (client) =>
        client.query("DELETE FROM settings WHERE scope = $1 AND scope_key = $2 AND key = $3", [
          group[0],
          group[1],
          key,
        ]),
    );
  }

  getSkillStates(target: SkillStateTarget): Map<string, SkillState> {
    return this.model.getStates(toGroup(target));
  }

  setSkillState(name: string, state: SkillState, target: SkillStateTarget): void {
    checkSkillStateInput(name, state);
    const group = toGroup(target);
    this.write(
      "skill_states",
      () => this.model.setState(group, name, state),
      (client) =>
        client.query(
          `INSERT INTO skill_states (scope, scope_key, skill_name, state, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (scope, scope_key, skill_name) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at`,
          [group[0], group[1], name, state, this.context.now()],
        ),
    );
  }

  clearSkillState(name: string, target: SkillStateTarget): void {
    const group = toGroup(target);
    this.write(
      "skill_states",
      () => this.model.setState(group, name, undefined),
      (client) =>
        client.query("DELETE FROM skill_states WHERE scope = $1 AND scope_key = $2 AND skill_name = $3", [
          group[0],
          group[1],
          name,
        ]),
    );
  }

  getSessionOverrides(sessionId: string): Map<string, SkillState> {
    return this.model.getSession(sessionId);
  }

  setSessionOverride(sessionId: string, name: string, state: SkillState): void {
    checkSkillStateInput(name, state, sessionId);
    this.write(
      "session_skill_states",
      () => this.model.setSessionState(sessionId, name, state),
      (client) =>
        client.query(
          `INSERT INTO session_skill_states (session_id, skill_name, state, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (session_id, skill_name) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at`,
          [sessionId, name, state, this.context.now()],
        ),
    );
  }

  clearSessionOverrides(sessionId: string, name?: string): void {
    if (name === undefined) {
      this.write(
        "session_skill_states",
        () => this.model.clearSession(sessionId),
        (client) => client.query("DELETE FROM session_skill_states WHERE session_id = $1", [sessionId]),
      );
      return;
    }
    this.write(
      "session_skill_states",
      () => this.model.setSessionState(sessionId, name, undefined),
      (client) =>
        client.query("DELETE FROM session_skill_states WHERE session_id = $1 AND skill_name = $2", [
          sessionId,
          name,
        ]),
    );
  }

  /** All layers from memory in one synchronous call, so they are one consistent snapshot. */
  readSkillStateLayers(context: SkillStateContext): SkillStateLayers {
    return collectLayers(this, context);
  }

  /** Re-reads one table's rows named by notice keys (`undefined`: the whole table) into memory. */
  async reload(client: PoolClient, table: StoreTable, keys?: readonly (readonly string[])[]): Promise<void> {
    const groups = keys?.map((key): ScopeGroup => [key[0] ?? "", key[1] ?? ""]);
    if (table === "settings") await this.model.loadSettings(client, groups);
    else if (table === "skill_states") await this.model.loadStates(client, groups);
    else if (table === "session_skill_states")
      await this.model.loadSessions(
        client,
        keys?.map((key) => key[0] ?? ""),
      );
  }

  private updateAtomically(
    update: (current: SkillSettings) => SkillSettings,
    onlyIfChanged: boolean,
  ): SkillSettings {
    this.context.pipeline.checkWritable();
    const next = checkSkillSettings(update(this.readSkillSettings().settings));
    const text = encodeSettingValue(SKILL_SETTINGS_KEY, next);
    this.write(
      "settings",
      () => this.model.setText(USER_GROUP, SKILL_SETTINGS_KEY, text),
      async (client) => {
        const { rows } = await client.query<{ value: string }>(
          "SELECT value FROM settings WHERE scope = 'user' AND scope_key = '' AND key = $1 FOR UPDATE",
          [SKILL_SETTINGS_KEY],
        );
        const stored = decodeSkillSettings(rows[0]?.value, this.context.database).settings;
        const merged = checkSkillSettings(update(stored));
        if (onlyIfChanged && isSameSkillSettings(stored, merged)) return;
        await client.query(
          `INSERT INTO settings (scope, scope_key, key, value, updated_at) VALUES ('user', '', $1, $2, $3)
         ON CONFLICT (scope, scope_key, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
          [SKILL_SETTINGS_KEY, encodeSettingValue(SKILL_SETTINGS_KEY, merged), this.context.now()],
        );
      },
    );
    return next;
  }

  /** Refuses at once when PostgreSQL is known to be down; otherwise applies to memory and queues. */
  private write(table: StoreTable, apply: () => void, run: (client: PoolClient) => Promise<unknown>): void {
    this.context.pipeline.checkWritable();
    apply();
    this.context.pipeline.enqueueWrite({
      table,
      reapply: apply,
      run: async (client) => void (await run(client)),
    });
  }
}

function toGroup(target: SkillStateTarget): ScopeGroup {
  return [target.scope, toScopeKey(target)];
}
