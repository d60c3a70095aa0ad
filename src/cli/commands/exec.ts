// `skillbox exec <skill> <script> [-- args]`: runs a script of a skill the person allowed scripts for,
// streaming its output and exiting with its exit code.
import { constants, homedir } from "node:os";
import type { AuditLog } from "../../agent/audit-log.js";
import { isSkillboxError, SkillboxError } from "../../errors.js";
import { createSkillRegistry } from "../../registry/skill-registry.js";
import { resolveDefaultRoots } from "../../registry/skill-roots.js";
import { listSkillScripts } from "../../scripts/list-skill-scripts.js";
import { runSkillScript } from "../../scripts/run-skill-script.js";
import { openStore } from "../../store/open-store.js";
import { areScriptsAllowed } from "../../store/skill-settings.js";
import { SqliteAuditLog } from "../../store/sqlite-audit-log.js";
import { SqliteSettingsStore } from "../../store/sqlite-settings-store.js";
import type { ScriptSkill } from "../../tools/run-skill-script.js";
import type { CliCommand } from "../command.js";
import { bundledSkillsDirectory } from "../package-info.js";
import { parseCommandArguments, usageError } from "../parse-command-arguments.js";

const HELP = `Usage: skillbox exec <skill> <script> [--timeout <seconds>] [--dir <folder>...] [-- <args>...]

Runs a file from the skill's scripts/ folder (e.g. scripts/extract.py) with the skill folder as the
working directory, and exits with the script's exit code. Scripts run only for skills you allowed:
switch on "Allow scripts" for the skill on the settings page, or add its name to allowScripts.
The interpreter comes from the shebang or the extension (.py python3, .sh bash, .js node, .rb ruby,
.pl perl); no shell is involved, and the script sees only PATH, HOME, LANG, TERM, SKILL_DIR and
SKILL_NAME from the environment. Put the script's own options after --.

Options:
  --timeout <seconds>  Stop the script after this long (default 30); exit code 124 when it is stopped
  --dir <folder>       Look for skills only in this folder (repeatable)
  --help               Print this help
`;

/** What `exec` needs; `createExecCommand` gets it per run, so tests and other front ends can inject it. */
export interface ExecDependencies {
  resolveSkill(name: string): ScriptSkill | undefined | Promise<ScriptSkill | undefined>;
  /** Whether the person allowed scripts for the skill. */
  isAllowed(name: string): boolean | Promise<boolean>;
  /** The environment PATH, HOME, LANG and TERM are taken from. */
  env: Readonly<Record<string, string | undefined>>;
  audit?: AuditLog;
  /** Stops the script; when absent, SIGINT and SIGTERM to skillbox stop it. */
  signal?: AbortSignal;
  /** Releases what loading opened (stores, registries). */
  close?(): void;
}

/** What the dependencies are loaded for: the current folder and the `--dir` folders, if any. */
export interface ExecContext {
  cwd: string;
  directories: string[];
}

/** Exit code when the timeout stopped the script, as `timeout(1)` uses. */
export const EXIT_TIMED_OUT = 124;
const EXIT_INTERRUPTED = 130;

/** The `exec` command over injected dependencies. */
export function createExecCommand(
  load: (context: ExecContext) => ExecDependencies | Promise<ExecDependencies>,
): CliCommand {
  return {
    name: "exec",
    summary: "Run a script of a skill whose scripts you allowed",
    help: HELP,
    async run(args, io) {
      const { values, positionals } = parseCommandArguments("exec", args, {
        timeout: { type: "string" },
        dir: { type: "string", multiple: true },
      });
      const [skillName, script, ...scriptArgs] = positionals;
      if (skillName === undefined || script === undefined) {
        throw usageError("exec", "Give a skill and a script, e.g. skillbox exec pdf extract.py -- input.pdf");
      }
      const timeoutSeconds = values.timeout === undefined ? 30 : Number(values.timeout);
      if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
        throw usageError("exec", `--timeout must be a positive number of seconds; got '${values.timeout}'`);
      }
      const dependencies = await load({ cwd: io.cwd, directories: values.dir ?? [] });
      const interrupt = dependencies.signal === undefined ? listenForInterrupt() : undefined;
      const signal = dependencies.signal ?? interrupt?.signal;
      try {
        const skill = await dependencies.resolveSkill(skillName);
        if (skill === undefined) {
          throw new SkillboxError(
            "skill-not-found",
            `No skill named "${skillName}" (run skillbox list to see the skills found)`,
          );
        }
        const result = await runSkillScript({
          skillDirectory: skill.directory,
          skillName: skill.name,
          script,
          args: scriptArgs,
          allowed: await dependencies.isAllowed(skill.name),
          env: dependencies.env,
          timeoutMs: timeoutSeconds * 1000,
          // Output is streamed; only the audit preview needs a copy.
          maxOutputBytes: 64 * 1024,
          onOutput: (stream, text) => io[stream](text),
          agentName: "cli",
          sessionId: "cli",
          ...(dependencies.audit === undefined ? {} : { audit: dependencies.audit }),
          ...(signal === undefined ? {} : { signal }),
        }).catch(async (error: unknown) => {
          throw await withScriptList(error, skill.directory);
        });
        if (result.timedOut) {
          io.stderr(
            `skillbox exec: the script ran longer than ${timeoutSeconds} s and was stopped (raise --timeout to allow longer)\n`,
          );
          return EXIT_TIMED_OUT;
        }
        if (result.aborted) return EXIT_INTERRUPTED;
        if (result.exitCode !== null) return result.exitCode;
        return 128 + (result.signal === null ? 0 : (constants.signals[result.signal] ?? 0));
      } finally {
        interrupt?.dispose();
        dependencies.close?.();
      }
    },
  };
}

/** The real dependencies: skills from the default roots (or `--dir`), settings and audit from ~/.skillbox. */
export function loadDefaultExecDependencies(
  context: ExecContext & { homeDirectory?: string; env?: Readonly<Record<string, string | undefined>> },
): ExecDependencies {
  const home = context.homeDirectory ?? homedir();
  const env = context.env ?? process.env;
  const roots = resolveDefaultRoots({
    cwd: context.cwd,
    home,
    bundledDirectory: bundledSkillsDirectory(),
    env,
    directories: context.directories,
  });
  const registry = createSkillRegistry({ roots, cwd: context.cwd });
  const store = openStore({ homeDirectory: home });
  const settings = new SqliteSettingsStore(store);
  return {
    resolveSkill(name) {
      const record = registry.get(name);
      return record === undefined ? undefined : { name: record.name, directory: record.directory };
    },
    isAllowed: (name) => areScriptsAllowed(settings.readSkillSettings().settings, name),
    env,
    audit: new SqliteAuditLog(store),
    close() {
      registry.close();
      store.close();
    },
  };
}

/** `skillbox exec` wired to the real registry and settings. */
export const execCommand: CliCommand = createExecCommand((context) => loadDefaultExecDependencies(context));

async function withScriptList(error: unknown, skillDirectory: string): Promise<unknown> {
  if (
    !isSkillboxError(error) ||
    !["path-not-found", "path-escape", "invalid-argument"].includes(error.code)
  ) {
    return error;
  }
  const scripts = await listSkillScripts(skillDirectory);
  const available = scripts.length === 0 ? "This skill has no scripts." : `Scripts: ${scripts.join(", ")}`;
  return new SkillboxError(error.code, `${error.message} ${available}`, { cause: error, data: error.data });
}

function listenForInterrupt(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return {
    signal: controller.signal,
    dispose() {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
    },
  };
}
