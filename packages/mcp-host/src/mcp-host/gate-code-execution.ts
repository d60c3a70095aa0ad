// No implicit execution: while the model is acting on an MCP skill, every call of a tool that runs code
// (bash, run_skill_script) is put to the user first, whatever the permission rules would allow. In the
// agent this is one decision of the permission policy (mcpCodeExecutionOrigin): one question naming the
// skill and its server, and an "always" kept with the skill's approval, bound to its content. The tool
// wrapper (gateCodeExecution) is for hosts that run tools without Skillbox's permission policy.

import type { PermissionRequest, UntrustedOrigin } from "@skillbox/core/agent/permissions/permissions";
import { TOOLS_THAT_RUN_CODE } from "@skillbox/core/agent/permissions/permissions";
import { type Tool, toolError } from "@skillbox/core/tools/define-tool";
import type { McpSkillApprovals } from "./mcp-skill-approvals.js";
import type { McpSkillEntry } from "./mcp-skill-origin.js";

/** Tools that run code on this machine. */
export const CODE_EXECUTION_TOOLS: readonly string[] = [...TOOLS_THAT_RUN_CODE];

const NOTICE = "Content from an MCP server never runs code without your approval.";

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

/** `"docs:notes" (MCP server "docs")`, and the others the session follows. */
function describeSkills(skills: readonly McpSkillEntry[]): string {
  return skills.map((skill) => `"${skill.name}" (MCP server "${skill.label}")`).join(", ");
}

export interface McpCodeExecutionOriginOptions {
  /** The MCP skills a session is acting on (a host's `activeSkills`). */
  activeSkills(sessionId?: string): readonly McpSkillEntry[];
  /** Where an "always" answer is kept; without it "always" counts for this call only. */
  approvals?: McpSkillApprovals;
}

/**
 * For PermissionPolicyOptions.untrustedOrigin: a code-running call in a session that follows MCP
 * skills runs under them. It is allowed without a question only when every one of those skills, at
 * its current content, has the tool allowed for good.
 */
export function mcpCodeExecutionOrigin(
  options: McpCodeExecutionOriginOptions,
): (request: PermissionRequest) => UntrustedOrigin | undefined {
  return (request) => {
    const tool = request.tool.toLowerCase();
    if (!TOOLS_THAT_RUN_CODE.has(tool)) return undefined;
    const skills = options.activeSkills(request.sessionId);
    if (skills.length === 0) return undefined;
    const approvals = options.approvals;
    return {
      description: describeSkills(skills),
      notice: NOTICE,
      allowed: approvals !== undefined && skills.every((skill) => approvals.allowsCodeExecution(skill, tool)),
      always:
        approvals === undefined
          ? "(not kept: no approval store)"
          : skills.length === 1
            ? `for ${tool} while following this skill as served now, until its content changes`
            : `for ${tool} while following these skills as served now, until their content changes`,
      allowAlways() {
        for (const skill of skills) approvals?.allowCodeExecution(skill, tool);
      },
    };
  };
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
        const names = describeSkills(skills);
        let approved = false;
        try {
          approved = await options.ask({
            tool: tool.name,
            input,
            skills,
            message: `Allow ${tool.name} while following ${names}? ${NOTICE}`,
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
    if (tool.parseInput !== undefined) gated.parseInput = tool.parseInput.bind(tool);
    return gated;
  });
}
