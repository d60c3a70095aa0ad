import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isSkillboxError } from "@skillbox/core/errors";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { latestSchemaVersion } from "./migrations.js";
import { openStore } from "./open-store.js";
import { defaultStorePath } from "./store-path.js";

let directory: string;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), "skillbox-store-"));
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

function catchError(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error("expected the action to throw");
}

describe("openStore", () => {
  it("puts the database at ~/.skillbox/skillbox.db under the home directory it is given", () => {
    const store = openStore({ homeDirectory: directory });
    expect(store.path).toBe(join(directory, ".skillbox", "skillbox.db"));
    expect(store.path).toBe(defaultStorePath(directory));
    expect(existsSync(store.path)).toBe(true);
    store.close();
  });

  it("refuses to guess a location when given neither a path nor a home directory", () => {
    const error = catchError(() => openStore({}));
    expect(isSkillboxError(error, "invalid-argument")).toBe(true);
  });

  it("opens an in-memory database migrated to the latest schema", () => {
    const store = openStore({ path: ":memory:" });
    expect(store.schemaVersion).toBe(latestSchemaVersion);
    const tables = store.database
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((row) => row.name);
    expect(tables).toEqual([
      "audit_log",
      "caches",
      "embeddings",
      "session_skill_states",
      "settings",
      "skill_states",
      "usage",
    ]);
    store.close();
  });

  it("turns on WAL, foreign keys and a busy timeout for a file database", () => {
    const store = openStore({ path: join(directory, "a.db"), busyTimeoutMs: 1234 });
    expect(store.database.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(store.database.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(store.database.pragma("busy_timeout", { simple: true })).toBe(1234);
    store.close();
  });

  it("closes once and ignores a second close", () => {
    const store = openStore({ path: ":memory:" });
    store.close();
    expect(store.isOpen).toBe(false);
    expect(() => store.close()).not.toThrow();
  });

  it("reopens an existing file without reapplying migrations", () => {
    const path = join(directory, "a.db");
    const first = openStore({ path });
    first.database.prepare("INSERT INTO usage VALUES ('x', 3, 10)").run();
    first.close();
    const second = openStore({ path });
    expect(second.database.prepare("SELECT invoke_count FROM usage").get()).toEqual({ invoke_count: 3 });
    second.close();
  });

  it("reports a file that is not a database as store-corrupt and leaves its bytes alone", () => {
    const path = join(directory, "skillbox.db");
    const bytes = Buffer.from("this is a text file, not SQLite\n".repeat(200));
    writeFileSync(path, bytes);
    const error = catchError(() => openStore({ path }));
    expect(isSkillboxError(error, "store-corrupt")).toBe(true);
    expect((error as Error).message).toContain("move it aside");
    expect(readFileSync(path).equals(bytes)).toBe(true);
    expect(existsSync(`${path}-wal`)).toBe(false);
    expect(existsSync(`${path}-shm`)).toBe(false);
  });

  it("reports a malformed database page as store-corrupt and leaves its bytes alone", () => {
    const path = join(directory, "skillbox.db");
    openStore({ path }).close();
    const bytes = readFileSync(path);
    bytes.fill(0x5a, 100, 4096);
    writeFileSync(path, bytes);
    const error = catchError(() => openStore({ path }));
    expect(isSkillboxError(error, "store-corrupt")).toBe(true);
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });

  it("refuses a database from a newer schema version without changing it", () => {
    const path = join(directory, "skillbox.db");
    const newer = new Database(path);
    newer.exec("CREATE TABLE future (x INTEGER)");
    newer.pragma(`user_version = ${latestSchemaVersion + 1}`);
    newer.close();
    const bytes = readFileSync(path);
    const error = catchError(() => openStore({ path }));
    expect(isSkillboxError(error, "store-error")).toBe(true);
    expect((error as Error).message).toContain("Upgrade Skillbox");
    expect(readFileSync(path).equals(bytes)).toBe(true);
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it("reports a database held under an exclusive lock as store-locked after the busy timeout", () => {
    const path = join(directory, "skillbox.db");
    openStore({ path }).close();
    const holder = new Database(path);
    holder.pragma("locking_mode = EXCLUSIVE");
    holder.exec("BEGIN EXCLUSIVE; INSERT INTO usage VALUES ('held', 1, 1);");
    const started = Date.now();
    const error = catchError(() => openStore({ path, busyTimeoutMs: 100 }));
    expect(isSkillboxError(error, "store-locked")).toBe(true);
    expect((error as Error).message).toContain("try again");
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    holder.exec("COMMIT");
    holder.close();
    const store = openStore({ path });
    expect(store.database.prepare("SELECT skill_name FROM usage").get()).toEqual({ skill_name: "held" });
    store.close();
  });

  it("reports a path it cannot create as store-error", () => {
    const blocker = join(directory, "file");
    writeFileSync(blocker, "x");
    const error = catchError(() => openStore({ path: join(blocker, "inner", "skillbox.db") }));
    expect(isSkillboxError(error, "store-error")).toBe(true);
  });
});
