// `skillbox update [name…]`: reinstalls outdated skills from their recorded source, verified, under
// the same name (so their state setting stays). Changes to allowed-tools, hooks, scripts or
// `context: fork` are shown and applied only with --yes.
import { updateSkills } from "@skillbox/installer/install/update-skills";
import type { CliCommand } from "../command.js";
import { EXIT_OK, EXIT_PROBLEMS } from "../exit-codes.js";
import {
  INSTALL_COMMAND_OPTIONS,
  INSTALL_COMMAND_OPTIONS_HELP,
  openInstallContext,
  readScopes,
  rootsFor,
  safe,
} from "../install-command-io.js";
import { parseCommandArguments } from "../parse-command-arguments.js";

const HELP = `Usage: skillbox update [name…] [--project|--user] [--yes] [--json]

Updates the named installed skills (default: all) whose source changed: a verified reinstall from
the recorded source and branch, all or nothing per scope, keeping the skill's name and so its state
setting. An update that changes allowed-tools, hooks, scripts or context: fork is shown and waits
for --yes. Exits 1 when any skill needs consent or failed. Both scopes unless one is given.

Options:
  --yes, -y        Accept changes to allowed-tools, hooks, scripts and context
${INSTALL_COMMAND_OPTIONS_HELP}
  --help           Print this help
`;

export const updateCommand: CliCommand = {
  name: "update",
  summary: "Update installed skills from their source (consent for new permissions)",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("update", args, {
      ...INSTALL_COMMAND_OPTIONS,
      yes: { type: "boolean", short: "y" },
    });
    const { context, finish } = openInstallContext("update", io, values);
    try {
      const roots = rootsFor(readScopes("update", values, "both"), context);
      const results = await updateSkills(roots, context, { names: positionals, yes: values.yes === true });
      finish();
      if (values.json) io.stdout(`${JSON.stringify({ results }, null, 2)}\n`);
      else if (results.length === 0) io.stdout("No installed skills.\n");
      for (const result of values.json ? [] : results) {
        const reason = result.reason ? `: ${safe(result.reason)}` : "";
        io.stdout(`${safe(result.name)} (${result.scope}): ${result.status}${reason}\n`);
        for (const change of result.changes) {
          io.stdout(`  ${change.kind}: ${safe(change.before)} -> ${safe(change.after)}\n`);
        }
      }
      if (!values.json && results.some((result) => result.status === "needs-consent")) {
        io.stderr(
          "skillbox update: some updates widen what a skill may do; review them and run again with --yes\n",
        );
      }
      const fine = results.every((result) => result.status === "updated" || result.status === "up-to-date");
      return fine ? EXIT_OK : EXIT_PROBLEMS;
    } finally {
      finish();
    }
  },
};
