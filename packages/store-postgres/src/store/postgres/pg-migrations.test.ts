import { isSkillboxError } from "@skillbox/core/errors";
import { afterEach, expect, it } from "vitest";
import {
  createTestSchemaName,
  describeWithPostgres,
  openTestStore,
  queryTestDatabase,
} from "./__fixtures__/test-database.js";
import { openPostgresStore, type PostgresStore } from "./open-postgres-store.js";
import { pgMigrations } from "./pg-migrations.js";

const opened: PostgresStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

describeWithPostgres("PostgreSQL migrations", () => {
  it("migrate exactly once when ten instances open a new schema at once", async () => {
    const schema = createTestSchemaName("migrate");
    // A second version that would fail if run twice, and counts its runs.
    const migrations = [
      ...pgMigrations,
      {
        version: pgMigrations.length + 1,
        description: "counts its runs",
        sql: "CREATE TABLE migration_runs (run integer); INSERT INTO migration_runs VALUES (1);",
      },
    ];
    const stores = await Promise.all(
      Array.from({ length: 10 }, () => openTestStore({ schema, migrations, poolSize: 1 })),
    );
    opened.push(...stores);
    const rows = await queryTestDatabase<{ version: number; rows: number }>(
      `SELECT version, count(*)::int AS rows FROM "${schema}".skillbox_migrations GROUP BY version ORDER BY version`,
    );
    expect(rows).toEqual(migrations.map((migration) => ({ version: migration.version, rows: 1 })));
    expect(await queryTestDatabase(`SELECT * FROM "${schema}".migration_runs`)).toEqual([{ run: 1 }]);
    expect(stores.flatMap((store) => store.appliedMigrations)).toEqual(
      migrations.map((migration) => migration.version),
    );
    expect(stores.every((store) => store.schemaVersion === migrations.length)).toBe(true);
  });

  it("refuse a schema migrated by a newer Skillbox and leave it untouched", async () => {
    const schema = createTestSchemaName("newer");
    opened.push(await openTestStore({ schema }));
    await queryTestDatabase(
      `INSERT INTO "${schema}".skillbox_migrations (version, description) VALUES (99, 'future')`,
    );
    const error = await openTestStore({ schema }).catch((caught: unknown) => caught);
    expect(isSkillboxError(error, "store-error")).toBe(true);
    expect((error as Error).message).toMatch(
      new RegExp(`version 99.*only knows versions up to ${pgMigrations.length}\\.`),
    );
  });

  it("refuse to open with store-unavailable naming the database when PostgreSQL cannot be reached", async () => {
    const error = await openPostgresStore({
      connectionString: "postgresql://someone:secret@127.0.0.1:1/nowhere",
      connectTimeoutMs: 1000,
    }).catch((caught: unknown) => caught);
    expect(isSkillboxError(error, "store-unavailable")).toBe(true);
    expect((error as Error).message).toContain("127.0.0.1:1/nowhere");
    expect((error as Error).message).not.toContain("secret");
  });
});
