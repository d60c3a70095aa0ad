// `skillbox remove <name>…`: removes skills Skillbox installed (they have a source.json), only from
// inside a skills root, with their lock entries and agent links.
import { removeSkill } from "@skillbox/installer/install/remove-skill";
import type { CliCommand } from "../command.js";
import { EXIT_OK } from "../exit-codes.js";
import {
  INSTALL_COMMAND_OPTIONS,
  INSTALL_COMMAND_OPTIONS_HELP,
  openInstallContext,
  readScopes,
  rootsFor,
  safe,
} from "../install-command-io.js";
import { parseCommandArguments, usageError } from "../parse-command-arguments.js";

const HELP = `Usage: skillbox remove <name>… [--project|--user] [--yes] [--json]

Removes installed skills: only folders directly inside .agents/skills that Skillbox installed (they
have a source.json); hand-made skills are never removed. The project's skills-lock.json entry and
the agent links made with --link go too. When both scopes have the skill, pass --project or --user.

Options:
${INSTALL_COMMAND_OPTIONS_HELP}
  --yes, -y        Accepted as with add (remove never asks), so scripts can pass it to both
  --help           Print this help
`;

export const removeCommand: CliCommand = {
  name: "remove",
  summary: "Remove installed skills (and their lock entries and links)",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("remove", args, {
      ...INSTALL_COMMAND_OPTIONS,
      yes: { type: "boolean", short: "y" },
    });
    if (positionals.length === 0) throw usageError("remove", "Give a skill, e.g. skillbox remove pdf");
    const { context, finish } = openInstallContext("remove", io, values);
    finish();
    const roots = rootsFor(readScopes("remove", values, "both"), context);
    const removed = [];
    for (const name of positionals) removed.push(await removeSkill(roots, name));
    if (values.json) io.stdout(`${JSON.stringify({ removed }, null, 2)}\n`);
    else
      for (const item of removed)
        io.stdout(`Removed ${safe(item.name)} (${item.scope}) from ${safe(item.folder)}\n`);
    return EXIT_OK;
  },
};
