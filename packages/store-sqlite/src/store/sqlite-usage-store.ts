// UsageStore on SQLite: one UPSERT per use, so several processes recording at once lose no counts.

import type { UsageStat, UsageStore } from "@skillbox/core/store/usage-store";
import type Database from "better-sqlite3";
import type { SkillboxStore } from "./open-store.js";
import { runStoreOperation } from "./store-errors.js";

interface UsageRow {
  skill_name: string;
  invoke_count: number;
  last_used_at: number;
}

// Lookups in one synchronous run beyond this many read the whole table once instead (a listing
// asks for every skill's usage in one go: one query rather than one per row).
const SINGLE_LOOKUPS = 8;

/** Skill invocation counts and last-use times kept in the `usage` table. */
export class SqliteUsageStore implements UsageStore {
  private readonly path: string;
  /** Lookups since the current synchronous run began, and the table when read for it. */
  private lookups = 0;
  private snapshot: Map<string, UsageStat> | undefined;
  private readonly recordStatement: Database.Statement<[string, number]>;
  private readonly getStatement: Database.Statement<[string], UsageRow>;
  private readonly allStatement: Database.Statement<[], UsageRow>;

  constructor(store: SkillboxStore) {
    this.path = store.path;
    const database = store.database;
    // The increment happens inside SQLite, never as read-then-write in JavaScript.
    this.recordStatement = database.prepare(
      `INSERT INTO usage (skill_name, invoke_count, last_used_at) VALUES (?, 1, ?)
       ON CONFLICT (skill_name) DO UPDATE SET
         invoke_count = invoke_count + 1,
         last_used_at = max(last_used_at, excluded.last_used_at)`,
    );
    this.getStatement = database.prepare("SELECT * FROM usage WHERE skill_name = ?");
    this.allStatement = database.prepare("SELECT * FROM usage ORDER BY skill_name");
  }

  /** Adds one use of `name` at epoch milliseconds `at`; the last-use time never moves backwards. */
  record(name: string, at: number): void {
    this.snapshot = undefined;
    runStoreOperation(this.path, () => this.recordStatement.run(name, Math.trunc(at)));
  }

  /**
   * The stat for one skill, or undefined when it was never used. Within one synchronous run, many
   * lookups are answered from one read of the table (what another process commits meanwhile shows
   * from the next run on, as a transaction would see it).
   */
  get(name: string): UsageStat | undefined {
    if (this.snapshot !== undefined) return this.snapshot.get(name);
    if (this.lookups++ === 0) queueMicrotask(() => this.endRun());
    if (this.lookups > SINGLE_LOOKUPS) {
      this.snapshot = this.all();
      return this.snapshot.get(name);
    }
    const row = runStoreOperation(this.path, () => this.getStatement.get(name));
    return row === undefined ? undefined : toStat(row);
  }

  private endRun(): void {
    this.lookups = 0;
    this.snapshot = undefined;
  }

  /** Every recorded skill, by name. */
  all(): Map<string, UsageStat> {
    const rows = runStoreOperation(this.path, () => this.allStatement.all());
    return new Map(rows.map((row) => [row.skill_name, toStat(row)]));
  }
}

function toStat(row: UsageRow): UsageStat {
  return { count: row.invoke_count, lastUsedAt: row.last_used_at };
}
