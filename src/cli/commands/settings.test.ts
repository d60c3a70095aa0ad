// `skillbox settings` through runCli with a temp home and SQLite file, and its effect on `skillbox exec`.
import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type CliHarness, createCliHarness } from "../__fixtures__/cli-harness.js";
import { execCommand } from "./exec.js";
import { settingsCommand } from "./settings.js";

let harness: CliHarness;
afterEach(() => harness.remove());

function setUp(): CliHarness {
  harness = createCliHarness([settingsCommand, execCommand]);
  return harness;
}

describe("skillbox settings", () => {
  it("prints the defaults as JSON without the built-in bookkeeping", async () => {
    const { code, stdout } = await setUp().run(["settings"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      enabledSkillNames: [],
      translationEnabled: true,
      allowScripts: [],
      allowShellInjection: false,
    });
  });

  it("round-trips values set with set: JSON when it parses, else text", async () => {
    const cli = setUp();
    expect((await cli.run(["settings", "set", "translationEnabled", "false"])).stdout).toBe(
      "translationEnabled: false\n",
    );
    expect((await cli.run(["settings", "set", "targetLanguage", "fr"])).code).toBe(0);
    expect((await cli.run(["settings", "set", "enabledSkillNames", '["pdf","xlsx"]'])).code).toBe(0);
    expect((await cli.run(["settings", "get", "targetLanguage"])).stdout).toBe('"fr"\n');
    const shown = JSON.parse((await cli.run(["settings"])).stdout);
    expect(shown).toMatchObject({
      translationEnabled: false,
      targetLanguage: "fr",
      enabledSkillNames: ["pdf", "xlsx"],
    });
    expect((await cli.run(["settings", "set", "targetLanguage", "null"])).code).toBe(0);
    expect(JSON.parse((await cli.run(["settings"])).stdout)).not.toHaveProperty("targetLanguage");
  });

  it("rejects a value of the wrong type, naming the key and the type it expects, and keeps the old value", async () => {
    const cli = setUp();
    const bad = await cli.run(["settings", "set", "translationEnabled", "yes"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Setting translationEnabled must be true or false; got "yes"');
    const list = await cli.run(["settings", "set", "allowScripts", "pdf"]);
    expect(list.stderr).toContain("allowScripts must be a JSON array of skill names");
    expect(JSON.parse((await cli.run(["settings"])).stdout).translationEnabled).toBe(true);
  });

  it("rejects unknown keys and subcommands as usage errors", async () => {
    const cli = setUp();
    const key = await cli.run(["settings", "set", "builtinDefaultsInitialized", "true"]);
    expect(key.code).toBe(2);
    expect(key.stderr).toContain("Unknown key 'builtinDefaultsInitialized'; the keys are enabledSkillNames");
    expect((await cli.run(["settings", "frobnicate"])).code).toBe(2);
    expect((await cli.run(["settings", "shell-injection", "maybe"])).code).toBe(2);
  });

  it("switches shell lines on and off", async () => {
    const cli = setUp();
    expect((await cli.run(["settings", "shell-injection", "on"])).code).toBe(0);
    expect((await cli.run(["settings", "get", "allowShellInjection"])).stdout).toBe("true\n");
    await cli.run(["settings", "shell-injection", "off"]);
    expect((await cli.run(["settings", "get", "allowShellInjection"])).stdout).toBe("false\n");
  });

  it("lets skillbox exec run a skill's script after allow-scripts, and stops it after disallow-scripts", async () => {
    const cli = setUp();
    const directory = cli.writeSkill(cli.skills, "demo");
    mkdirSync(path.join(directory, "scripts"));
    writeFileSync(path.join(directory, "scripts", "hi.sh"), 'echo "hi from $SKILL_NAME"\n');
    const env = { SKILLBOX_DB: path.join(cli.base, "skillbox.db"), PATH: process.env.PATH };

    const denied = await cli.run(["exec", "demo", "hi.sh"], { env });
    expect(denied.code).toBe(1);
    expect(denied.stderr).toContain("skillbox settings allow-scripts");

    const allowed = await cli.run(["settings", "allow-scripts", "demo"]);
    expect(allowed).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Scripts of skill "demo" may run'),
    });
    expect(await cli.run(["exec", "demo", "hi.sh"], { env })).toMatchObject({
      code: 0,
      stdout: "hi from demo\n",
    });

    await cli.run(["settings", "disallow-scripts", "demo"]);
    expect((await cli.run(["exec", "demo", "hi.sh"], { env })).code).toBe(1);
  });

  it("refuses names that are no skill names (../../etc) in allow-scripts and set, one path: message line per problem", async () => {
    const cli = setUp();
    cli.writeSkill(cli.skills, "demo");
    const dots = `"../../etc" is not a skill name: it contains '..' or is '.'`;
    for (const action of ["allow-scripts", "disallow-scripts"]) {
      const refused = await cli.run(["settings", action, "../../etc"]);
      expect(refused).toMatchObject({ code: 2, stderr: `skillbox settings: ${dots}\n` });
    }
    const set = await cli.run(["settings", "set", "allowScripts", '["demo","../../etc","a\\u001b[2J"]']);
    expect(set.code).toBe(2);
    expect(set.stderr).toBe(
      [
        `skillbox settings: allowScripts[1]: ${dots}`,
        'skillbox settings: allowScripts[2]: "a\\u001b[2J" is not a skill name: it contains a path separator, a control character or an invisible character',
        "",
      ].join("\n"),
    );
    const enabled = await cli.run(["settings", "set", "enabledSkillNames", '["ok", "x/y"]']);
    expect(enabled.stderr).toContain('skillbox settings: enabledSkillNames[1]: "x/y" is not a skill name');
    expect(JSON.parse((await cli.run(["settings"])).stdout)).toMatchObject({
      allowScripts: [],
      enabledSkillNames: [],
    });
  });

  it("refuses to allow scripts for a skill that does not exist, suggesting close names", async () => {
    const cli = setUp();
    cli.writeSkill(cli.skills, "demo");
    const result = await cli.run(["settings", "allow-scripts", "dmeo"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Did you mean demo?");
  });

  it("honours the global --cwd and --dir for exec", async () => {
    const cli = setUp();
    const elsewhere = path.join(cli.base, "elsewhere");
    const directory = cli.writeSkill(elsewhere, "far");
    mkdirSync(path.join(directory, "scripts"));
    writeFileSync(path.join(directory, "scripts", "where.sh"), "pwd\n");
    await cli.run(["--dir", elsewhere, "settings", "allow-scripts", "far"]);
    const env = { SKILLBOX_DB: path.join(cli.base, "skillbox.db"), PATH: process.env.PATH };
    const result = await cli.run(["--cwd", cli.base, "--dir", "elsewhere", "exec", "far", "where.sh"], {
      env,
    });
    expect(result).toMatchObject({ code: 0, stdout: `${directory}\n` });
  });
});
