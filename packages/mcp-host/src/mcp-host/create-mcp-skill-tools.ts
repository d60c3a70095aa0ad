// load_skill and read_skill_file for MCP skills alone, in the same shape as src/tools' definitions:
// for agents whose only skills come from MCP servers, and the delegates the local tools call when a
// name belongs to a server (`<label>:<name>`).

import { defineTool, type Tool } from "@skillbox/core/tools/define-tool";
import { LOAD_SKILL_TOOL, READ_SKILL_FILE_TOOL } from "@skillbox/core/tools/tool-names";
import { z } from "zod";
import type { McpSkillHost } from "./mcp-skill-host.js";

const loadInput = z.strictObject({
  skill_name: z.string().describe("The skill's name, <server>:<skill>."),
  args: z.string().describe("Arguments for the skill (optional).").optional(),
});

const readInput = z.strictObject({
  skill_name: z.string().describe("The loaded skill's name, <server>:<skill>."),
  path: z.string().describe("Path relative to the skill's base."),
});

/** The two tools over `host`; descriptions name the servers' skills (from their listings). */
export function createMcpSkillTools(host: McpSkillHost): Tool[] {
  const load = defineTool({
    name: LOAD_SKILL_TOOL,
    get description() {
      const names = host.entries().map((entry) => `- ${entry.name}: ${entry.description}`);
      return `Load a skill served by an MCP server (named <server>:<skill>) and follow its instructions.\n${names.join("\n")}`;
    },
    inputSchema: loadInput,
    execute: (input, context) =>
      host.loadSkill(input.skill_name, {
        ...(context.sessionId === undefined ? {} : { sessionId: context.sessionId }),
        ...(input.args === undefined ? {} : { args: input.args }),
      }),
  });
  const read = defineTool({
    name: READ_SKILL_FILE_TOOL,
    description:
      "Read a file of a loaded MCP skill by its path relative to the skill's base (e.g. references/GUIDE.md); " +
      "a folder path lists the folder. Only the skill's own files, from its own server, can be read.",
    inputSchema: readInput,
    execute: (input, context) =>
      host.readSkillFile(input.skill_name, input.path, {
        ...(context.sessionId === undefined ? {} : { sessionId: context.sessionId }),
      }),
  });
  return [load, read];
}
