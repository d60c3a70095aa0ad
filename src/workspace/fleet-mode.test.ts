import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import {
  createTestSchemaName,
  describeWithPostgres,
  requireTestUrl,
  waitFor,
} from "@skillbox/store-postgres/store/postgres/__fixtures__/test-database";
import { afterAll, expect, it } from "vitest";
import { openPostgresStore, openWorkspaceWithStore } from "../index.js";

const base = realpathSync(mkdtempSync(path.join(tmpdir(), "skillbox-fleet-mode-")));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describeWithPostgres("fleet mode from the package's main entry", () => {
  it("opens a workspace on PostgreSQL whose state change another store on the same database sees", async () => {
    const skills = path.join(base, "skills");
    mkdirSync(path.join(skills, "pdf"), { recursive: true });
    writeFileSync(
      path.join(skills, "pdf", "SKILL.md"),
      "---\nname: pdf\ndescription: Reads PDFs.\n---\nBody.\n",
    );
    mkdirSync(path.join(base, "home"), { recursive: true });
    const schema = createTestSchemaName("entry");
    const workspace = await openWorkspaceWithStore({
      cwd: base,
      home: path.join(base, "home"),
      env: { SKILLBOX_DATABASE_URL: requireTestUrl() },
      dirs: [skills],
      bundledDirectory: path.join(base, "bundled"),
      persistIndex: false,
      postgres: { schema },
    });
    const store = await openPostgresStore({ connectionString: requireTestUrl(), schema });
    try {
      expect(workspace.postgres?.schema).toBe(schema);
      workspace.setState("pdf", "off");
      await waitFor(
        () => store.settings.getSkillStates({ scope: "user" }).get("pdf") === "off",
        2000,
        "the other store to see the state",
      );
    } finally {
      await workspace.closeAndFlush();
      await store.close();
    }
  });
});
