// The in-memory copy of the settings, skill_states and session_skill_states tables that the
// PostgreSQL settings store answers reads from, and how re-read rows replace parts of it.

import { isSkillState, type SkillState } from "@skillbox/core/store/skill-state";
import type { PoolClient } from "pg";

/** `[scope, scope_key]`: the unit a settings or skill-state notice re-reads. */
export type ScopeGroup = readonly [scope: string, scopeKey: string];

type Groups<T> = Map<string, Map<string, T>>;

/** Rows by scope group (or session id), then by key. */
export class SettingsModel {
  /** Raw JSON text as stored, so a damaged value is reported the way SQLite's store reports it. */
  readonly settings: Groups<string> = new Map();
  readonly states: Groups<SkillState> = new Map();
  readonly sessions: Groups<SkillState> = new Map();

  getText(group: ScopeGroup, key: string): string | undefined {
    return this.settings.get(groupId(group))?.get(key);
  }

  setText(group: ScopeGroup, key: string, text: string | undefined): void {
    setIn(this.settings, groupId(group), key, text);
  }

  getStates(group: ScopeGroup): Map<string, SkillState> {
    return new Map(this.states.get(groupId(group)));
  }

  setState(group: ScopeGroup, name: string, state: SkillState | undefined): void {
    setIn(this.states, groupId(group), name, state);
  }

  getSession(sessionId: string): Map<string, SkillState> {
    return new Map(this.sessions.get(sessionId));
  }

  setSessionState(sessionId: string, name: string, state: SkillState | undefined): void {
    setIn(this.sessions, sessionId, name, state);
  }

  clearSession(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  /** Re-reads settings rows of the given scope groups, or of every group when `groups` is undefined. */
  async loadSettings(client: PoolClient, groups?: readonly ScopeGroup[]): Promise<void> {
    const { rows } = await client.query<{ scope: string; scope_key: string; key: string; value: string }>(
      `SELECT scope, scope_key, key, value FROM settings ${groupFilter(groups)}`,
      groupParameters(groups),
    );
    replaceGroups(this.settings, groups?.map(groupId), rows, (row) => [
      groupId([row.scope, row.scope_key]),
      row.key,
      row.value,
    ]);
  }

  /** Re-reads skill states of the given scope groups, or all of them. */
  async loadStates(client: PoolClient, groups?: readonly ScopeGroup[]): Promise<void> {
    const { rows } = await client.query<{
      scope: string;
      scope_key: string;
      skill_name: string;
      state: string;
    }>(
      `SELECT scope, scope_key, skill_name, state FROM skill_states ${groupFilter(groups)}`,
      groupParameters(groups),
    );
    // A state written by a newer Skillbox that this one does not know is skipped, not guessed at.
    const known = rows.filter((row) => isSkillState(row.state));
    replaceGroups(this.states, groups?.map(groupId), known, (row) => [
      groupId([row.scope, row.scope_key]),
      row.skill_name,
      row.state as SkillState,
    ]);
  }

  /** Re-reads the overrides of the given sessions, or of every session. */
  async loadSessions(client: PoolClient, sessionIds?: readonly string[]): Promise<void> {
    const { rows } = await client.query<{ session_id: string; skill_name: string; state: string }>(
      `SELECT session_id, skill_name, state FROM session_skill_states ${sessionIds ? "WHERE session_id = ANY($1)" : ""}`,
      sessionIds ? [sessionIds] : [],
    );
    const known = rows.filter((row) => isSkillState(row.state));
    replaceGroups(this.sessions, sessionIds, known, (row) => [
      row.session_id,
      row.skill_name,
      row.state as SkillState,
    ]);
  }
}

/** The map key of a scope group. */
export function groupId(group: ScopeGroup): string {
  return `${group[0]}\0${group[1]}`;
}

function groupFilter(groups: readonly ScopeGroup[] | undefined): string {
  return groups ? "WHERE (scope, scope_key) IN (SELECT * FROM unnest($1::text[], $2::text[]))" : "";
}

function groupParameters(groups: readonly ScopeGroup[] | undefined): unknown[] {
  return groups ? [groups.map((group) => group[0]), groups.map((group) => group[1])] : [];
}

function setIn<T>(groups: Groups<T>, group: string, key: string, value: T | undefined): void {
  const map = groups.get(group);
  if (value === undefined) {
    map?.delete(key);
    if (map?.size === 0) groups.delete(group);
    return;
  }
  if (map) map.set(key, value);
  else groups.set(group, new Map([[key, value]]));
}

/** Drops the named groups (every group when undefined) and puts the rows read in their place. */
function replaceGroups<T, R>(
  groups: Groups<T>,
  ids: readonly string[] | undefined,
  rows: readonly R[],
  entry: (row: R) => [group: string, key: string, value: T],
): void {
  if (ids === undefined) groups.clear();
  else for (const id of ids) groups.delete(id);
  for (const row of rows) {
    const [group, key, value] = entry(row);
    setIn(groups, group, key, value);
  }
}
