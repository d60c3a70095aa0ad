import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import {
  createTestSchemaName,
  describeWithPostgres,
  openTestStore,
  queryTestDatabase,
  requireTestUrl,
} from "./__fixtures__/test-database.js";

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL("./__fixtures__/record-usage.ts", import.meta.url));
const SKILLS = ["pdf", "csv", "plotting", "methodology", "presentation"];

describeWithPostgres("usage recorded by several processes at once", () => {
  it("adds up to exactly 40,000 when four processes record 10,000 uses each of the same skills", async () => {
    const schema = createTestSchemaName("usage");
    // Migrate first, so the children race on writes rather than on the advisory lock.
    await (await openTestStore({ schema })).close();
    const children = Array.from({ length: 4 }, () =>
      run(
        process.execPath,
        [
          "--conditions=skillbox-source",
          "--import",
          "tsx",
          CHILD,
          requireTestUrl(),
          schema,
          "10000",
          SKILLS.join(","),
        ],
        {
          timeout: 120_000,
        },
      ),
    );
    const outputs = await Promise.all(children);
    for (const output of outputs) expect(JSON.parse(output.stdout)).toMatchObject({ recorded: 10_000 });
    const rows = await queryTestDatabase<{ skill_name: string; invoke_count: string }>(
      `SELECT skill_name, invoke_count FROM "${schema}".usage ORDER BY skill_name`,
    );
    expect(rows.reduce((sum, row) => sum + Number(row.invoke_count), 0)).toBe(40_000);
    expect(rows.map((row) => [row.skill_name, Number(row.invoke_count)])).toEqual(
      [...SKILLS].sort().map((name) => [name, 8000]),
    );
  }, 180_000);
});
