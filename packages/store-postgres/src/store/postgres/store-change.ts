// What the PostgreSQL store tells its subscribers after it re-read rows another instance (or this one) changed.

/** The tables the PostgreSQL store keeps in memory and re-reads on change notices. */
export type StoreTable =
  | "usage"
  | "settings"
  | "skill_states"
  | "session_skill_states"
  | "audit_log"
  | "caches";

/** Every table, in the order a full refresh reads them. */
export const STORE_TABLES: readonly StoreTable[] = [
  "settings",
  "skill_states",
  "session_skill_states",
  "usage",
  "caches",
  "audit_log",
];

/**
 * One change, delivered after memory holds the new rows. `table` is "all" after a full refresh (at a
 * reconnect, so nothing missed while the connection was down is lost). `keys` are the changed rows'
 * primary keys as the notices named them (`[scope, scope_key, skill_name]` for skill_states); absent
 * when the whole table was re-read.
 */
export interface StoreChange {
  table: StoreTable | "all";
  keys?: readonly (readonly string[])[];
}

/** Called with each change; a listener that throws does not stop the others. */
export type StoreChangeListener = (change: StoreChange) => void;

/** True when a change touched skill states, session overrides or settings (what decides a skill's state). */
export function isStateChange(change: StoreChange): boolean {
  return (
    change.table === "all" ||
    change.table === "skill_states" ||
    change.table === "session_skill_states" ||
    change.table === "settings"
  );
}
