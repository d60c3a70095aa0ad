import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSkillFolders, type SkillFolders } from "./__fixtures__/skill-folders.js";
import { createBuiltinTools } from "./builtin/create-builtin-tools.js";
import { createSkillTools } from "./create-skill-tools.js";
import { createRunSkillScriptTool } from "./run-skill-script-tool.js";

// What providers were sent before the schemas moved to zod, plus `additionalProperties: false` on
// the tools that did not say it: every tool now refuses unknown keys, and its schema says so.
const EXPECTED: Record<string, unknown> = {
  load_skill: {
    type: "object",
    properties: {
      skill_name: { type: "string", description: "Name of the skill to load.", enum: ["pdf"] },
      args: {
        type: "string",
        description: "Arguments for the skill, as a user would type them after /name (optional).",
      },
      max_steps: {
        default: 5,
        description: "For skills that run in a sub-agent: its step limit (default 5, at most 10).",
        type: "integer",
        minimum: 1,
        maximum: 10,
      },
    },
    required: ["skill_name"],
    additionalProperties: false,
  },
  read_skill_file: {
    type: "object",
    properties: {
      skill_name: { type: "string", description: "Name of the skill the file belongs to." },
      path: { type: "string", description: "Path relative to the skill's base directory." },
    },
    required: ["skill_name", "path"],
    additionalProperties: false,
  },
  search_skills: {
    type: "object",
    properties: {
      query: { type: "string", description: "Keywords describing the task." },
      limit: {
        default: 10,
        description: "How many results to return (default 10).",
        type: "integer",
        minimum: 1,
        maximum: 50,
      },
    },
    required: ["query"],
    additionalProperties: false,
  },
  run_skill_script: {
    type: "object",
    properties: {
      skill_name: { type: "string", description: "The skill's name, as in the available skills list." },
      script: {
        type: "string",
        description: 'File name inside the skill\'s scripts/ folder, e.g. "extract.py".',
      },
      args: {
        type: "array",
        items: { type: "string" },
        description: "Command-line arguments, one per item.",
      },
    },
    required: ["skill_name", "script"],
    additionalProperties: false,
  },
  bash: {
    type: "object",
    properties: {
      command: { type: "string", description: "The command line, run with bash -c." },
      timeout_ms: { type: "number", minimum: 1, description: "Timeout in milliseconds." },
      cwd: { type: "string", description: "Working directory relative to the workspace root." },
    },
    required: ["command"],
    additionalProperties: false,
  },
  read_file: {
    type: "object",
    properties: {
      path: { type: "string", description: "File path relative to the workspace root." },
      offset: { type: "number", minimum: 1, description: "First line to return, 1-based." },
      limit: { type: "number", minimum: 1, description: "Number of lines to return." },
    },
    required: ["path"],
    additionalProperties: false,
  },
  write_file: {
    type: "object",
    properties: {
      path: { type: "string", description: "File path relative to the workspace root." },
      content: { type: "string", description: "The complete new content of the file." },
    },
    required: ["path", "content"],
    additionalProperties: false,
  },
  edit_file: {
    type: "object",
    properties: {
      path: { type: "string", description: "File path relative to the workspace root." },
      old_string: { type: "string", description: "The exact text to replace." },
      new_string: { type: "string", description: "The replacement text." },
      replace_all: { type: "boolean", description: "Replace every occurrence instead of exactly one." },
    },
    required: ["path", "old_string", "new_string"],
    additionalProperties: false,
  },
  glob: {
    type: "object",
    properties: {
      pattern: { type: "string", description: "Glob pattern (picomatch syntax)." },
      path: { type: "string", description: "Folder to search in, relative to the workspace root." },
    },
    required: ["pattern"],
    additionalProperties: false,
  },
  grep: {
    type: "object",
    properties: {
      pattern: { type: "string", description: "Regular expression (JavaScript syntax)." },
      path: { type: "string", description: "Folder or file to search, relative to the workspace root." },
      glob: { type: "string", description: "Only files whose path matches this glob." },
      ignore_case: { type: "boolean", description: "Case-insensitive matching." },
    },
    required: ["pattern"],
    additionalProperties: false,
  },
};

let folders: SkillFolders;
beforeEach(() => {
  folders = createSkillFolders();
});
afterEach(() => folders.remove());

describe("tool input schemas", () => {
  it("sends providers the same JSON Schemas as before, with unknown keys refused on every tool", () => {
    folders.addSkill("pdf", {});
    const tools = [
      ...createSkillTools({ registry: folders.registry() }),
      createRunSkillScriptTool({ resolveSkill: () => undefined, isAllowed: () => false, env: {} }),
      ...createBuiltinTools({ root: folders.base }),
    ];
    expect(Object.fromEntries(tools.map((tool) => [tool.name, tool.inputSchema]))).toEqual(EXPECTED);
  });
});
