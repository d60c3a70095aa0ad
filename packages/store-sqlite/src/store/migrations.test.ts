import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isSkillboxError } from "@skillbox/core/errors";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  latestSchemaVersion,
  type Migration,
  migrations,
  readSchemaVersion,
  runMigrations,
} from "./migrations.js";
import { openStore } from "./open-store.js";

let directory: string;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), "skillbox-migrations-"));
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

function tableNames(database: Database.Database): string[] {
  return database
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all()
    .map((row) => row.name);
}

describe("migrations", () => {
  it("number their versions 1, 2, 3 … with the latest exported", () => {
    expect(migrations.map((migration) => migration.version)).toEqual(migrations.map((_, index) => index + 1));
    expect(latestSchemaVersion).toBe(migrations.length);
  });

  it("upgrade a database built with the first schema and keep every row", () => {
    const path = join(directory, "skillbox.db");
    const first = openStore({ path, migrations: migrations.slice(0, 1) });
    expect(first.schemaVersion).toBe(1);
    expect(tableNames(first.database)).toEqual(["session_skill_states", "settings", "skill_states", "usage"]);
    first.database.exec(`
      INSERT INTO usage VALUES ('pdf', 7, 1000);
      INSERT INTO settings VALUES ('user', '', 'skills', '{"enabledSkillNames":["pdf"]}', 5);
      INSERT INTO skill_states VALUES ('project', '/work/app', 'pdf', 'name-only', 6);
      INSERT INTO session_skill_states VALUES ('s1', 'pdf', 'off', 7);
    `);
    first.close();

    const upgraded = openStore({ path });
    expect(upgraded.schemaVersion).toBe(latestSchemaVersion);
    expect(tableNames(upgraded.database)).toEqual([
      "audit_log",
      "caches",
      "embeddings",
      "session_skill_states",
      "settings",
      "skill_states",
      "usage",
    ]);
    const database = upgraded.database;
    expect(database.prepare("SELECT * FROM usage").all()).toEqual([
      { skill_name: "pdf", invoke_count: 7, last_used_at: 1000 },
    ]);
    expect(database.prepare("SELECT value FROM settings").get()).toEqual({
      value: '{"enabledSkillNames":["pdf"]}',
    });
    expect(database.prepare("SELECT state FROM skill_states").get()).toEqual({ state: "name-only" });
    expect(database.prepare("SELECT state FROM session_skill_states").get()).toEqual({ state: "off" });
    database
      .prepare("INSERT INTO audit_log VALUES (NULL, 'a', 's1', 'load_skill', 'ok', 3, '', '', 9)")
      .run();
    upgraded.close();
  });

  it("roll back a failing migration completely and leave the version where it was", () => {
    const database = new Database(":memory:");
    const failing: Migration[] = [
      ...migrations,
      {
        version: latestSchemaVersion + 1,
        description: "fails half way",
        up(inner) {
          inner.exec("CREATE TABLE half_done (x INTEGER)");
          inner.exec("INSERT INTO no_such_table VALUES (1)");
        },
      },
    ];
    expect(() => runMigrations(database, failing)).toThrow(/no_such_table/);
    expect(readSchemaVersion(database)).toBe(latestSchemaVersion);
    expect(tableNames(database)).not.toContain("half_done");
    database.close();
  });

  it("refuse a list whose versions skip a number", () => {
    const database = new Database(":memory:");
    const gap: Migration[] = [{ version: 2, description: "gap", up() {} }];
    let caught: unknown;
    try {
      runMigrations(database, gap);
    } catch (error) {
      caught = error;
    }
    expect(isSkillboxError(caught, "invalid-argument")).toBe(true);
    database.close();
  });

  it("skip every step when another connection already migrated the file", () => {
    const path = join(directory, "race.db");
    const first = new Database(path);
    const second = new Database(path);
    runMigrations(first);
    expect(runMigrations(second)).toEqual({ from: latestSchemaVersion, to: latestSchemaVersion });
    first.close();
    second.close();
  });
});
