// One dedicated connection that LISTENs for change notices, and reconnects (with backoff) when it
// is lost, so the store can re-read everything it may have missed.

import pg from "pg";
import { CHANGE_CHANNEL } from "./pg-migrations.js";
import { STORE_TABLES, type StoreTable } from "./store-change.js";

/** One parsed notice: a table and, for row-level notices, the changed row's key. */
export interface ChangeNotice {
  table: StoreTable;
  key?: readonly string[];
}

export interface ChangeListenerOptions {
  connectionString: string;
  schema: string;
  connectTimeoutMs: number;
  onNotice(notice: ChangeNotice): void;
  /** The connection came back after a loss: notices sent meanwhile were missed. */
  onReconnected(): void;
  /** A reconnect attempt failed: PostgreSQL is unreachable. */
  onUnreachable(cause: unknown): void;
}

const RECONNECT_DELAYS_MS = [0, 100, 200, 400, 800, 1000];

/** Listens on CHANGE_CHANNEL for one schema's notices. */
export class ChangeListener {
  private client: pg.Client | undefined;
  private closing = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ChangeListenerOptions) {}

  /** True while the LISTEN connection is up. */
  get connected(): boolean {
    return this.client !== undefined;
  }

  /** Connects the first time; throws when PostgreSQL cannot be reached. */
  async start(): Promise<void> {
    await this.connect();
  }

  /** The backend process id of the LISTEN connection (tests end it with pg_terminate_backend). */
  get processId(): number | undefined {
    return (this.client as (pg.Client & { processID?: number }) | undefined)?.processID;
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      keepAlive: true,
      connectionTimeoutMillis: this.options.connectTimeoutMs,
    });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      client.end().catch(() => undefined);
      if (!this.closing) this.reconnect(0);
    };
    // Errors on this connection are handled by reconnecting; never let one crash the process.
    client.on("error", onLost);
    client.on("end", onLost);
    client.on("notification", (message) => {
      const notice = parseNotice(message.payload, this.options.schema);
      if (notice) this.options.onNotice(notice);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      lost = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closing) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  private reconnect(attempt: number): void {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 1000;
    this.timer = setTimeout(() => {
      this.connect().then(
        () => {
          if (!this.closing) this.options.onReconnected();
        },
        (error: unknown) => {
          if (this.closing) return;
          this.options.onUnreachable(error);
          this.reconnect(attempt + 1);
        },
      );
    }, delay);
    // A waiting reconnect never keeps the process alive on its own.
    this.timer.unref();
  }
}

/** The notice in a payload, or undefined for another schema's notices or a payload this version cannot read. */
export function parseNotice(payload: string | undefined, schema: string): ChangeNotice | undefined {
  if (payload === undefined) return undefined;
  let value: { s?: unknown; t?: unknown; k?: unknown };
  try {
    value = JSON.parse(payload) as typeof value;
  } catch {
    // Someone else's notice on the same channel; nothing of ours to re-read.
    return undefined;
  }
  if (value.s !== schema || !(STORE_TABLES as readonly unknown[]).includes(value.t)) return undefined;
  const table = value.t as StoreTable;
  const key =
    Array.isArray(value.k) && value.k.every((part) => typeof part === "string")
      ? (value.k as string[])
      : undefined;
  return key === undefined ? { table } : { table, key };
}
