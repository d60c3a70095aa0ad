// Sorts PostgreSQL failures into "the server is unreachable", "try again" and "this write is wrong",
// and turns them into SkillboxErrors whose message says what to do next.

import { SkillboxError } from "@skillbox/core/errors";

/** How a failed statement should be handled. */
export type PgFailureKind = "connection" | "retry" | "permanent";

// SQLSTATE classes 08 (connection exception), 53 (insufficient resources), 57P (operator intervention:
// shutdown, terminated backend, cannot connect now) mean the server or the link went away.
const CONNECTION_STATES = /^(08|53|57P)/;
// Serialization failures and deadlocks succeed when run again.
const RETRY_STATES = new Set(["40001", "40P01", "55P03"]);

/** Classifies an error thrown by `pg`. Errors without a SQLSTATE (socket closed, refused, timed out) are connection failures. */
export function classifyPgError(error: unknown): PgFailureKind {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
    if (CONNECTION_STATES.test(code)) return "connection";
    return RETRY_STATES.has(code) ? "retry" : "permanent";
  }
  if (error instanceof SkillboxError) return "permanent";
  return "connection";
}

/** `host:port/database` of a connection string, without user or password, for messages. */
export function describeDatabase(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    const database = url.pathname.replace(/^\//, "") || "(default database)";
    return `${url.hostname || "localhost"}${url.port ? `:${url.port}` : ""}/${database}`;
  } catch {
    // Not a URL (a libpq key=value string): say nothing that could hold a password.
    return "the configured PostgreSQL database";
  }
}

/** The error a write gets while PostgreSQL cannot be reached; nothing was saved. */
export function createUnavailableError(database: string, cause?: unknown): SkillboxError {
  const reason = cause === undefined ? "" : ` (${describeCause(cause)})`;
  return new SkillboxError(
    "store-unavailable",
    `PostgreSQL at ${database} cannot be reached${reason}; this change was not saved. Reads still answer from ` +
      "memory. Try again once the database is back; Skillbox reconnects by itself.",
    { ...(cause === undefined ? {} : { cause }), data: { database } },
  );
}

/** The error opening gets when PostgreSQL cannot be reached. */
export function createUnreachableAtOpenError(database: string, cause: unknown): SkillboxError {
  return new SkillboxError(
    "store-unavailable",
    `PostgreSQL at ${database} cannot be reached (${describeCause(cause)}). Check the database URL ` +
      "(--store or SKILLBOX_DATABASE_URL) and that the server is running and accepts this user.",
    { cause, data: { database } },
  );
}

/** The error a write gets when too many writes wait for the database; nothing was saved. */
export function createBackloggedError(database: string, queued: number): SkillboxError {
  return new SkillboxError(
    "store-unavailable",
    `${queued} writes are still waiting for PostgreSQL at ${database}; this change was not saved. ` +
      "Try again shortly, or check the database's load.",
    { data: { database, queued } },
  );
}

/** Wraps a permanent failure of one write (a constraint, a bad value) as `store-error`. */
export function toPgStoreError(error: unknown, database: string): SkillboxError {
  if (error instanceof SkillboxError) return error;
  if (classifyPgError(error) !== "permanent") return createUnavailableError(database, error);
  const code = (error as { code?: unknown }).code;
  return new SkillboxError(
    "store-error",
    `PostgreSQL at ${database} refused a write: ${describeCause(error)}.`,
    {
      cause: error,
      data: { database, sqlState: code },
    },
  );
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === "string" && !cause.message.includes(code)
      ? `${code}: ${cause.message}`
      : cause.message;
  }
  return String(cause);
}
