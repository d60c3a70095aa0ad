// Maps Claude Code's tool names (Bash, Read, …) onto Skillbox's built-ins, so skills and settings
// written for Claude Code work unchanged.

/** Claude Code tool name -> the Skillbox tool it stands for. */
export const CLAUDE_TOOL_NAMES: Readonly<Record<string, string>> = {
  bash: "bash",
  read: "read_file",
  write: "write_file",
  edit: "edit_file",
  multiedit: "edit_file",
  glob: "glob",
  grep: "grep",
  skill: "load_skill",
  task: "task",
  agent: "task",
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
  if (lower === "read") return ["read_file", "glob", "grep"];
  if (lower === "edit") return ["edit_file", "write_file"];
  return [normalizeToolName(name)];
}

const SKILLBOX_TO_CLAUDE: Readonly<Record<string, string>> = {
  bash: "Bash",
  read_file: "Read",
  write_file: "Write",
  edit_file: "Edit",
  glob: "Glob",
  grep: "Grep",
  load_skill: "Skill",
  task: "Task",
};

/** The Claude Code name of a Skillbox tool (`bash` -> `Bash`), or the name unchanged. */
export function claudeToolName(name: string): string {
  return SKILLBOX_TO_CLAUDE[name] ?? name;
}
