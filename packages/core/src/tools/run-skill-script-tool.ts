// The `run_skill_script` tool: lets the model run a file from a skill's `scripts/` folder, only for
// skills whose scripts the person allowed. Every failure is an error result with a way forward.

import { describeError, isSkillboxError } from "../errors.js";
import { listSkillScripts } from "../script-runner/list-skill-scripts.js";
import type { SkillScriptResult, SpawnFunction } from "../script-runner/run-script-process.js";
import { runSkillScript } from "../script-runner/run-skill-script.js";
import type { AuditLog } from "../store/audit-log.js";
import { defineTool, type Tool, type ToolResult, toolError } from "./define-tool.js";
import { arrayField, type InputOf, inputObject, scalarStringField, stringField } from "./input-schema.js";
import { RUN_SKILL_SCRIPT_TOOL } from "./tool-names.js";

/** The skill a name refers to: its canonical name and folder. */
export interface ScriptSkill {
  name: string;
  directory: string;
}

export interface RunSkillScriptToolOptions {
  /** The skill for a name, or undefined when there is none (or it is not available to this agent). */
  resolveSkill(name: string): ScriptSkill | undefined | Promise<ScriptSkill | undefined>;
  /** Whether the person allowed scripts for the skill (settings `allowScripts`; off by default). */
  isAllowed(name: string): boolean | Promise<boolean>;
  /** The base environment; only PATH, HOME, LANG and TERM are passed on. */
  env: Readonly<Record<string, string | undefined>>;
  /**
   * Records each run. The agent loop already audits every tool call, so pass this only when the tool
   * is used outside it, or runs are recorded twice.
   */
  audit?: AuditLog;
  /** Default 30 000 ms. */
  timeoutMs?: number;
  /** Bytes of each stream shown to the model (default 32 KiB). */
  maxOutputBytes?: number;
  nodePath?: string;
  spawn?: SpawnFunction;
}

const runSkillScriptInput = inputObject({
  skill_name: stringField({ description: "The skill's name, as in the available skills list." }),
  script: stringField({ description: 'File name inside the skill\'s scripts/ folder, e.g. "extract.py".' }),
  // Numbers and booleans become strings (models often send them); anything else is refused.
  args: arrayField(scalarStringField(), { description: "Command-line arguments, one per item." }).optional(),
});

/** run_skill_script's input. */
export type RunSkillScriptInput = InputOf<typeof runSkillScriptInput>;

/** Default cap per stream for output the model reads: more would crowd its context. */
export const DEFAULT_TOOL_MAX_OUTPUT_BYTES = 32 * 1024;

/** Creates the `run_skill_script` tool. A non-zero exit or a timeout is an error result that keeps the output. */
export function createRunSkillScriptTool(options: RunSkillScriptToolOptions): Tool<RunSkillScriptInput> {
  return defineTool({
    name: RUN_SKILL_SCRIPT_TOOL,
    description:
      "Run a script from a skill's scripts/ folder and get its exit code, stdout and stderr. " +
      "Only works for skills whose scripts the person has allowed. Arguments are passed as-is, without a shell.",
    inputSchema: runSkillScriptInput,
    async execute(input, context) {
      const skillName = input.skill_name.trim();
      const script = input.script.trim();
      if (skillName === "" || script === "") {
        return toolError(
          'run_skill_script needs "skill_name" and "script" strings, e.g. { "skill_name": "pdf", "script": "extract.py" }.',
        );
      }
      const args = input.args ?? [];
      let skill: ScriptSkill | undefined;
      let allowed: boolean;
      try {
        skill = await options.resolveSkill(skillName);
        allowed = skill === undefined ? false : await options.isAllowed(skill.name);
      } catch (error) {
        return toolError(`Could not look up skill "${skillName}": ${describeError(error)}`);
      }
      if (skill === undefined) {
        return toolError(
          `Skill "${skillName}" not found. Use the exact name of a skill from the available skills list.`,
        );
      }
      try {
        const result = await runSkillScript({
          skillDirectory: skill.directory,
          skillName: skill.name,
          script,
          args,
          allowed,
          env: options.env,
          maxOutputBytes: options.maxOutputBytes ?? DEFAULT_TOOL_MAX_OUTPUT_BYTES,
          ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
          ...(options.nodePath === undefined ? {} : { nodePath: options.nodePath }),
          ...(options.spawn === undefined ? {} : { spawn: options.spawn }),
          ...(options.audit === undefined ? {} : { audit: options.audit }),
          ...(context.agentName === undefined ? {} : { agentName: context.agentName }),
          ...(context.sessionId === undefined ? {} : { sessionId: context.sessionId }),
          ...(context.abortSignal === undefined ? {} : { signal: context.abortSignal }),
        });
        return formatResult(skill.name, script, result);
      } catch (error) {
        return await describeFailure(skill, error);
      }
    },
  });
}

function formatResult(skillName: string, script: string, result: SkillScriptResult): ToolResult {
  const seconds = (result.durationMs / 1000).toFixed(1);
  const ending = result.timedOut
    ? `timed out after ${seconds} s and was stopped; the output so far is below. Try smaller input, or do the work another way`
    : result.aborted
      ? "was cancelled"
      : result.exitCode === null
        ? `was killed by ${result.signal ?? "a signal"} after ${seconds} s`
        : `exited with code ${result.exitCode} after ${seconds} s`;
  const sections = [`Script ${script} of skill "${skillName}" ${ending}.`];
  if (result.stdout !== "") sections.push(`stdout:\n${result.stdout}`);
  if (result.stderr !== "") sections.push(`stderr:\n${result.stderr}`);
  if (result.stdout === "" && result.stderr === "") sections.push("(no output)");
  const metadata = {
    skill: skillName,
    script,
    exitCode: result.exitCode,
    signal: result.signal,
    timedOut: result.timedOut,
    truncated: result.truncated,
    durationMs: result.durationMs,
  };
  const content = sections.join("\n\n");
  return result.exitCode === 0 && !result.timedOut ? { content, metadata } : toolError(content, metadata);
}

async function describeFailure(skill: ScriptSkill, error: unknown): Promise<ToolResult> {
  if (isSkillboxError(error, "permission-denied")) {
    return toolError(
      `Scripts of skill "${skill.name}" are not allowed to run. Only the person using this agent can allow them ` +
        `(with \`skillbox settings allow-scripts ${skill.name}\`, on the settings page, or by adding "${skill.name}" to allowScripts). ` +
        "Do not retry: ask them to allow scripts for this skill, or do the task without the script.",
      { skill: skill.name, code: error.code, auditStatus: "denied" },
    );
  }
  if (
    isSkillboxError(error, "path-not-found") ||
    isSkillboxError(error, "path-escape") ||
    isSkillboxError(error, "invalid-argument")
  ) {
    const scripts = await listSkillScripts(skill.directory);
    const available =
      scripts.length === 0 ? "This skill has no scripts." : `Scripts in this skill: ${scripts.join(", ")}.`;
    return toolError(`${error.message} ${available}`, { skill: skill.name, code: error.code, scripts });
  }
  const code = isSkillboxError(error) ? error.code : "internal-error";
  return toolError(`Running the script failed: ${describeError(error)}`, { skill: skill.name, code });
}
