// `skillbox install [--frozen]`: restores exactly the skills skills-lock.json names, each checked
// against its locked content hash; --frozen fails on any difference instead of updating the lock.
import { installFromLock } from "@skillbox/installer/install/install-from-lock";
import { resolveInstallRoot } from "@skillbox/installer/install/install-roots";
import type { CliCommand } from "../command.js";
import { EXIT_OK, EXIT_PROBLEMS } from "../exit-codes.js";
import { formatTable, openInstallContext, safe } from "../install-command-io.js";
import { parseCommandArguments, rejectExtraArguments } from "../parse-command-arguments.js";

const HELP = `Usage: skillbox install [--frozen] [--json]

Installs the skills skills-lock.json (in the project root) names, each from its locked source and
commit, and checks every file against the locked content hash. Skills already installed with the
locked content are left as they are. Without --frozen, a skill whose source changed is installed as
it is now and the lock is updated; with --frozen (for CI) any difference, at the source or in an
installed skill, fails the run and nothing is written.

Options:
  --frozen         Fail on any difference instead of updating skills-lock.json
  --json           Print JSON
  --cwd <folder>   Work as if started in this folder
  --help           Print this help
`;

export const installCommand: CliCommand = {
  name: "install",
  summary: "Install exactly the skills skills-lock.json names (--frozen for CI)",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("install", args, {
      frozen: { type: "boolean" },
      json: { type: "boolean" },
      cwd: { type: "string" },
    });
    rejectExtraArguments("install", positionals, 0);
    const { context, finish } = openInstallContext("install", io, values);
    try {
      const root = resolveInstallRoot("project", context);
      const results = await installFromLock(root, context, { frozen: values.frozen === true });
      finish();
      if (values.json) io.stdout(`${JSON.stringify({ lock: root.lockPath, results }, null, 2)}\n`);
      else if (results.length === 0) io.stdout("skills-lock.json names no skills.\n");
      else
        io.stdout(
          formatTable(results.map((result) => [safe(result.name), result.status, safe(result.reason ?? "")])),
        );
      return results.some((result) => result.status === "failed") ? EXIT_PROBLEMS : EXIT_OK;
    } finally {
      finish();
    }
  },
};
