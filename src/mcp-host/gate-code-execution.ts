// No implicit execution: while the model is acting on an MCP skill, every call of a tool that runs code
// (bash, run_skill_script) is put to the user first, whatever the permission rules would allow.

import { type Tool, toolError } from "../tools/define-tool.js";
import type { McpSkillEntry } from "./mcp-skill-origin.js";

/** Tools that run code on this machine. */
export const CODE_EXECUTION_TOOLS: readonly string[] = ["bash", "run_skill_script"];

/** What the user is asked. */
export interface McpExecutionQuestion {
  tool: string;
  input: Record<string, unknown>;
  /** The MCP skills the session is acting on. */
  skills: readonly McpSkillEntry[];
  message: string;
}

export interface GateCodeExecutionOptions {
  /** The MCP skills a session is acting on (a host's `activeSkills`). */
  activeSkills(sessionId?: string): readonly McpSkillEntry[];
  /** The explicit approval; false (or a throw) refuses the call. */
  ask(question: McpExecutionQuestion): Promise<boolean>;
}

/** `tools` with each code-running tool wrapped by the gate; the others are returned as they are. */
export function gateCodeExecution(tools: readonly Tool[], options: GateCodeExecutionOptions): Tool[] {
  return tools.map((tool) => {
    if (!CODE_EXECUTION_TOOLS.includes(tool.name)) return tool;
    const gated: Tool = {
      name: tool.name,
      get description() {
        return tool.description;
      },
      get inputSchema() {
        return tool.inputSchema;
      },
      async execute(input, context) {
        const skills = options.activeSkills(context.sessionId);
        if (skills.length === 0) return tool.execute(input, context);
        const names = skills.map((skill) => `"${skill.name}" (MCP server "${skill.label}")`).join(", ");
        let approved = false;
        try {
          approved = await options.ask({
            tool: tool.name,
            input,
            skills,
            message: `Allow ${tool.name} while following ${names}? Content from an MCP server never runs code without your approval.`,
          });
        } catch {
          // A failed prompt is a refusal: nothing runs without an explicit yes.
          approved = false;
        }
        if (!approved) {
          return toolError(
            `${tool.name} was not run: while following the MCP skill ${names}, running code needs the user's explicit approval, and it was not given. Continue without running it, or ask the user.`,
          );
        }
        return tool.execute(input, context);
      },
    };
    return gated;
  });
}
