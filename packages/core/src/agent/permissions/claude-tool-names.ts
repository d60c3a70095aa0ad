// Maps Claude Code's tool names (Bash, Read, …) onto Skillbox's built-ins, so skills and settings
// written for Claude Code work unchanged.
import {
  BASH_TOOL,
  EDIT_FILE_TOOL,
  GLOB_TOOL,
  GREP_TOOL,
  LOAD_SKILL_TOOL,
  READ_FILE_TOOL,
  TASK_TOOL,
  WRITE_FILE_TOOL,
} from "../../tools/tool-names.js";

/** Claude Code tool name -> the Skillbox tool it stands for. */
export const CLAUDE_TOOL_NAMES: Readonly<Record<string, string>> = {
  bash: BASH_TOOL,
  read: READ_FILE_TOOL,
  write: WRITE_FILE_TOOL,
  edit: EDIT_FILE_TOOL,
  multiedit: EDIT_FILE_TOOL,
  glob: GLOB_TOOL,
  grep: GREP_TOOL,
  skill: LOAD_SKILL_TOOL,
  task: TASK_TOOL,
  agent: TASK_TOOL,
};

/** The Skillbox name for a tool name in any spelling: `Bash` -> `bash`, `Read` -> `read_file`, `my_tool` as is (lower case). */
export function normalizeToolName(name: string): string {
  const lower = name.trim().toLowerCase();
  return CLAUDE_TOOL_NAMES[lower] ?? lower;
}

/**
 * The tools a permission rule's name covers. Like Claude Code, `Read` rules also cover the other
 * built-ins that read files (glob, grep) and `Edit` rules every built-in that edits (write_file).
 */
export function toolsCoveredByRuleName(name: string): string[] {
  const lower = name.trim().toLowerCase();
  if (lower === "read") return [READ_FILE_TOOL, GLOB_TOOL, GREP_TOOL];
  if (lower === "edit") return [EDIT_FILE_TOOL, WRITE_FILE_TOOL];
  return [normalizeToolName(name)];
}

const SKILLBOX_TO_CLAUDE: Readonly<Record<string, string>> = {
  [BASH_TOOL]: "Bash",
  [READ_FILE_TOOL]: "Read",
  [WRITE_FILE_TOOL]: "Write",
  [EDIT_FILE_TOOL]: "Edit",
  [GLOB_TOOL]: "Glob",
  [GREP_TOOL]: "Grep",
  [LOAD_SKILL_TOOL]: "Skill",
  [TASK_TOOL]: "Task",
};

/** The Claude Code name of a Skillbox tool (`bash` -> `Bash`), or the name unchanged. */
export function claudeToolName(name: string): string {
  return SKILLBOX_TO_CLAUDE[name] ?? name;
}
