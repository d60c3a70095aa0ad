// UsageStore on PostgreSQL: counts in memory at once, uses gathered into one atomic UPSERT per batch
// (`invoke_count = invoke_count + n` inside PostgreSQL), so any number of instances lose no count.

import type { UsageStat, UsageStore } from "@skillbox/core/store/usage-store";
import type { PoolClient } from "pg";
import type { PgStoreContext } from "./postgres-settings-store.js";
import type { WriteOperation } from "./write-pipeline.js";

/** Skill invocation counts and last-use times, kept in PostgreSQL's `usage` table and in memory. */
export class PostgresUsageStore implements UsageStore {
  private readonly stats = new Map<string, UsageStat>();
  private open: UsageDelta | undefined;

  constructor(private readonly context: PgStoreContext) {}

  /**
   * Adds one use of `name` at epoch milliseconds `at`; the last-use time never moves backwards. Kept
   * (in memory, committed later) while PostgreSQL is down, like audit entries: see admitRecord.
   */
  record(name: string, at: number): void {
    if (!this.context.pipeline.admitRecord()) return;
    const time = Math.trunc(at);
    addTo(this.stats, name, 1, time);
    // Uses recorded while the previous batch waits join one delta: one statement, however many uses.
    if (this.open === undefined || this.open.sealed) {
      this.open = new UsageDelta(this.stats);
      this.context.pipeline.enqueueWrite(this.open);
    }
    this.open.add(name, time);
  }

  get(name: string): UsageStat | undefined {
    const stat = this.stats.get(name);
    return stat === undefined ? undefined : { ...stat };
  }

  all(): Map<string, UsageStat> {
    return new Map([...this.stats].map(([name, stat]) => [name, { ...stat }]));
  }

  /** Re-reads the whole table (it has one row per skill); waiting deltas are added back by the pipeline. */
  async reload(client: PoolClient): Promise<void> {
    const { rows } = await client.query<{ skill_name: string; invoke_count: string; last_used_at: string }>(
      "SELECT skill_name, invoke_count, last_used_at FROM usage",
    );
    this.stats.clear();
    for (const row of rows) {
      this.stats.set(row.skill_name, {
        count: Number(row.invoke_count),
        lastUsedAt: Number(row.last_used_at),
      });
    }
  }
}

/** Uses not yet committed, by skill. */
class UsageDelta implements WriteOperation {
  readonly table = "usage" as const;
  sealed = false;
  private readonly delta = new Map<string, UsageStat>();

  constructor(private readonly stats: Map<string, UsageStat>) {}

  add(name: string, at: number): void {
    addTo(this.delta, name, 1, at);
  }

  seal(): void {
    this.sealed = true;
  }

  reapply(): void {
    for (const [name, stat] of this.delta) addTo(this.stats, name, stat.count, stat.lastUsedAt);
  }

  async run(client: PoolClient): Promise<void> {
    // Sorted, so concurrent batches lock rows in one order and never deadlock each other.
    const names = [...this.delta.keys()].sort();
    await client.query(
      `INSERT INTO usage (skill_name, invoke_count, last_used_at)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[])
       ON CONFLICT (skill_name) DO UPDATE SET
         invoke_count = usage.invoke_count + excluded.invoke_count,
         last_used_at = GREATEST(usage.last_used_at, excluded.last_used_at)`,
      [
        names,
        names.map((name) => this.delta.get(name)?.count),
        names.map((name) => this.delta.get(name)?.lastUsedAt),
      ],
    );
  }
}

function addTo(stats: Map<string, UsageStat>, name: string, count: number, at: number): void {
  const stat = stats.get(name);
  stats.set(name, { count: (stat?.count ?? 0) + count, lastUsedAt: Math.max(stat?.lastUsedAt ?? at, at) });
}
