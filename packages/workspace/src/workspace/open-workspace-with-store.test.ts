import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { isSkillboxError } from "@skillbox/core/errors";
import {
  createTestSchemaName,
  describeWithPostgres,
  requireTestUrl,
  waitFor,
} from "@skillbox/store-postgres/store/postgres/__fixtures__/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openWorkspaceWithStore, type StoreBackedWorkspace } from "./open-workspace-with-store.js";
import type { SkillStateChange } from "./workspace.js";

let base: string;
let project: string;
let bundled: string;
const opened: StoreBackedWorkspace[] = [];
beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(tmpdir(), "skillbox-fleet-")));
  project = path.join(base, "repo");
  bundled = path.join(base, "bundled");
  mkdirSync(path.join(project, ".git"), { recursive: true });
  mkdirSync(bundled, { recursive: true });
  for (const name of ["pdf", "csv"]) {
    mkdirSync(path.join(project, ".agents", "skills", name), { recursive: true });
    writeFileSync(
      path.join(project, ".agents", "skills", name, "SKILL.md"),
      `---\nname: ${name}\ndescription: Helps with ${name}.\n---\nBody.\n`,
    );
  }
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((workspace) => workspace.closeAndFlush()));
  rmSync(base, { recursive: true, force: true });
});

/** One "machine": its own home folder, the shared project, the given store settings. */
async function openNode(
  label: string,
  options: { env?: Record<string, string>; storeUrl?: string; schema?: string } = {},
): Promise<StoreBackedWorkspace> {
  const home = path.join(base, `home-${label}`);
  mkdirSync(home, { recursive: true });
  const workspace = await openWorkspaceWithStore({
    cwd: project,
    home,
    env: options.env ?? {},
    bundledDirectory: bundled,
    ...(options.storeUrl === undefined ? {} : { storeUrl: options.storeUrl }),
    ...(options.schema === undefined ? {} : { postgres: { schema: options.schema } }),
  });
  opened.push(workspace);
  return workspace;
}

describe("openWorkspaceWithStore", () => {
  it("uses the SQLite file when no database URL is given", async () => {
    const workspace = await openNode("a");
    expect(workspace.postgres).toBeUndefined();
    workspace.setState("pdf", "off");
    expect(workspace.stateOf("pdf")).toBe("off");
  });

  it("refuses a store URL that is not a PostgreSQL one", async () => {
    const error = await openNode("a", { storeUrl: "mysql://db/skills" }).catch((caught: unknown) => caught);
    expect(isSkillboxError(error, "invalid-argument")).toBe(true);
  });
});

describeWithPostgres("workspaces sharing one PostgreSQL database", () => {
  it("see a state set on one instance in the other's stateOf and listeners within a second", async () => {
    const schema = createTestSchemaName("fleet");
    const a = await openNode("a", { storeUrl: requireTestUrl(), schema });
    const b = await openNode("b", { env: { SKILLBOX_DATABASE_URL: requireTestUrl() }, schema });
    expect(a.postgres?.schema).toBe(schema);
    expect(b.postgres?.schema).toBe(schema);
    expect(b.stateOf("pdf")).toBe("on");
    const seen: SkillStateChange[] = [];
    b.onStateChanged?.((change) => seen.push(change));
    expect(b.registry.isListedForModel("pdf")).toBe(true);
    a.setState("pdf", "off");
    a.setState("csv", "name-only", "project");
    await waitFor(
      () => b.stateOf("pdf") === "off" && b.stateOf("csv") === "name-only",
      1000,
      "instance B's states to follow A's writes",
    );
    // B's registry view (what Layer 1 lists) follows too.
    expect(b.registry.isListedForModel("pdf")).toBe(false);
    expect(seen).toEqual(
      expect.arrayContaining([
        { name: "pdf", state: "off", scope: "user" },
        { name: "csv", state: "name-only", scope: "project" },
      ]),
    );
    a.clearState?.("pdf");
    await waitFor(() => b.registry.isListedForModel("pdf"), 1000, "B's registry to list the skill again");
  });
});
