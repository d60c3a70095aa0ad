import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createTestSchemaName,
  describeWithPostgres,
  queryTestDatabase,
  requireTestUrl,
} from "@skillbox/store-postgres/store/postgres/__fixtures__/test-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliIo } from "./command.js";
import { stateCommand } from "./commands/state.js";
import { runCli } from "./run-cli.js";

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "skillbox-cli-store-"));
  mkdirSync(join(root, "skills", "pdf"), { recursive: true });
  writeFileSync(
    join(root, "skills", "pdf", "SKILL.md"),
    "---\nname: pdf\ndescription: Reads PDFs.\n---\nBody.\n",
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function run(args: string[], env: Record<string, string> = {}, home = "home") {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    cwd: root,
    home: join(root, home),
    env,
  };
  const code = await runCli(args, io, { commands: [stateCommand], version: "9.9.9" });
  return { code, stdout, stderr };
}

describe("the global --store option", () => {
  it("refuses a URL that is not a PostgreSQL one", async () => {
    const result = await run(["--store", "mysql://db/x", "state", "pdf", "off", "--dir", "skills"]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("postgres://");
  });

  it("fails with one line naming the database, never the password, when PostgreSQL cannot be reached", async () => {
    const url = "postgres://someone:secret@127.0.0.1:1/skills";
    const result = await run(["state", "pdf", "--dir", "skills"], { SKILLBOX_DATABASE_URL: url });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^skillbox state: PostgreSQL at 127\.0\.0\.1:1\/skills cannot be reached/);
    expect(result.stderr).not.toContain("secret");
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("warns in one line that a password in --store shows in the process list, and not for the variable", async () => {
    const url = "postgres://someone:secret@127.0.0.1:1/skills";
    const viaOption = await run(["--store", url, "state", "pdf", "--dir", "skills"]);
    const [warning, ...others] = viaOption.stderr.trim().split("\n");
    expect(warning).toMatch(/^skillbox state: warning: the password in --store can be read by anyone/);
    expect(warning).toContain("SKILLBOX_DATABASE_URL");
    expect(warning).toContain('"store" key of ~/.skillbox/config.json');
    expect(others).toHaveLength(1);
    expect(viaOption.stderr).not.toContain("secret");
    const viaVariable = await run(["state", "pdf", "--dir", "skills"], { SKILLBOX_DATABASE_URL: url });
    expect(viaVariable.stderr).not.toContain("warning");
    const withoutPassword = await run(["--store", "postgres://someone@127.0.0.1:1/skills", "state", "pdf"]);
    expect(withoutPassword.stderr).not.toContain("warning");
  });

  it("says a malformed URL is malformed and where it was given, instead of 'cannot be reached'", async () => {
    const malformed = "postgres://someone:pa/ss@127.0.0.1:1/skills";
    const viaOption = await run(["--store", malformed, "state", "pdf", "--dir", "skills"]);
    expect(viaOption.code).not.toBe(0);
    expect(viaOption.stderr).toMatch(/^skillbox state: --store is a malformed PostgreSQL URL: /);
    expect(viaOption.stderr).not.toContain("cannot be reached");
    expect(viaOption.stderr).not.toContain("pa/ss");
    const viaVariable = await run(["state", "pdf", "--dir", "skills"], { SKILLBOX_DATABASE_URL: malformed });
    expect(viaVariable.stderr).toMatch(
      /^skillbox state: SKILLBOX_DATABASE_URL is a malformed PostgreSQL URL/,
    );
    mkdirSync(join(root, "home-malformed", ".skillbox"), { recursive: true });
    writeFileSync(
      join(root, "home-malformed", ".skillbox", "config.json"),
      JSON.stringify({ store: malformed }),
    );
    const viaConfig = await run(["state", "pdf", "--dir", "skills"], {}, "home-malformed");
    expect(viaConfig.stderr).toContain('Config key "store" in ');
    expect(viaConfig.stderr).toContain("url is a malformed PostgreSQL URL");
  });

  it("turns pg's nine-line sslmode warning into one line of advice from Skillbox", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const url = "postgres://someone@127.0.0.1:1/skills?sslmode=require";
      const result = await run(["state", "pdf", "--dir", "skills"], { SKILLBOX_DATABASE_URL: url });
      const lines = result.stderr.trim().split("\n");
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(
        /^skillbox state: warning: sslmode=require is used as sslmode=verify-full .*sslmode=no-verify/,
      );
      expect(lines[1]).toContain("cannot be reached");
      // Give a process warning (emitted on the next tick) the time to arrive.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => warning.message)).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("is taken after the command too, as skillbox serve --store … is written", async () => {
    const wrong = await run(["state", "pdf", "off", "--dir", "skills", "--store", "mysql://db/x"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^skillbox state: --store takes a postgres:\/\/ or postgresql:\/\/ URL/);
    const unreachable = await run(["state", "pdf", "--store=postgres://someone@127.0.0.1:1/skills"]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(
      /^skillbox state: PostgreSQL at 127\.0\.0\.1:1\/skills cannot be reached/,
    );
    expect((await run(["state", "pdf", "--store"])).stderr).toContain(
      "option --store needs a postgres:// URL",
    );
  });

  it("refuses --store without a value", async () => {
    const result = await run(["--store"]);
    expect(result.stderr).toContain("option --store needs a postgres:// URL");
  });
});

describeWithPostgres("the global --store option with PostgreSQL", () => {
  afterAll(() => queryTestDatabase("DROP SCHEMA IF EXISTS skillbox CASCADE"));

  it("keeps a state set through one machine's CLI in PostgreSQL, where another machine's CLI sees it", async () => {
    // The CLI uses the default schema, `skillbox`; this is the only test file that does.
    const url = requireTestUrl();
    const set = await run(["--store", url, "state", "pdf", "off", "--dir", "skills"], {}, "home-a");
    expect(set.stderr).toBe("");
    expect(set.code).toBe(0);
    const rows = await queryTestDatabase<{ state: string }>(
      "SELECT state FROM skillbox.skill_states WHERE skill_name = 'pdf'",
    );
    expect(rows).toEqual([{ state: "off" }]);
    const shown = await run(["state", "pdf", "--dir", "skills"], { SKILLBOX_DATABASE_URL: url }, "home-b");
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain("off");
  });
});

describeWithPostgres("the user config's store", () => {
  afterAll(() => queryTestDatabase("DROP SCHEMA IF EXISTS skillbox CASCADE"));

  it("is used by the CLI when neither --store nor SKILLBOX_DATABASE_URL is set, and each of those wins over it", async () => {
    const url = requireTestUrl();
    const schema = createTestSchemaName("cli_config");
    mkdirSync(join(root, "home-config", ".skillbox"), { recursive: true });
    writeFileSync(
      join(root, "home-config", ".skillbox", "config.json"),
      JSON.stringify({ store: { url, schema } }),
    );
    const set = await run(["state", "pdf", "name-only", "--dir", "skills"], {}, "home-config");
    expect(set.stderr).toBe("");
    expect(set.code).toBe(0);
    const rows = await queryTestDatabase<{ state: string }>(
      `SELECT state FROM "${schema}".skill_states WHERE skill_name = 'pdf'`,
    );
    expect(rows).toEqual([{ state: "name-only" }]);
    // The variable wins over the config: an unreachable database named there is what fails.
    const unreachable = "postgres://someone@127.0.0.1:1/elsewhere";
    const viaVariable = await run(
      ["state", "pdf", "--dir", "skills"],
      { SKILLBOX_DATABASE_URL: unreachable },
      "home-config",
    );
    expect(viaVariable.code).toBe(1);
    expect(viaVariable.stderr).toContain("127.0.0.1:1/elsewhere cannot be reached");
    // --store wins over both (its default schema, not the config's, holds no state for pdf).
    const viaOption = await run(
      ["--store", url, "state", "pdf", "--dir", "skills"],
      { SKILLBOX_DATABASE_URL: unreachable },
      "home-config",
    );
    expect(viaOption.stderr).toBe("");
    expect(viaOption.code).toBe(0);
    expect(viaOption.stdout).not.toContain("name-only");
  });
});
