// `skillbox exec <skill> <script> [-- args]`: runs a script of a skill the person allowed scripts for,
// streaming its output and exiting with its exit code.
import { constants } from "node:os";
import { isSkillboxError, SkillboxError } from "@skillbox/core/errors";
import { createOutputLimiter } from "@skillbox/core/script-runner/create-output-capture";
import { listSkillScripts } from "@skillbox/core/script-runner/list-skill-scripts";
import {
  DEFAULT_SCRIPT_MAX_OUTPUT_BYTES,
  runSkillScript,
} from "@skillbox/core/script-runner/run-skill-script";
import type { AuditLog } from "@skillbox/core/store/audit-log";
import type { ScriptSkill } from "@skillbox/core/tools/run-skill-script-tool";
import type { CliCommand, CliIo } from "../command.js";
import { listenForInterrupt } from "../listen-for-interrupt.js";
import { openCliWorkspace, WORKSPACE_OPTIONS, WORKSPACE_OPTIONS_HELP } from "../open-cli-workspace.js";
import { parseCommandArguments, usageError } from "../parse-command-arguments.js";

const HELP = `Usage: skillbox exec <skill> <script> [--timeout <seconds>] [--dir <folder>...] [--cwd <folder>] [-- <args>...]

Runs a file from the skill's scripts/ folder (e.g. scripts/extract.py) with the skill folder as the
working directory, and exits with the script's exit code. Scripts run only for skills you allowed:
run skillbox settings allow-scripts <skill>, or switch on "Allow scripts" on the settings page.
The interpreter comes from the shebang or the extension (.py python3, .sh bash, .js node, .rb ruby,
.pl perl); no shell is involved, and the script sees only PATH, HOME, LANG, TERM, SKILL_DIR and
SKILL_NAME from the environment. Put the script's own options after --.

Output is shown as it arrives, up to 1 MiB per stream (the same cap as the HTTP API); the rest is
dropped with a note on stderr.

Options:
  --timeout <seconds>  Stop the script after this long (default 30); exit code 124 when it is stopped
${WORKSPACE_OPTIONS_HELP}
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

/** What the dependencies are loaded for: the CLI's io (env, home, folders) and the command's own `--dir`/`--cwd`. */
export interface ExecContext {
  io: CliIo;
  dir?: string[] | undefined;
  cwd?: string | undefined;
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
        ...WORKSPACE_OPTIONS,
      });
      const [skillName, script, ...scriptArgs] = positionals;
      if (skillName === undefined || script === undefined) {
        throw usageError("exec", "Give a skill and a script, e.g. skillbox exec pdf extract.py -- input.pdf");
      }
      const timeoutSeconds = values.timeout === undefined ? 30 : Number(values.timeout);
      if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
        throw usageError("exec", `--timeout must be a positive number of seconds; got '${values.timeout}'`);
      }
      const dependencies = await load({ io, dir: values.dir, cwd: values.cwd });
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
        const limits = {
          stdout: createOutputLimiter(DEFAULT_SCRIPT_MAX_OUTPUT_BYTES),
          stderr: createOutputLimiter(DEFAULT_SCRIPT_MAX_OUTPUT_BYTES),
        };
        const result = await runSkillScript({
          skillDirectory: skill.directory,
          skillName: skill.name,
          script,
          args: scriptArgs,
          allowed: await dependencies.isAllowed(skill.name),
          env: dependencies.env,
          timeoutMs: timeoutSeconds * 1000,
          maxOutputBytes: DEFAULT_SCRIPT_MAX_OUTPUT_BYTES,
          onOutput: (stream, text) => {
            const kept = limits[stream].take(text);
            if (kept !== "") io[stream](kept);
          },
          agentName: "cli",
          sessionId: "cli",
          ...(dependencies.audit === undefined ? {} : { audit: dependencies.audit }),
          ...(signal === undefined ? {} : { signal }),
        }).catch(async (error: unknown) => {
          throw await explainFailure(error, skill);
        });
        for (const stream of ["stdout", "stderr"] as const) {
          const dropped = limits[stream].droppedBytes;
          if (dropped > 0) {
            io.stderr(
              `skillbox exec: ${stream} truncated: ${dropped} more bytes not shown (limit ${DEFAULT_SCRIPT_MAX_OUTPUT_BYTES} bytes)\n`,
            );
          }
        }
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

/** The real dependencies: the workspace the CLI opens (roots, settings and audit log in its store). */
export function loadDefaultExecDependencies(context: ExecContext): ExecDependencies {
  const workspace = openCliWorkspace("exec", context.io, { dir: context.dir, cwd: context.cwd });
  return {
    resolveSkill(name) {
      const record = workspace.registry.get(name);
      return record === undefined ? undefined : { name: record.name, directory: record.directory };
    },
    isAllowed: (name) => workspace.scriptsAllowed(name),
    env: context.io.env ?? process.env,
    audit: workspace.audit,
    close: () => workspace.close(),
  };
}

/** `skillbox exec` wired to the real registry and settings. */
export const execCommand: CliCommand = createExecCommand((context) => loadDefaultExecDependencies(context));

/** Adds what to do next: the exact command that allows the scripts, or the scripts there are. */
async function explainFailure(error: unknown, skill: ScriptSkill): Promise<unknown> {
  if (isSkillboxError(error, "permission-denied")) {
    return new SkillboxError(
      "permission-denied",
      `Scripts of skill "${skill.name}" are not allowed to run. Allow them with: skillbox settings allow-scripts ${skill.name} ` +
        `(or switch on "Allow scripts" on the settings page, which adds "${skill.name}" to allowScripts).`,
      { cause: error, data: error.data },
    );
  }
  if (
    !isSkillboxError(error) ||
    !["path-not-found", "path-escape", "invalid-argument"].includes(error.code)
  ) {
    return error;
  }
  const scripts = await listSkillScripts(skill.directory);
  const available = scripts.length === 0 ? "This skill has no scripts." : `Scripts: ${scripts.join(", ")}`;
  return new SkillboxError(error.code, `${error.message} ${available}`, { cause: error, data: error.data });
}
