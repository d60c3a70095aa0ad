// `skillbox search <query>`: the skills.sh directory merged with the curated list bundled with
// Skillbox (which works offline); rows show installs, source, whether the skill is installed, and
// name conflicts with installed skills.
import { listInstalledSkills } from "@skillbox/installer/install/list-installed-skills";
import { searchMarketplace } from "@skillbox/installer/install/search-marketplace";
import type { CliCommand } from "../command.js";
import { EXIT_OK } from "../exit-codes.js";
import { formatTable, openInstallContext, rootsFor, safe } from "../install-command-io.js";
import { parseCommandArguments, usageError } from "../parse-command-arguments.js";

const HELP = `Usage: skillbox search <query> [--limit <n>] [--json]

Searches the skills.sh directory (SKILLBOX_SKILLS_SH_URL to use another) and the curated list
bundled with Skillbox, which still answers offline. Each row shows the skill, its GitHub source,
its installs on skills.sh, and whether it is installed here or its name is taken by an installed
skill from elsewhere. Install one with: skillbox add <source> --skill <name>

Options:
  --limit <n>      At most this many rows (default 20)
  --json           Print JSON
  --cwd <folder>   Work as if started in this folder
  --help           Print this help
`;

export const searchCommand: CliCommand = {
  name: "search",
  summary: "Search skills.sh and the bundled curated list",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("search", args, {
      limit: { type: "string" },
      json: { type: "boolean" },
      cwd: { type: "string" },
    });
    const query = positionals.join(" ");
    if (query.trim() === "") throw usageError("search", "Give a query, e.g. skillbox search pdf");
    const limit = values.limit === undefined ? 20 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1)
      throw usageError("search", "--limit needs a positive whole number");
    const { context, finish } = openInstallContext("search", io, values);
    finish();
    const installed = [];
    for (const root of rootsFor(["project", "user"], context))
      installed.push(...(await listInstalledSkills(root)));
    const result = await searchMarketplace(query, context, { limit, installed });
    if (result.remoteError) {
      io.stderr(
        `skillbox search: skills.sh could not be searched (${safe(result.remoteError)}); showing the curated list\n`,
      );
    }
    if (values.json) {
      io.stdout(`${JSON.stringify(result, null, 2)}\n`);
      return EXIT_OK;
    }
    if (result.rows.length === 0) {
      io.stdout(`No skills match '${safe(query)}'.\n`);
      return EXIT_OK;
    }
    const rows = result.rows.map((row) => [
      safe(row.name),
      safe(row.source),
      row.installs === undefined ? "-" : String(row.installs),
      row.installed ? "installed" : row.conflict ? `conflict: ${safe(row.conflict)}` : "",
    ]);
    io.stdout(formatTable([["NAME", "SOURCE", "INSTALLS", "STATUS"], ...rows]));
    io.stdout("\nInstall one with: skillbox add <source> --skill <name>\n");
    return EXIT_OK;
  },
};
