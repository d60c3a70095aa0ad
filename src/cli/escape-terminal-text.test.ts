import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliHarness, createCliHarness } from "./__fixtures__/cli-harness.js";
import { listCommand } from "./commands/list.js";
import { loadCommand } from "./commands/load.js";
import { promptCommand } from "./commands/prompt.js";
import { settingsCommand } from "./commands/settings.js";
import { showCommand } from "./commands/show.js";
import { stateCommand } from "./commands/state.js";
import { validateCommand } from "./commands/validate.js";
import { escapeTerminalLine, escapeTerminalText, formatDiagnosticLine } from "./escape-terminal-text.js";

// Sets the window title, rings the bell and clears the screen; then a right-to-left override.
const ATTACK = "\u001b]0;PWNED\u0007\u001b[2J";
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding raw control characters is the test.
const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;

describe("escapeTerminalText", () => {
  it("shows control, C1 and bidi characters as escapes and keeps newlines and tabs", () => {
    expect(escapeTerminalText(`a${ATTACK}\n\tb\r\u009b\u202Ec`)).toBe(
      "a\\x1b]0;PWNED\\x07\\x1b[2J\n\tb\\r\\x9b\\u202ec",
    );
  });

  it("escapes newlines and tabs too in one-line fields, so no line can be forged", () => {
    expect(escapeTerminalLine("a\nerror fake\tb")).toBe("a\\nerror fake\\tb");
  });

  it("leaves ordinary text, emoji and right-to-left scripts alone", () => {
    const text = "Résumé 文献 مرحبا 👋 «x»";
    expect(escapeTerminalText(text)).toBe(text);
    expect(escapeTerminalLine(text)).toBe(text);
  });

  it("formats a diagnostic on one escaped line", () => {
    expect(
      formatDiagnosticLine({
        severity: "warning",
        code: "x",
        message: `bad ${ATTACK}\nnext`,
        path: "/s/SKILL.md",
        line: 2,
      }),
    ).toBe("/s/SKILL.md:2 warning x bad \\x1b]0;PWNED\\x07\\x1b[2J\\nnext");
  });
});

describe("human-readable CLI output", () => {
  let cli: CliHarness;
  beforeEach(() => {
    cli = createCliHarness([
      listCommand,
      showCommand,
      stateCommand,
      settingsCommand,
      promptCommand,
      loadCommand,
      validateCommand,
    ]);
    // YAML double quotes read \e and \a as ESC and BEL; the body carries a raw right-to-left override.
    cli.writeSkill(cli.skills, "evil", { description: '"Helps. \\e]0;PWNED\\a\\e[2J"' }, "Run \u202Ethis\n");
    // A folder name with an escape sequence reaches paths and diagnostics.
    const folder = path.join(cli.skills, `odd\u001b[2J`);
    mkdirSync(folder);
    writeFileSync(path.join(folder, "SKILL.md"), "---\nname: odd\ndescription: Odd.\n---\nBody.\n");
  });
  afterEach(() => cli.remove());

  const commands: [string, string[]][] = [
    ["list", ["list"]],
    ["list --query", ["list", "--query", `helps${ATTACK}`]],
    ["show", ["show", "evil"]],
    ["state", ["state", "evil", "off"]],
    ["settings allow-scripts", ["settings", "allow-scripts", "evil"]],
    ["prompt --stats", ["prompt", "--stats"]],
    ["an unknown skill's error", ["show", `nope${ATTACK}`]],
    ["validate", ["validate", ".agents/skills"]],
    ["validate --strict", ["validate", "--strict", ".agents/skills"]],
    ["validate on a missing path", ["validate", `.agents/skills/nope${ATTACK}`]],
  ];
  it.each(commands)("%s prints no raw control or bidi character", async (_title, args) => {
    const result = await cli.run(args);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(RAW_CONTROL);
  });

  it("shows the escapes where the characters were", async () => {
    const list = await cli.run(["list"]);
    expect(list.stdout).toContain("Helps. \\x1b]0;PWNED\\x07\\x1b[2J");
    expect(list.stderr).toContain("odd\\x1b[2J");
    expect((await cli.run(["show", "evil"])).stdout).toContain("Run \\u202ethis");
    expect((await cli.run(["validate", ".agents/skills"])).stdout).toContain("odd\\x1b[2J");
  });

  it("keeps JSON output exact", async () => {
    const listing = JSON.parse((await cli.run(["list", "--json"])).stdout);
    const evil = listing.skills.find((skill: { name: string }) => skill.name === "evil");
    expect(evil.description).toBe(`Helps. ${ATTACK}`);
    const shown = JSON.parse((await cli.run(["show", "evil", "--json"])).stdout);
    expect(shown.body).toBe("Run \u202Ethis\n");
  });

  it("keeps load's text exact when piped and escapes it on a terminal", async () => {
    expect((await cli.run(["load", "evil"])).stdout).toContain("Run \u202Ethis");
    const shown = await cli.run(["load", "evil"], { stdoutIsTerminal: true });
    expect(shown.stdout).toContain("Run \\u202ethis");
    expect(shown.stdout).not.toMatch(RAW_CONTROL);
  });
});
