// `skillbox outdated [name…]`: compares each installed skill with its source by the skill folder's
// tree id or content hash (never the repository's HEAD). Writes nothing; exits 1 when any skill is
// outdated, like npm outdated.
import { checkOutdated } from "@skillbox/installer/install/check-outdated";
import type { CliCommand } from "../command.js";
import { EXIT_OK, EXIT_PROBLEMS } from "../exit-codes.js";
import {
  formatTable,
  INSTALL_COMMAND_OPTIONS,
  INSTALL_COMMAND_OPTIONS_HELP,
  openInstallContext,
  readScopes,
  rootsFor,
  safe,
  shortId,
} from "../install-command-io.js";
import { parseCommandArguments } from "../parse-command-arguments.js";

const HELP = `Usage: skillbox outdated [name…] [--project|--user] [--json]

For each installed skill, looks at its source (at the recorded branch or tag) and compares the
skill's own folder: its git tree id when the source has one, else the content hash. A commit that
changes only other files never makes a skill outdated. Writes nothing. Exits 1 when any skill is
outdated or could not be checked. Both scopes unless one is given.

Options:
${INSTALL_COMMAND_OPTIONS_HELP}
  --help           Print this help
`;

export const outdatedCommand: CliCommand = {
  name: "outdated",
  summary: "List installed skills whose source changed (reads only)",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("outdated", args, INSTALL_COMMAND_OPTIONS);
    const { context, finish } = openInstallContext("outdated", io, values);
    try {
      const results = await checkOutdated(
        rootsFor(readScopes("outdated", values, "both"), context),
        context,
        positionals,
      );
      finish();
      if (values.json) io.stdout(`${JSON.stringify({ results }, null, 2)}\n`);
      else if (results.length === 0) io.stdout("No installed skills.\n");
      else {
        const rows = results.map((result) => [
          safe(result.name),
          result.scope,
          result.status,
          shortId(result.current),
          shortId(result.latest),
          safe(result.reason ?? result.source),
        ]);
        io.stdout(formatTable([["NAME", "SCOPE", "STATUS", "CURRENT", "LATEST", "SOURCE"], ...rows]));
      }
      return results.every((result) => result.status === "up-to-date") ? EXIT_OK : EXIT_PROBLEMS;
    } finally {
      finish();
    }
  },
};
