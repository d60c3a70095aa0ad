// `skillbox add <source>`: scans a source, lists what it found (with diagnostics, size, scripts and
// allowed-tools), installs the chosen skills into the project's or your .agents/skills all or
// nothing, records them, and links them into other agents' folders when asked.
import {
  type AddSkillsResult,
  addScannedSkills,
  checkAddTarget,
} from "@skillbox/installer/install/add-skills";
import type { FoundSkill } from "@skillbox/installer/install/describe-found-skill";
import { formatBytes } from "@skillbox/installer/install/install-limits";
import { AGENT_SKILL_FOLDERS } from "@skillbox/installer/install/link-skill";
import { parseSource } from "@skillbox/installer/install/parse-source";
import { type SourceScan, scanSource } from "@skillbox/installer/install/scan-source";
import { selectFoundSkills } from "@skillbox/installer/install/select-found-skills";
import type { CliCommand, CliIo } from "../command.js";
import { formatDiagnosticLine } from "../escape-terminal-text.js";
import { EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE } from "../exit-codes.js";
import {
  INSTALL_COMMAND_OPTIONS,
  INSTALL_COMMAND_OPTIONS_HELP,
  openInstallContext,
  readScopes,
  safe,
} from "../install-command-io.js";
import { parseCommandArguments, rejectExtraArguments, usageError } from "../parse-command-arguments.js";

const HELP = `Usage: skillbox add <source> [--skill <name>]… [--project|--user] [--link <agents>] [--yes] [--list] [--json]

Scans a source for skills, lists them, and installs the chosen ones into .agents/skills of the
project (recorded in skills-lock.json) or, with --user, into ~/.agents/skills. The install is all or
nothing: on any failure nothing is left behind and no existing skill is touched. Nothing from a
skill runs while it is installed.

Sources:
  owner/repo[/path][@ref]          GitHub (SKILLBOX_GITHUB_API_URL for Enterprise; GITHUB_TOKEN or GH_TOKEN)
  https://github.com/o/r/tree/…    GitHub links, and skills.sh ids or links (owner/repo/skill)
  <git URL>[#ref]                  Any git repository (git@…, https://….git, file://…)
  ./folder                         A local folder
  skills.tar.gz | skills.zip       An archive, as a path or an https URL

Options:
  --skill <name>   Install this skill (its name or its folder in the source; repeatable)
  --link <agents>  Also show the skills to these agents, by symlink, or by a verified copy where
                   links are not possible; comma-separated, of:
                   ${Object.keys(AGENT_SKILL_FOLDERS).join(", ")}
  --yes, -y        Install every skill found without asking, and replace a skill of the same
                   name installed from another source
  --list           Only list what the source holds
${INSTALL_COMMAND_OPTIONS_HELP}
  --help           Print this help
`;

export const addCommand: CliCommand = {
  name: "add",
  summary: "Install skills from GitHub, a git URL, a folder or an archive",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("add", args, {
      ...INSTALL_COMMAND_OPTIONS,
      skill: { type: "string", multiple: true },
      link: { type: "string", multiple: true },
      yes: { type: "boolean", short: "y" },
      list: { type: "boolean" },
    });
    const [source] = positionals;
    if (source === undefined) throw usageError("add", "Give a source, e.g. skillbox add anthropics/skills");
    rejectExtraArguments("add", positionals, 1);
    const [scope = "project"] = readScopes("add", values, "project");
    const links = (values.link ?? [])
      .flatMap((item) => item.split(","))
      .map((item) => item.trim())
      .filter(Boolean);
    const { context, finish } = openInstallContext("add", io, values);
    let scan: SourceScan | undefined;
    try {
      if (!values.list) checkAddTarget({ scope, links }, context);
      scan = await scanSource(parseSource(source, context), context);
      const selection = selectFoundSkills(scan.skills, values.skill ?? []);
      const needsChoice = !values.list && !values.yes && values.skill === undefined && scan.skills.length > 1;
      if (values.list || needsChoice) {
        finish();
        if (values.json) io.stdout(`${JSON.stringify(describeScan(scan), null, 2)}\n`);
        else io.stdout(formatFound(scan));
        if (!needsChoice) return EXIT_OK;
        io.stderr(
          `skillbox add: found ${scan.skills.length} skills; choose with --skill <name> (repeatable) or install all with --yes\n`,
        );
        return EXIT_USAGE;
      }
      if (selection.chosen.length === 0) {
        finish();
        io.stdout(values.json ? `${JSON.stringify(describeScan(scan), null, 2)}\n` : formatFound(scan));
        reportSkipped(selection.skipped, io);
        io.stderr("skillbox add: nothing was installed\n");
        return EXIT_PROBLEMS;
      }
      // What was found is shown before the install's own progress ("Wrote …"), not after it.
      if (!values.json) {
        finish();
        io.stdout(formatFound(scan));
      }
      const result = await addScannedSkills(
        scan,
        selection.chosen,
        { scope, links, replace: values.yes === true },
        context,
      );
      finish();
      if (values.json) {
        io.stdout(
          `${JSON.stringify({ ...describeScan(scan), ...describeResult(result), skipped: selection.skipped.map((skill) => skill.name) }, null, 2)}\n`,
        );
      } else io.stdout(formatResult(result));
      return reportSkipped(selection.skipped, io) ? EXIT_PROBLEMS : EXIT_OK;
    } finally {
      finish();
      await scan?.dispose();
    }
  },
};

/** The scan as JSON: the source and each skill without its bytes. */
function describeScan(scan: SourceScan) {
  return {
    source: { type: scan.snapshot.type, label: scan.snapshot.label, commit: scan.snapshot.commit },
    diagnostics: scan.diagnostics,
    skills: scan.skills.map(({ files: _files, ...skill }) => skill),
  };
}

function describeResult(result: AddSkillsResult) {
  return { scope: result.root.scope, skillsDirectory: result.root.skillsDirectory, installed: result.added };
}

/** One block per skill: name, folder, size, flags, description, diagnostics. */
function formatFound(scan: SourceScan): string {
  const commit = scan.snapshot.commit ? ` at ${scan.snapshot.commit.slice(0, 7)}` : "";
  const lines = [
    `Found ${scan.skills.length} skill${scan.skills.length === 1 ? "" : "s"} in ${safe(scan.snapshot.label)}${commit}:`,
  ];
  for (const skill of scan.skills) {
    const flags = [
      `${formatBytes(skill.bytes)}, ${skill.fileCount} file${skill.fileCount === 1 ? "" : "s"}`,
      skill.scripts.length > 0 ? `scripts: ${skill.scripts.length}` : "",
      skill.allowedTools.length > 0 ? `allowed-tools: ${skill.allowedTools.join(" ")}` : "",
      skill.hooks.length > 0 ? `hooks: ${skill.hooks.join(", ")}` : "",
      skill.context === "fork" ? "context: fork" : "",
      skill.plugin ? `plugin: ${skill.plugin}` : "",
      skill.installable ? "" : "CANNOT BE INSTALLED",
    ].filter((flag) => flag !== "");
    lines.push(`  ${safe(skill.name)}  ${safe(skill.skillPath || ".")}  (${safe(flags.join("; "))})`);
    lines.push(`      ${safe(skill.description.replace(/\s+/g, " ").slice(0, 160))}`);
    for (const diagnostic of skill.diagnostics) lines.push(`      ${formatDiagnosticLine(diagnostic)}`);
  }
  for (const diagnostic of scan.diagnostics) lines.push(`  ${formatDiagnosticLine(diagnostic)}`);
  return `${lines.join("\n")}\n`;
}

function formatResult(result: AddSkillsResult): string {
  const lines: string[] = [];
  for (const skill of result.added) {
    const replaced = skill.replaced ? ` (replaced the one from ${safe(skill.replaced)})` : "";
    lines.push(`Installed ${safe(skill.name)} into ${safe(skill.folder)} (${result.root.scope})${replaced}`);
    for (const link of skill.links) {
      lines.push(
        link.method === "skipped"
          ? `  not linked for ${link.agent}: ${safe(link.reason ?? "")}`
          : `  linked for ${link.agent}: ${safe(link.path)} (${link.method})`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Prints the skills left out; true when there were any. */
function reportSkipped(skipped: readonly FoundSkill[], io: CliIo): boolean {
  for (const skill of skipped) {
    const reason = skill.diagnostics.find((item) => item.severity === "error")?.message ?? "it has errors";
    io.stderr(
      `skillbox add: not installed: ${safe(skill.name)} (${safe(skill.skillPath || ".")}): ${safe(reason)}\n`,
    );
  }
  return skipped.length > 0;
}
