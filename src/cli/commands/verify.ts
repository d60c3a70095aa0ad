// `skillbox verify`: recomputes the content hash of every installed skill and reports the ones whose
// files changed since install (or that the lock names but are gone). Changes nothing; exits 1 when
// any did, so CI and health checks can use it.
import { verifyInstalledSkills } from "@skillbox/installer/install/verify-installed-skills";
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
import { parseCommandArguments, rejectExtraArguments } from "../parse-command-arguments.js";

const HELP = `Usage: skillbox verify [--project|--user] [--json]

Checks every installed skill (one with a source.json) against the content hash recorded when it was
installed, and against skills-lock.json for the project. Statuses: ok, modified (files changed since
install), missing (in the lock, not installed), lock-mismatch (installed content differs from the
lock), outside-project (the project's .agents/skills or skills-lock.json is a link leading out of
the project; nothing is read through it). Changes nothing. Exits 1 when any skill is not ok. Both
scopes unless one is given.

Options:
${INSTALL_COMMAND_OPTIONS_HELP}
  --help           Print this help
`;

export const verifyCommand: CliCommand = {
  name: "verify",
  summary: "Report installed skills whose files changed since install (exit 1 if any)",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("verify", args, INSTALL_COMMAND_OPTIONS);
    rejectExtraArguments("verify", positionals, 0);
    const { context, finish } = openInstallContext("verify", io, values);
    finish();
    const results = await verifyInstalledSkills(rootsFor(readScopes("verify", values, "both"), context));
    if (values.json) io.stdout(`${JSON.stringify({ results }, null, 2)}\n`);
    else if (results.length === 0) io.stdout("No installed skills.\n");
    else {
      const rows = results.map((result) => [
        safe(result.name),
        result.scope,
        result.status,
        result.status === "ok"
          ? ""
          : result.reason !== undefined
            ? safe(result.reason)
            : `expected ${shortId(result.expected)}, found ${shortId(result.actual)}`,
      ]);
      io.stdout(formatTable([["NAME", "SCOPE", "STATUS", ""], ...rows]));
    }
    return results.every((result) => result.status === "ok") ? EXIT_OK : EXIT_PROBLEMS;
  },
};
