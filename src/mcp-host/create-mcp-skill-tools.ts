// load_skill and read_skill_file for MCP skills alone, in the same shape as src/tools' definitions:
// for agents whose only skills come from MCP servers, and the delegates the local tools call when a
// name belongs to a server (`<label>:<name>`).

import { defineTool, type Tool } from "../tools/define-tool.js";
import type { McpSkillHost } from "./mcp-skill-host.js";

/** The two tools over `host`; descriptions name the servers' skills (from their listings). */
export function createMcpSkillTools(host: McpSkillHost): Tool[] {
  const load = defineTool<{ skill_name: string; args?: string }>({
    name: "load_skill",
    get description() {
      const names = host.entries().map((entry) => `- ${entry.name}: ${entry.description}`);
      return `Load a skill served by an MCP server (named <server>:<skill>) and follow its instructions.\n${names.join("\n")}`;
    },
    inputSchema: {
      type: "object",
      properties: {
        skill_name: { type: "string", description: "The skill's name, <server>:<skill>." },
        args: { type: "string", description: "Arguments for the skill (optional)." },
      },
      required: ["skill_name"],
      additionalProperties: false,
    },
    execute: (input, context) =>
      host.loadSkill(String(input?.skill_name ?? ""), {
        ...(context.sessionId === undefined ? {} : { sessionId: context.sessionId }),
        ...(typeof input?.args === "string" ? { args: input.args } : {}),
      }),
  });
  const read = defineTool<{ skill_name: string; path: string }>({
    name: "read_skill_file",
    description:
      "Read a file of a loaded MCP skill by its path relative to the skill's base (e.g. references/GUIDE.md); " +
      "a folder path lists the folder. Only the skill's own files, from its own server, can be read.",
    inputSchema: {
      type: "object",
      properties: {
        skill_name: { type: "string", description: "The loaded skill's name, <server>:<skill>." },
        path: { type: "string", description: "Path relative to the skill's base." },
      },
      required: ["skill_name", "path"],
      additionalProperties: false,
    },
    execute: (input, context) =>
      host.readSkillFile(String(input?.skill_name ?? ""), input?.path, {
        ...(context.sessionId === undefined ? {} : { sessionId: context.sessionId }),
      }),
  });
  return [load, read] as unknown as Tool[];
}
