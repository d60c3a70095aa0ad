// The one ordered lane between the in-memory model and PostgreSQL: writes (batched, each batch one
// transaction applied exactly once) and re-reads run one after another, so a re-read never races a
// write, and a write that waits for a lost connection is retried until it commits.

import { randomUUID } from "node:crypto";
import { SkillboxError } from "@skillbox/core/errors";
import type { Pool, PoolClient } from "pg";
import {
  classifyPgError,
  createBackloggedError,
  createUnavailableError,
  toPgStoreError,
} from "./pg-errors.js";
import type { StoreTable } from "./store-change.js";

/** One write: already applied to memory when queued; `run` makes it durable. */
export interface WriteOperation {
  readonly table: StoreTable;
  /** Puts the write's effect into memory again after its table was re-read while the write waited. */
  reapply(): void;
  /** Runs the write's statements inside its batch's transaction. */
  run(client: PoolClient): Promise<void>;
  /** Called once the batch holding the write committed. */
  committed?(): void;
  /** Called when the write is put into a batch; from then on it must not change. */
  seal?(): void;
}

/** A re-read of some tables into memory. */
export interface ReadTask {
  readonly tables: readonly StoreTable[];
  run(client: PoolClient): Promise<void>;
}

export interface WritePipelineOptions {
  pool: Pool;
  /** `host:port/database`, for messages. */
  database: string;
  /** Writes that may wait at once before new ones are refused with `store-unavailable`. */
  maxQueuedWrites: number;
  /** Writes per transaction at most. */
  maxBatchSize?: number;
  /** Called when PostgreSQL is found unreachable, or reachable again. */
  onAvailabilityChange(available: boolean, cause?: unknown): void;
  /** Called when PostgreSQL refused a write for good (memory must be re-read). */
  onRefused(operation: WriteOperation, error: SkillboxError): void;
  /**
   * Called when the queue is full and usage or audit records start being turned away, and again with
   * the count once there is room again (see admitRecord).
   */
  onRecordsNotSaved?(error: SkillboxError): void;
  /** Clock for the applied-batch rows. */
  now: () => number;
}

type Settle = (error: SkillboxError | undefined) => void;
type Item =
  | { kind: "write"; operation: WriteOperation; settle: Settle; settled: Promise<SkillboxError | undefined> }
  | { kind: "read"; task: ReadTask; settle: Settle; settled: Promise<SkillboxError | undefined> };

const RETRY_DELAYS_MS = [0, 50, 100, 200, 400, 800, 1000];

/** Runs writes and re-reads in order against a pool; see the module comment. */
export class WritePipeline {
  private readonly items: Item[] = [];
  private writesQueued = 0;
  private running = false;
  private stopped = false;
  private failures = 0;
  private isAvailable = true;
  private recordsTurnedAway = 0;
  private turningAway = false;
  private readonly wakers = new Set<() => void>();

  constructor(private readonly options: WritePipelineOptions) {}

  /** False from the second failed attempt in a row to reach PostgreSQL until one succeeds. */
  get available(): boolean {
    return this.isAvailable;
  }

  /** Writes queued and not yet committed. */
  get queuedWrites(): number {
    return this.writesQueued;
  }

  /** Throws `store-unavailable` when a write now could not be promised: PostgreSQL is down or the queue is full. */
  checkWritable(): void {
    if (this.stopped) {
      throw new SkillboxError("store-error", `The PostgreSQL store for ${this.options.database} is closed.`);
    }
    if (!this.isAvailable) throw createUnavailableError(this.options.database);
    if (this.writesQueued >= this.options.maxQueuedWrites) {
      throw createBackloggedError(this.options.database, this.writesQueued);
    }
  }

  /**
   * Whether a usage or audit record may be queued now (then the caller queues it). Running agents
   * make these records, and an outage must not fail a tool call: they wait in the queue, in memory,
   * and commit once PostgreSQL is back. Only a full queue turns one away: it is counted, and the
   * first of each run of such records is reported through onRecordsNotSaved (with the count when
   * there is room again), so none is dropped silently. States and settings use checkWritable.
   */
  admitRecord(): boolean {
    if (this.stopped) {
      throw new SkillboxError("store-error", `The PostgreSQL store for ${this.options.database} is closed.`);
    }
    if (this.writesQueued < this.options.maxQueuedWrites) return true;
    this.recordsTurnedAway += 1;
    if (!this.turningAway) {
      this.turningAway = true;
      this.options.onRecordsNotSaved?.(createRecordsNotSavedError(this.options.database, this.writesQueued));
    }
    return false;
  }

  /** Usage and audit records turned away because the queue was full, since the store opened. */
  get recordsNotSaved(): number {
    return this.recordsTurnedAway;
  }

  /** Queues a write whose effect is already in memory. */
  enqueueWrite(operation: WriteOperation): void {
    const [settle, settled] = createSettler();
    this.items.push({ kind: "write", operation, settle, settled });
    this.writesQueued += 1;
    this.kick();
  }

  /** Queues a re-read; resolves once it ran (after every write queued before it). */
  async enqueueRead(task: ReadTask): Promise<void> {
    if (this.stopped) throw createUnavailableError(this.options.database, new Error("the store was closed"));
    const [settle, settled] = createSettler();
    this.items.push({ kind: "read", task, settle, settled });
    this.kick();
    const error = await settled;
    if (error) throw error;
  }

  /**
   * Resolves when every write queued so far has committed; rejects with the first one PostgreSQL
   * refused. While PostgreSQL is down it waits (the writes are retried).
   */
  async flush(): Promise<void> {
    const waiting = this.items.filter((item) => item.kind === "write").map((item) => item.settled);
    const errors = await Promise.all(waiting);
    const first = errors.find((error) => error !== undefined);
    if (first) throw first;
  }

  /** Marks PostgreSQL reachable (a reconnect succeeded elsewhere) and wakes a waiting retry. */
  markAvailable(): void {
    this.failures = 0;
    this.setAvailable(true);
    for (const wake of [...this.wakers]) wake();
  }

  /** Marks PostgreSQL unreachable (the notice connection could not reconnect). */
  markUnavailable(cause: unknown): void {
    this.setAvailable(false, cause);
  }

  /** Stops retrying; every waiting item fails with `store-unavailable`. Returns how many writes may not be saved. */
  stop(): number {
    this.stopped = true;
    const waiting = this.items.splice(0);
    this.writesQueued = 0;
    const error = createUnavailableError(this.options.database, new Error("the store was closed"));
    for (const item of waiting) item.settle(error);
    for (const wake of [...this.wakers]) wake();
    return waiting.filter((item) => item.kind === "write").length;
  }

  private kick(): void {
    if (this.running || this.stopped) return;
    this.running = true;
    void this.drain().finally(() => {
      this.running = false;
      if (this.items.length > 0 && !this.stopped) this.kick();
    });
  }

  private async drain(): Promise<void> {
    while (this.items.length > 0 && !this.stopped) {
      const head = this.items[0] as Item;
      if (head.kind === "read") {
        const error = await this.runRead(head.task);
        if (this.stopped) return;
        this.items.shift();
        head.settle(error);
        continue;
      }
      const batch: Array<Extract<Item, { kind: "write" }>> = [];
      for (const item of this.items) {
        if (item.kind !== "write" || batch.length >= (this.options.maxBatchSize ?? 500)) break;
        item.operation.seal?.();
        batch.push(item);
      }
      await this.runBatch(batch);
      if (this.stopped) return;
      this.items.splice(0, batch.length);
      this.writesQueued -= batch.length;
      if (this.turningAway) this.reportRecordsTurnedAway();
    }
  }

  private reportRecordsTurnedAway(): void {
    this.turningAway = false;
    const error = createRecordsNotSavedError(
      this.options.database,
      this.writesQueued,
      this.recordsTurnedAway,
    );
    this.options.onRecordsNotSaved?.(error);
  }

  private async runRead(task: ReadTask): Promise<SkillboxError | undefined> {
    try {
      await this.withRetry(async () => {
        const client = await this.options.pool.connect();
        let broken: Error | undefined;
        try {
          await task.run(client);
        } catch (error) {
          broken = classifyPgError(error) === "connection" ? asError(error) : undefined;
          throw error;
        } finally {
          client.release(broken);
        }
      });
    } catch (error) {
      return toPgStoreError(error, this.options.database);
    }
    // Writes still waiting are not in what was just read: put them back on top.
    for (const item of this.items) {
      if (item.kind === "write" && task.tables.includes(item.operation.table)) item.operation.reapply();
    }
    return undefined;
  }

  /** Commits the batch, dropping (and reporting) each write PostgreSQL refuses, retrying the rest. */
  private async runBatch(batch: Array<Extract<Item, { kind: "write" }>>): Promise<void> {
    let remaining = [...batch];
    while (remaining.length > 0) {
      // A fresh id per composition: a retry after a lost COMMIT answer reuses it and is skipped if applied.
      const batchId = randomUUID();
      const operations = remaining.map((item) => item.operation);
      try {
        await this.withRetry(() => this.commitBatch(batchId, operations));
      } catch (error) {
        if (this.stopped) return;
        const refusedIndex = (error as { failedIndex?: number }).failedIndex ?? -1;
        const refused = toPgStoreError(error, this.options.database);
        const culprits =
          refusedIndex >= 0 ? [remaining[refusedIndex] as (typeof remaining)[number]] : remaining;
        for (const item of culprits) {
          item.settle(refused);
          this.options.onRefused(item.operation, refused);
        }
        remaining = remaining.filter((item) => !culprits.includes(item));
        continue;
      }
      for (const item of remaining) {
        item.operation.committed?.();
        item.settle(undefined);
      }
      return;
    }
  }

  /** One transaction; a failure carries `failedIndex`, the write that failed (-1 when none did). */
  private async commitBatch(batchId: string, operations: readonly WriteOperation[]): Promise<void> {
    const client = await this.options.pool.connect();
    let broken: Error | undefined;
    let index = -1;
    try {
      await client.query("BEGIN");
      const fresh = await client.query(
        "INSERT INTO skillbox_applied_batches (id, applied_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        [batchId, this.options.now()],
      );
      if (fresh.rowCount === 0) {
        // The previous attempt committed but its answer was lost: nothing to do again.
        await client.query("ROLLBACK");
        return;
      }
      for (const [position, operation] of operations.entries()) {
        index = position;
        await operation.run(client);
      }
      index = -1;
      await client.query("COMMIT");
    } catch (error) {
      if (classifyPgError(error) === "connection") broken = asError(error);
      else await client.query("ROLLBACK").catch(() => undefined);
      throw Object.assign(asError(error), { failedIndex: index });
    } finally {
      client.release(broken);
    }
  }

  private async withRetry(work: () => Promise<void>): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      if (this.stopped)
        throw createUnavailableError(this.options.database, new Error("the store was closed"));
      try {
        await work();
        this.markAvailable();
        return;
      } catch (error) {
        const kind = classifyPgError(error);
        if (kind === "permanent") throw error;
        if (kind === "connection") {
          this.failures += 1;
          // One immediate retry first: a pooled connection the server closed is not an outage.
          if (this.failures >= 2) this.setAvailable(false, error);
        }
        await this.sleep(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 1000);
      }
    }
  }

  private sleep(milliseconds: number): Promise<void> {
    if (milliseconds === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, milliseconds);
      this.wakers.add(wake);
    });
  }

  private setAvailable(available: boolean, cause?: unknown): void {
    if (this.isAvailable === available) return;
    this.isAvailable = available;
    this.options.onAvailabilityChange(available, cause);
  }
}

/** What a full queue means for usage and audit records; with `total`, the tally once there is room again. */
function createRecordsNotSavedError(database: string, queued: number, total?: number): SkillboxError {
  const message =
    total === undefined
      ? `${queued} writes are waiting for PostgreSQL at ${database}, as many as this instance keeps; ` +
        "usage and audit records made until some of them are written are not saved (the tally follows). " +
        "Check that the database is up; Skillbox reconnects by itself, or raise maxQueuedWrites."
      : `PostgreSQL at ${database} is taking writes again; ${total} usage and audit records in all were ` +
        "not saved by this instance while its write queue was full.";
  return new SkillboxError("store-unavailable", message, {
    data: { database, queued, ...(total === undefined ? {} : { notSaved: total }) },
  });
}

function createSettler(): [Settle, Promise<SkillboxError | undefined>] {
  let settle: Settle = () => undefined;
  const settled = new Promise<SkillboxError | undefined>((resolve) => {
    settle = resolve;
  });
  return [settle, settled];
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
