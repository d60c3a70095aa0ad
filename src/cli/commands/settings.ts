// `skillbox settings`: prints the skill settings and edits them (a key, script permissions, shell lines).
import { isSkillboxError, SkillboxError } from "@skillbox/core/errors";
import { describeZodIssues } from "@skillbox/core/store/describe-zod-issues";
import { describeUnsafeSettingName } from "@skillbox/core/store/setting-names";
import type { SkillSettings } from "@skillbox/core/store/skill-settings";
import { strictSkillSettingsSchema } from "@skillbox/core/store/skill-settings-schema";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import type { CliCommand, CliIo } from "../command.js";
import { escapeTerminalLine, formatDiagnosticLine } from "../escape-terminal-text.js";
import { EXIT_OK, EXIT_USAGE } from "../exit-codes.js";
import {
  openCliWorkspace,
  requireSkill,
  WORKSPACE_OPTIONS,
  WORKSPACE_OPTIONS_HELP,
} from "../open-cli-workspace.js";
import { parseCommandArguments, rejectExtraArguments, usageError } from "../parse-command-arguments.js";

/** The keys `settings set` accepts, with the type each expects (for error messages and help). */
const SETTABLE_KEYS = {
  enabledSkillNames: 'a JSON array of skill names, e.g. ["pdf","xlsx"]',
  translationEnabled: "true or false",
  targetLanguage: "a non-empty language name or code, e.g. fr (null removes it)",
  allowScripts: 'a JSON array of skill names, e.g. ["pdf"]',
  allowShellInjection: "true or false",
} as const satisfies Partial<Record<keyof SkillSettings, string>>;

type SettableKey = keyof typeof SETTABLE_KEYS;

const HELP = `Usage: skillbox settings [--dir <folder>...] [--cwd <folder>]
       skillbox settings get <key>
       skillbox settings set <key> <value>
       skillbox settings allow-scripts <skill>
       skillbox settings disallow-scripts <skill>
       skillbox settings shell-injection on|off

With no subcommand, prints the skill settings as JSON. The settings live in the SQLite store
(~/.skillbox/skillbox.db, or SKILLBOX_DB) shared with skillbox serve's settings page.

Subcommands:
  get <key>                 Print one setting as JSON
  set <key> <value>         Set one setting; the value is read as JSON when it parses, else as text
  allow-scripts <skill>     Let the scripts in the skill's scripts/ folder run (skillbox exec, the agent)
  disallow-scripts <skill>  Stop them again
  shell-injection on|off    Whether !\`command\` lines in skill bodies may run a shell

Keys:
${Object.entries(SETTABLE_KEYS)
  .map(([key, expected]) => `  ${key.padEnd(20)}  ${expected}`)
  .join("\n")}

Options:
${WORKSPACE_OPTIONS_HELP}
  --help          Print this help
`;

export const settingsCommand: CliCommand = {
  name: "settings",
  summary: "Print or change the skill settings (allow scripts, shell lines, enabled skills)",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("settings", args, WORKSPACE_OPTIONS);
    const [action, ...operands] = positionals;
    const workspace = openCliWorkspace("settings", io, values, { needsStore: true });
    try {
      reportDiagnostics(workspace, io);
      return runAction(workspace, io, action, operands);
    } catch (error) {
      // Settings the store refuses come with one `path: message` line per problem: one stderr line each.
      const problems = isSkillboxError(error, "invalid-argument") ? error.data.problems : undefined;
      if (!Array.isArray(problems)) throw error;
      for (const problem of problems)
        io.stderr(`skillbox settings: ${escapeTerminalLine(String(problem))}\n`);
      return EXIT_USAGE;
    } finally {
      workspace.close();
    }
  },
};

function runAction(workspace: Workspace, io: CliIo, action: string | undefined, operands: string[]): number {
  switch (action) {
    case undefined:
      io.stdout(`${JSON.stringify(publicSettings(workspace), null, 2)}\n`);
      return EXIT_OK;
    case "get": {
      const key = requireKey(operands[0]);
      rejectExtraArguments("settings", operands, 1);
      io.stdout(`${JSON.stringify(publicSettings(workspace)[key] ?? null)}\n`);
      return EXIT_OK;
    }
    case "set": {
      const key = requireKey(operands[0]);
      const text = operands[1];
      if (text === undefined) throw usageError("settings", `Give a value for ${key}: ${SETTABLE_KEYS[key]}`);
      rejectExtraArguments("settings", operands, 2);
      const value = parseValue(key, text);
      const saved = workspace.settings.updateSkillSettings((current) => withValue(current, key, value));
      io.stdout(`${key}: ${JSON.stringify(saved[key] ?? null)}\n`);
      return EXIT_OK;
    }
    case "allow-scripts":
    case "disallow-scripts": {
      const allow = action === "allow-scripts";
      const given = operands[0];
      if (given === undefined)
        throw usageError("settings", `Give a skill, e.g. skillbox settings ${action} pdf`);
      rejectExtraArguments("settings", operands, 1);
      // The HTTP API's rule: a name that could be a path (`../../etc`) is refused before any lookup.
      const unsafe = describeUnsafeSettingName(given);
      if (unsafe !== undefined) throw refuseSettings([unsafe]);
      // Allowing needs a real skill (a typo would allow nothing); disallowing also clears names of removed skills.
      const name = allow
        ? requireSkill(workspace, given).name
        : (workspace.registry.get(given)?.name ?? given);
      workspace.settings.updateSkillSettings((current) => ({
        ...current,
        allowScripts: allow
          ? [...current.allowScripts, name]
          : current.allowScripts.filter((item) => item !== name),
      }));
      const shown = escapeTerminalLine(name);
      io.stdout(
        allow
          ? `Scripts of skill "${shown}" may run now (skillbox exec ${shown} <script>).\n`
          : `Scripts of skill "${shown}" may not run.\n`,
      );
      return EXIT_OK;
    }
    case "shell-injection": {
      const choice = operands[0];
      if (choice !== "on" && choice !== "off") {
        throw usageError(
          "settings",
          `shell-injection takes on or off${choice === undefined ? "" : `, not '${choice}'`}`,
        );
      }
      rejectExtraArguments("settings", operands, 1);
      workspace.settings.updateSkillSettings((current) => ({
        ...current,
        allowShellInjection: choice === "on",
      }));
      io.stdout(`Shell lines in skill bodies are ${choice === "on" ? "allowed" : "not run"} now.\n`);
      return EXIT_OK;
    }
    default:
      throw usageError(
        "settings",
        `Unknown subcommand '${action}'; use get, set, allow-scripts, disallow-scripts or shell-injection`,
      );
  }
}

/** An `invalid-argument` error carrying one `path: message` line per problem, printed one per line. */
function refuseSettings(problems: string[]): SkillboxError {
  return new SkillboxError("invalid-argument", problems.join("; "), { data: { problems } });
}

/** The settings people edit; the bookkeeping of the one-time built-in defaults stays internal. */
function publicSettings(workspace: Workspace): Partial<SkillSettings> {
  const {
    builtinDefaultsInitialized: _initialized,
    appliedDefaultBuiltinSkillNames: _applied,
    ...rest
  } = workspace.settings.readSkillSettings().settings;
  return rest;
}

function reportDiagnostics(workspace: Workspace, io: CliIo): void {
  for (const diagnostic of workspace.settings.readSkillSettings().diagnostics) {
    io.stderr(`${formatDiagnosticLine(diagnostic)}\n`);
  }
}

function requireKey(key: string | undefined): SettableKey {
  if (key !== undefined && Object.hasOwn(SETTABLE_KEYS, key)) return key as SettableKey;
  const known = Object.keys(SETTABLE_KEYS).join(", ");
  throw usageError(
    "settings",
    key === undefined ? `Give a key: ${known}` : `Unknown key '${key}'; the keys are ${known}`,
  );
}

/** JSON when the text parses (true, 3, ["a"]), else the text itself (fr). */
function parseValue(key: SettableKey, text: string): unknown {
  let value: unknown = text;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON: the text is meant as a plain string (e.g. a language name).
  }
  if (key === "targetLanguage" && value === null) return undefined;
  const parsed = strictSkillSettingsSchema.shape[key].safeParse(value);
  // The right type with names that are not names: say which, one line each.
  if (!parsed.success && parsed.error.issues.every((issue) => issue.code === "custom")) {
    const issues = parsed.error.issues.map((issue) => ({ ...issue, path: [key, ...issue.path] }));
    throw refuseSettings(describeZodIssues(issues));
  }
  if (!parsed.success) {
    throw new SkillboxError(
      "invalid-argument",
      `Setting ${key} must be ${SETTABLE_KEYS[key]}; got ${JSON.stringify(value)} (see skillbox settings --help)`,
    );
  }
  return parsed.data;
}

function withValue(settings: SkillSettings, key: SettableKey, value: unknown): SkillSettings {
  if (value === undefined) {
    const { [key]: _removed, ...rest } = settings;
    return rest as SkillSettings;
  }
  return { ...settings, [key]: value };
}
