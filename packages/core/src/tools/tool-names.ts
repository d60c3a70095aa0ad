// The names of Skillbox's tools, spelled once: the tools, the agent (permissions, the system
// prompt, compaction) and the Layer 1 text refer to them through these constants.

import { RUN_SKILL_SCRIPT_AUDIT_TOOL } from "../script-runner/run-skill-script.js";

/** Loads a skill's instructions (Layer 2). */
export const LOAD_SKILL_TOOL = "load_skill";
/** Reads a file of a skill (Layer 3). */
export const READ_SKILL_FILE_TOOL = "read_skill_file";
/** Ranked search over the skills. */
export const SEARCH_SKILLS_TOOL = "search_skills";
/** Runs a skill's script; the script runner records its audit entries under the same name. */
export const RUN_SKILL_SCRIPT_TOOL = RUN_SKILL_SCRIPT_AUDIT_TOOL;

/** The built-ins. */
export const BASH_TOOL = "bash";
export const READ_FILE_TOOL = "read_file";
export const WRITE_FILE_TOOL = "write_file";
export const EDIT_FILE_TOOL = "edit_file";
export const GLOB_TOOL = "glob";
export const GREP_TOOL = "grep";
/** Hands a job to a general sub-agent. */
export const TASK_TOOL = "task";
