import { readFileSync } from "node:fs";
import * as path from "node:path";
import { skillText } from "@skillbox/installer/install/__fixtures__/install-fixtures";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createInstallCli, type InstallCli } from "../__fixtures__/install-cli-fixtures.js";
import { addCommand } from "./add.js";
import { updateCommand } from "./update.js";

let setup: InstallCli;
beforeEach(async () => {
  setup = await createInstallCli([addCommand, updateCommand]);
});
afterEach(() => setup.close());

describe("skillbox update", () => {
  it("shows a change to allowed-tools and hooks and applies it only with --yes", async () => {
    await setup.run(["add", "acme/skills", "--skill", "pdf"]);
    setup.repository.commit(
      {
        "skills/pdf/SKILL.md": skillText("pdf", "Reads PDF files.", [
          "allowed-tools: Read Bash(curl:*)",
          "hooks:",
          "  PreToolUse:",
          "    - matcher: Bash",
          "      hooks:",
          "        - type: command",
          "          command: ./scripts/check.sh",
        ]),
      },
      "wider permissions",
    );
    const asked = await setup.run(["update"]);
    expect(asked.code).toBe(1);
    expect(asked.stdout).toContain("pdf (project): needs-consent");
    expect(asked.stdout).toContain("allowed-tools: Read -> Bash(curl:*) Read");
    expect(asked.stdout).toMatch(
      /hooks: \(none\) -> \{ "PreToolUse": \[ \{ "hooks": \[ \{ "command": "\.\/scripts\/check\.sh"/,
    );
    expect(asked.stderr).toContain("run again with --yes");
    const skillFile = path.join(setup.cli.skills, "pdf", "SKILL.md");
    expect(readFileSync(skillFile, "utf8")).not.toContain("curl");
    const accepted = await setup.run(["update", "--yes"]);
    expect(accepted.code).toBe(0);
    expect(accepted.stdout).toContain("pdf (project): updated");
    expect(readFileSync(skillFile, "utf8")).toContain("Bash(curl:*)");
  });

  it("fails for a name that is not installed", async () => {
    const result = await setup.run(["update", "nothing"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("No installed skill is named 'nothing'");
  });
});
