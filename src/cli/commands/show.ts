// `skillbox show <name>`: one skill in full — metadata, state, diagnostics, files and body.
import * as path from "node:path";
import type { SkillMetadata } from "@skillbox/core/skills/skill-metadata";
import { listSkillFiles } from "@skillbox/core/tools/list-skill-files";
import type { CliCommand } from "../command.js";
import { escapeTerminalLine, escapeTerminalText, formatDiagnosticLine } from "../escape-terminal-text.js";
import { EXIT_OK } from "../exit-codes.js";
import {
  openCliWorkspace,
  requireSkill,
  WORKSPACE_OPTIONS,
  WORKSPACE_OPTIONS_HELP,
} from "../open-cli-workspace.js";
import { parseCommandArguments, rejectExtraArguments, usageError } from "../parse-command-arguments.js";

const HELP = `Usage: skillbox show <name> [--json] [--dir <folder>...] [--cwd <folder>]

Prints one skill: where it lives, its state, usage score and count, its frontmatter, its diagnostics,
the other files in its folder and its body (as written, before any substitution). A shadowed
skill is shown with its qualified name, e.g. skillbox show user:pdf.

Options:
  --json          Print { name, qualifiedName, root, path, directory, state, score, usageCount,
                  lastUsedAt, shadowedBy, metadata, diagnostics, files, body }
${WORKSPACE_OPTIONS_HELP}
  --help          Print this help
`;

export const showCommand: CliCommand = {
  name: "show",
  summary: "Show one skill: metadata, diagnostics, files and body",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("show", args, {
      json: { type: "boolean" },
      ...WORKSPACE_OPTIONS,
    });
    const name = positionals[0];
    if (name === undefined) throw usageError("show", "Give the name of a skill, e.g. skillbox show pdf");
    rejectExtraArguments("show", positionals, 1);
    const workspace = openCliWorkspace("show", io, values);
    try {
      const found = requireSkill(workspace, name);
      const content = workspace.registry.loadSkill(found.qualifiedName);
      const record = content.record;
      const listing = listSkillFiles(record.directory, { limit: 200, exclude: [path.basename(record.file)] });
      const state = record.shadowed ? "shadowed" : workspace.stateOf(record.name);
      const score = record.shadowed ? 0 : workspace.registry.usageScore(record.name);
      const usage = workspace.registry.usageOf(record);
      const lastUsedAt = usage === undefined ? null : new Date(usage.lastUsedAt).toISOString();
      if (values.json) {
        const shown = {
          name: record.name,
          qualifiedName: record.qualifiedName,
          root: record.root.label,
          path: record.file,
          directory: record.directory,
          state,
          score: Math.round(score * 1000) / 1000,
          usageCount: usage?.count ?? 0,
          lastUsedAt,
          shadowedBy: record.shadowedBy ?? null,
          metadata: record.metadata,
          diagnostics: record.diagnostics,
          files: listing.files,
          body: content.body,
        };
        io.stdout(`${JSON.stringify(shown, null, 2)}\n`);
        return EXIT_OK;
      }
      const lines = [
        `name: ${record.name}`,
        ...(record.shadowed
          ? [`qualified name: ${record.qualifiedName} (shadowed by ${record.shadowedBy})`]
          : []),
        `description: ${record.metadata.description.replace(/\s+/g, " ").trim()}`,
        `root: ${record.root.label} (${record.root.path})`,
        `path: ${record.file}`,
        `state: ${state}`,
        `score: ${score.toFixed(2)}`,
        `used: ${usage === undefined ? "never" : `${usage.count} ${usage.count === 1 ? "time" : "times"}, last ${lastUsedAt}`}`,
        ...describeMetadata(record.metadata),
        "",
        `diagnostics: ${record.diagnostics.length === 0 ? "none" : ""}`.trimEnd(),
        ...record.diagnostics.map((diagnostic) => `  ${formatDiagnosticLine(diagnostic)}`),
        `files: ${listing.files.length === 0 ? "none besides SKILL.md" : ""}`.trimEnd(),
        ...listing.files.map((file) => `  ${file}`),
        ...(listing.more > 0 ? [`  … and ${listing.more} more`] : []),
        "",
        `--- body (from line ${content.bodyStartLine}) ---`,
      ];
      // Each field on one line; the body keeps its lines and tabs.
      const body = escapeTerminalText(content.body.replace(/\n$/, ""));
      io.stdout(`${[...lines.map(escapeTerminalLine), body].join("\n")}\n`);
      return EXIT_OK;
    } finally {
      workspace.close();
    }
  },
};

/** `key: value` lines for the frontmatter fields that differ from their defaults. */
function describeMetadata(metadata: SkillMetadata): string[] {
  const lines: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) return;
    if (typeof value === "object" && !Array.isArray(value) && Object.keys(value as object).length === 0)
      return;
    lines.push(
      `${key}: ${typeof value === "string" ? value : Array.isArray(value) && value.every((item) => typeof item === "string") ? value.join(", ") : JSON.stringify(value)}`,
    );
  };
  add("when_to_use", metadata.whenToUse);
  add("context", metadata.context === "inline" ? undefined : metadata.context);
  add("allowed-tools", metadata.allowedTools);
  add("disallowed-tools", metadata.disallowedTools);
  add("model", metadata.model);
  add("argument-hint", metadata.argumentHint);
  add("arguments", metadata.arguments);
  add("disable-model-invocation", metadata.disableModelInvocation ? "true" : undefined);
  add("user-invocable", metadata.userInvocable ? undefined : "false");
  add("paths", metadata.paths);
  add("tags", metadata.tags);
  add("license", metadata.license);
  add("compatibility", metadata.compatibility);
  add("version", metadata.version);
  add("agent", metadata.agent);
  add("effort", metadata.effort);
  add("shell", metadata.shell);
  add("metadata", metadata.metadata);
  add("hooks", metadata.hooks);
  add("extra", metadata.extra);
  return lines;
}
