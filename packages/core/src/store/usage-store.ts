// Usage statistics behind an interface: in-memory here, SQLite in store/.

export interface UsageStat {
  count: number;
  /** Epoch milliseconds of the last use. */
  lastUsedAt: number;
}

export interface UsageStore {
  record(name: string, at: number): void;
  get(name: string): UsageStat | undefined;
  all(): Map<string, UsageStat>;
}

/** A UsageStore that lives as long as the process. */
export class InMemoryUsageStore implements UsageStore {
  private readonly stats = new Map<string, UsageStat>();

  record(name: string, at: number): void {
    const stat = this.stats.get(name);
    this.stats.set(name, { count: (stat?.count ?? 0) + 1, lastUsedAt: at });
  }

  get(name: string): UsageStat | undefined {
    return this.stats.get(name);
  }

  all(): Map<string, UsageStat> {
    return new Map(this.stats);
  }
}

/** ln(1 + count) × 0.5^(ageHours / 168); ageHours is 0.1 when the skill was never used (seed 000). */
export function computeUsageScore(stat: UsageStat | undefined, now: number): number {
  const count = stat?.count ?? 0;
  const ageHours = stat ? Math.max(0, (now - stat.lastUsedAt) / 3_600_000) : 0.1;
  return Math.log(1 + count) * 0.5 ** (ageHours / 168);
}
